/// One node of a YAML document: a scalar, a sequence or a mapping, with where it came from.
///
/// The node tree is the seam between the YAML loader (which produces it) and the library (which
/// decodes policies, states and scenarios from it): every value keeps its `file:line:column`, so
/// every diagnostic can say where it is.
@_spi(ReviewGateTools) public struct DocumentNode: Sendable {
    /// What the node holds.
    @_spi(ReviewGateTools) public enum Content: Sendable {
        /// A scalar, resolved by the YAML 1.2 core schema.
        case scalar(DocumentScalar)
        /// A sequence of nodes, in order.
        case sequence([DocumentNode])
        /// A mapping's entries, in file order, with `<<` merges already applied.
        case mapping([MappingEntry])
    }

    /// What the node holds.
    @_spi(ReviewGateTools) public var content: Content
    /// Where the node starts.
    @_spi(ReviewGateTools) public var location: SourceLocation
    /// The node's explicit tag as written after resolution of `!!` (for example
    /// `tag:yaml.org,2002:str`), or `nil` when it had none.
    @_spi(ReviewGateTools) public var tag: String?

    /// Creates a node.
    @_spi(ReviewGateTools) public init(_ content: Content, at location: SourceLocation, tag: String? = nil) {
        self.content = content
        self.location = location
        self.tag = tag
    }
}

/// One `key: value` entry of a mapping node.
@_spi(ReviewGateTools) public struct MappingEntry: Sendable {
    /// The key node (usually a string scalar).
    @_spi(ReviewGateTools) public var key: DocumentNode
    /// The value node.
    @_spi(ReviewGateTools) public var value: DocumentNode

    /// Creates an entry.
    @_spi(ReviewGateTools) public init(key: DocumentNode, value: DocumentNode) {
        self.key = key
        self.value = value
    }
}

extension DocumentNode {
    /// The scalar, when this node is one.
    @_spi(ReviewGateTools) public var scalar: DocumentScalar? {
        if case .scalar(let scalar) = content { return scalar }
        return nil
    }

    /// The elements, when this node is a sequence.
    @_spi(ReviewGateTools) public var sequence: [DocumentNode]? {
        if case .sequence(let elements) = content { return elements }
        return nil
    }

    /// The entries, when this node is a mapping.
    @_spi(ReviewGateTools) public var mapping: [MappingEntry]? {
        if case .mapping(let entries) = content { return entries }
        return nil
    }

    /// The string value, when this node is a scalar that resolved to a string.
    @_spi(ReviewGateTools) public var string: String? {
        if case .string(let text) = scalar?.value { return text }
        return nil
    }

    /// The value for a string key, when this node is a mapping that has it.
    @_spi(ReviewGateTools) public subscript(key: String) -> DocumentNode? {
        mapping?.first { $0.key.string == key }?.value
    }

    /// A short name of the node's kind and value for messages: `a mapping`, `the string "NO"`.
    @_spi(ReviewGateTools) public var summary: String {
        switch content {
        case .scalar(let scalar): return scalar.value.summary
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }
}

extension DocumentNode {
    /// The prefix of YAML's standard tags: `!!str` is `tag:yaml.org,2002:str`.
    @_spi(ReviewGateTools) public static let standardTagPrefix = "tag:yaml.org,2002:"

    /// A tag as people write it: `!!str` for a standard one, else as it is.
    @_spi(ReviewGateTools) public static func shortTag(_ tag: String) -> String {
        tag.hasPrefix(standardTagPrefix) ? "!!" + tag.dropFirst(standardTagPrefix.count) : tag
    }
}

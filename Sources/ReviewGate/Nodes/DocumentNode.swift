/// One node of a YAML document: a scalar, a sequence or a mapping, with where it came from.
///
/// The node tree is the seam between the YAML loader (which produces it) and the library (which
/// decodes policies, states and scenarios from it): every value keeps its `file:line:column`, so
/// every diagnostic can say where it is.
public struct DocumentNode: Sendable {
    /// What the node holds.
    public enum Content: Sendable {
        /// A scalar, resolved by the YAML 1.2 core schema.
        case scalar(DocumentScalar)
        /// A sequence of nodes, in order.
        case sequence([DocumentNode])
        /// A mapping's entries, in file order, with `<<` merges already applied.
        case mapping([MappingEntry])
    }

    /// What the node holds.
    public var content: Content
    /// Where the node starts.
    public var location: SourceLocation
    /// The node's explicit tag as written after resolution of `!!` (for example
    /// `tag:yaml.org,2002:str`), or `nil` when it had none.
    public var tag: String?

    /// Creates a node.
    public init(_ content: Content, at location: SourceLocation, tag: String? = nil) {
        self.content = content
        self.location = location
        self.tag = tag
    }
}

/// One `key: value` entry of a mapping node.
public struct MappingEntry: Sendable {
    /// The key node (usually a string scalar).
    public var key: DocumentNode
    /// The value node.
    public var value: DocumentNode

    /// Creates an entry.
    public init(key: DocumentNode, value: DocumentNode) {
        self.key = key
        self.value = value
    }
}

extension DocumentNode {
    /// The scalar, when this node is one.
    public var scalar: DocumentScalar? {
        if case .scalar(let scalar) = content { return scalar }
        return nil
    }

    /// The elements, when this node is a sequence.
    public var sequence: [DocumentNode]? {
        if case .sequence(let elements) = content { return elements }
        return nil
    }

    /// The entries, when this node is a mapping.
    public var mapping: [MappingEntry]? {
        if case .mapping(let entries) = content { return entries }
        return nil
    }

    /// The string value, when this node is a scalar that resolved to a string.
    public var string: String? {
        if case .string(let text) = scalar?.value { return text }
        return nil
    }

    /// The value for a string key, when this node is a mapping that has it.
    public subscript(key: String) -> DocumentNode? {
        mapping?.first { $0.key.string == key }?.value
    }

    /// A short name of the node's kind and value for messages: `a mapping`, `the string "NO"`.
    public var summary: String {
        switch content {
        case .scalar(let scalar): return scalar.value.summary
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }
}

extension DocumentNode {
    /// The prefix of YAML's standard tags: `!!str` is `tag:yaml.org,2002:str`.
    public static let standardTagPrefix = "tag:yaml.org,2002:"

    /// A tag as people write it: `!!str` for a standard one, else as it is.
    public static func shortTag(_ tag: String) -> String {
        tag.hasPrefix(standardTagPrefix) ? "!!" + tag.dropFirst(standardTagPrefix.count) : tag
    }
}

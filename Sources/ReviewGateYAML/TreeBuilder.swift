@_spi(ReviewGateTools) import ReviewGate

/// Builds nodes from libyaml events with an explicit stack (no recursion, so no deep input can
/// overflow the call stack), resolving aliases by reference while counting what they stand for.
struct TreeBuilder {
    /// A node with what the limits need to know about it.
    struct Built {
        var node: DocumentNode
        /// How many nodes it stands for, aliases expanded.
        var weight: Int
        /// How deep it nests, aliases expanded: a scalar is 0.
        var height: Int
        /// How many bytes of scalar text it holds, aliases expanded.
        var text: Int
    }

    private struct Frame {
        var isMapping: Bool
        var location: SourceLocation
        var tag: String?
        var anchor: String?
        var children: [DocumentNode] = []
        /// The children's nodes counted with aliases expanded, and the deepest child's height.
        var childWeight = 0
        var childHeight = 0
        var childText = 0
    }

    let limits: DocumentLimits
    private var anchors: [String: Built] = [:]
    private var stack: [Frame] = []
    private var aliasExpansion = 0
    private var aliasText = 0
    private var problems: [Diagnostic] = []

    init(limits: DocumentLimits) {
        self.limits = limits
    }

    mutating func build(from reader: LibYAMLEventReader) throws(DiagnosticError) -> [DocumentNode] {
        var documents: [DocumentNode] = []
        var root: Built?
        while true {
            let (event, location) = try reader.next()
            switch event {
            case .streamStart:
                continue
            case .documentStart:
                anchors = [:]
                root = nil
            case .documentEnd:
                documents.append(
                    root?.node
                        ?? DocumentNode(.scalar(DocumentScalar(text: "", style: .plain, value: .null)), at: location))
            case .streamEnd:
                if !problems.isEmpty { throw DiagnosticError(problems) }
                return documents
            case .scalar(let text, let style, let tag, let anchor):
                let value: ScalarValue
                if let tag, tag != "?" {
                    guard let resolved = CoreSchema.resolve(text, tag: tag) else {
                        throw DiagnosticError(
                            "\"\(Quote.prefix(text))\" does not fit its tag \(Quote.prefix(DocumentNode.shortTag(tag)))",
                            at: location
                        ).kind(.wrongType)
                    }
                    value = resolved
                } else if style == .plain {
                    value = CoreSchema.resolvePlain(text)
                } else {
                    value = .string(text)
                }
                let node = DocumentNode(
                    .scalar(DocumentScalar(text: text, style: style, value: value)), at: location, tag: tag)
                try add(Built(node: node, weight: 1, height: 0, text: text.utf8.count), anchor: anchor, into: &root)
            case .alias(let name):
                guard let target = anchors[name] else {
                    throw DiagnosticError(
                        "unknown alias *\(Quote.prefix(name)): no anchor &\(Quote.prefix(name)) before it", at: location
                    ).kind(.yamlSyntax)
                }
                aliasExpansion += target.weight
                if aliasExpansion > limits.maxAliasExpansion {
                    throw DiagnosticError(
                        "aliases expand to more than \(limits.maxAliasExpansion) nodes (the alias expansion limit)",
                        at: location
                    ).kind(.limit)
                }
                aliasText += target.text
                if aliasText > limits.maxAliasText {
                    throw DiagnosticError(
                        "aliases expand to more than \(limits.maxAliasText) bytes of text (the alias expansion limit)",
                        at: location
                    ).kind(.limit)
                }
                try add(target, anchor: nil, into: &root)
            case .sequenceStart(let tag, let anchor), .mappingStart(let tag, let anchor):
                let isMapping: Bool
                if case .mappingStart = event { isMapping = true } else { isMapping = false }
                guard stack.count < limits.maxDepth else {
                    throw DiagnosticError(
                        "nesting deeper than \(limits.maxDepth) levels (the nesting limit)", at: location
                    ).kind(.limit)
                }
                stack.append(Frame(isMapping: isMapping, location: location, tag: tag, anchor: anchor))
            case .sequenceEnd:
                let frame = stack.removeLast()
                let node = DocumentNode(.sequence(frame.children), at: frame.location, tag: frame.tag)
                try add(Self.collection(node, frame), anchor: frame.anchor, into: &root)
            case .mappingEnd:
                let frame = stack.removeLast()
                var merge = MappingMerge(room: DiagnosticError.reportLimit - problems.count)
                let entries = merge.entries(from: frame.children)
                problems.append(contentsOf: merge.problems)
                if problems.count >= DiagnosticError.reportLimit {
                    throw DiagnosticError(problems, alsoFound: merge.unlisted)
                }
                let node = DocumentNode(.mapping(entries), at: frame.location, tag: frame.tag)
                try add(Self.collection(node, frame), anchor: frame.anchor, into: &root)
            }
        }
    }

    private mutating func add(_ built: Built, anchor: String?, into root: inout Built?) throws(DiagnosticError) {
        // Depth with aliases expanded: an alias can put a deep subtree deep inside another.
        if stack.count + built.height > limits.maxDepth {
            throw DiagnosticError(
                "nesting deeper than \(limits.maxDepth) levels (the nesting limit), counting aliases",
                at: built.node.location
            ).kind(.limit)
        }
        if let anchor { anchors[anchor] = built }
        if stack.isEmpty {
            root = built
        } else {
            stack[stack.count - 1].children.append(built.node)
            stack[stack.count - 1].childWeight += built.weight
            stack[stack.count - 1].childHeight = max(stack[stack.count - 1].childHeight, built.height)
            stack[stack.count - 1].childText += built.text
        }
    }

    private static func collection(_ node: DocumentNode, _ frame: Frame) -> Built {
        Built(node: node, weight: 1 + frame.childWeight, height: frame.childHeight + 1, text: frame.childText)
    }
}

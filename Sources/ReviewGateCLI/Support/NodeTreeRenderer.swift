@_spi(ReviewGateTools) import ReviewGate

/// The text form of `inspect`: one line per node, `line:column` first, nested by indentation.
enum NodeTreeRenderer {
    static func render(_ documents: [DocumentNode], file: String) -> String {
        guard !documents.isEmpty else { return "\(file): no documents" }
        var lines: [String] = []
        for (index, document) in documents.enumerated() {
            lines.append("--- document \(index + 1) of \(documents.count)")
            append(document, role: "", depth: 0, to: &lines)
        }
        return lines.joined(separator: "\n")
    }

    private static func append(_ node: DocumentNode, role: String, depth: Int, to lines: inout [String]) {
        let position = "\(node.location.line):\(node.location.column)"
        let padding = String(repeating: " ", count: max(1, 9 - position.count) + depth * 2)
        let tag = node.tag.map { " " + DocumentNode.shortTag($0) } ?? ""
        switch node.content {
        case .scalar(let scalar):
            lines.append(position + padding + role + describe(scalar) + tag)
        case .sequence(let items):
            lines.append(position + padding + role + "sequence, \(count(items.count, "item"))" + tag)
            for item in items { append(item, role: "- ", depth: depth + 1, to: &lines) }
        case .mapping(let entries):
            lines.append(position + padding + role + "mapping, \(count(entries.count, "entry", "entries"))" + tag)
            for entry in entries {
                append(entry.key, role: "key ", depth: depth + 1, to: &lines)
                append(entry.value, role: "value ", depth: depth + 2, to: &lines)
            }
        }
    }

    private static func describe(_ scalar: DocumentScalar) -> String {
        var quoted = ""
        JSONWriter.quote(scalar.text, to: &quoted)
        let resolved: String
        switch scalar.value {
        case .null: resolved = "null"
        case .bool(let flag): resolved = "bool \(flag)"
        case .int(let number): resolved = "int \(number)"
        case .float(let number): resolved = "float \(number)"
        case .string: resolved = "string"
        }
        return "\(quoted) \(scalar.style.rawValue) → \(resolved)"
    }

    private static func count(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(n) \(n == 1 ? singular : plural ?? singular + "s")"
    }
}

/// Reads a compiled policy's document back into the policy its YAML gives.
///
/// The settings are put back at their YAML locations (`locations`), the settings the YAML left out
/// (those without a location) are dropped so that they take their defaults as they did, and the
/// tree is decoded and validated as a YAML policy is. Then each dropped setting must be the default
/// the decoded policy takes, so that an edited default is an error rather than a policy that says
/// one thing and does another. (The digest is checked by ``CompiledPolicy/decode(_:digest:)``,
/// which writes what this read in canonical form again and hashes it.)
package enum CompiledPolicyDecoder {
    /// The format of a compiled policy, for the newer-version refusal.
    static let format = FormatVersion(
        file: "this compiled policy", name: "format", supported: CompiledPolicy.formatVersion)
    /// The longest JSON Pointer looked up in `locations`.
    static let maxPointer = 1024
    /// The keys of a compiled policy.
    static var keys: [String] { LanguageCatalogue.section(.compiledPolicy, "").keys }

    /// Where a setting was written: its key's location and its value's (the same for a list item).
    package struct Place {
        var key: SourceLocation?
        var value: SourceLocation
    }

    static func decode(_ root: DocumentNode) throws(DiagnosticError) -> PolicyLoader.Result {
        if let refusal = format.refusal(root[CompiledPolicy.formatKey]) { throw DiagnosticError([refusal]) }
        var reader = NodeReader()
        guard let fields = reader.fields(root, "the compiled policy", LanguageCatalogue.section(.compiledPolicy, ""))
        else {
            throw reader.failure
        }
        reader.require(keys, in: fields, "the compiled policy")
        if let node = fields[CompiledPolicy.formatKey] { _ = reader.int(node, CompiledPolicy.formatKey, minimum: 1) }
        var digest: String?
        if let node = fields["digest"], let text = reader.string(node, "digest") {
            if isDigest(text) {
                digest = text
            } else {
                reader.error(
                    "digest must be \"sha256:\" and 64 lowercase hex digits; found \"\(Quote.prefix(text))\"",
                    at: node.location)
            }
        }
        let places = fields["locations"].map { readPlaces($0, &reader) } ?? [:]
        guard !reader.hasErrors, let policyNode = fields["policy"], let digest else {
            throw reader.failure
        }
        guard policyNode.mapping != nil else {
            throw DiagnosticError("policy must be a mapping; found \(policyNode.summary)", at: policyNode.location)
        }
        if let extends = policyNode.mapping?.first(where: { $0.key.string == "extends" }) {
            throw DiagnosticError(
                "a compiled policy has its extends resolved already: extends has no place in it",
                at: extends.key.location)
        }
        var dropped: [Dropped] = []
        let tree = placed(policyNode, pointer: "", places: places, dropped: &dropped)
        var result = try PolicyLoader.decodeWithoutLint(tree)
        // Each setting without a location must be the default the policy now takes.
        let defaults = PolicyDefaults(policy: result.policy)
        var byMapping: [String: [(key: String, value: JSONValue)]] = [:]
        for setting in dropped {
            let settings = byMapping[setting.parent] ?? defaults.defaults(at: setting.parent)
            byMapping[setting.parent] = settings
            guard let expected = settings.first(where: { $0.key == setting.key })?.value,
                JSONValue.same(setting.node.jsonValue, expected)
            else {
                let pointer = "\(setting.parent)/\(CanonicalPolicy.escape(setting.key))"
                throw DiagnosticError(
                    "the compiled policy's \(pointer) is not what its settings compile to: it was edited after compiling; compile the YAML again",
                    at: setting.node.location, advice: .compileAgain)
            }
        }
        result.policy.digest = digest
        return result
    }

    /// `sha256:` and 64 lowercase hex digits.
    static func isDigest(_ text: String) -> Bool {
        let hex = text.utf8.dropFirst(7)
        return text.hasPrefix("sha256:") && hex.count == 64
            && hex.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// The `locations` mapping read: file → pointer → `[line, column]` or `[line, column,
    /// value_line, value_column]`, as pointer → place.
    package static func readPlaces(_ node: DocumentNode, _ reader: inout NodeReader) -> [String: Place] {
        var places: [String: Place] = [:]
        guard let files = node.mapping else {
            reader.error("locations must be a mapping of files to places; found \(node.summary)", at: node.location)
            return places
        }
        for file in files {
            guard let name = file.key.string, let entries = file.value.mapping else {
                reader.error(
                    "locations must map each file to its places; found \(file.value.summary)", at: file.value.location)
                continue
            }
            for entry in entries {
                var numbers: [Int] = []
                for item in entry.value.sequence ?? [] {
                    guard case .int(let number)? = item.scalar?.value, number >= 1, number <= Int(Int32.max) else {
                        break
                    }
                    numbers.append(number)
                }
                guard let pointer = entry.key.string, numbers.count == entry.value.sequence?.count,
                    numbers.count == 2 || numbers.count == 4
                else {
                    reader.error(
                        "a location must be [line, column] or [line, column, value_line, value_column], each at least 1; found \(entry.value.summary)",
                        at: entry.value.location)
                    continue
                }
                let at = SourceLocation(file: name, line: numbers[0], column: numbers[1])
                places[pointer] =
                    numbers.count == 4
                    ? Place(key: at, value: SourceLocation(file: name, line: numbers[2], column: numbers[3]))
                    : Place(key: nil, value: at)
            }
        }
        return places
    }

    /// A setting without a location: a default the YAML left out, at the pointer of its mapping.
    private struct Dropped {
        var parent: String
        var key: String
        var node: DocumentNode
    }

    /// The policy's tree with each node at its place; a mapping's entry with no place is a default
    /// the YAML left out, and is dropped (into `dropped`, to be checked). A node with no place
    /// otherwise keeps its place in the JSON.
    private static func placed(
        _ node: DocumentNode, pointer: String, places: [String: Place], dropped: inout [Dropped]
    ) -> DocumentNode {
        var node = node
        if let place = places[pointer] { node.location = place.value }
        switch node.content {
        case .scalar: break
        case .sequence(let items):
            node.content = .sequence(
                items.enumerated().map { placed($1, pointer: "\(pointer)/\($0)", places: places, dropped: &dropped) })
        case .mapping(let entries):
            node.content = .mapping(
                entries.compactMap { entry in
                    let name = entry.key.string ?? ""
                    // No setting's pointer is long (names are at most 100 characters): a long one
                    // is not looked up, so that hostile keys cannot make pointers cost quadratic time.
                    let child =
                        pointer.utf8.count + name.utf8.count < maxPointer
                        ? "\(pointer)/\(CanonicalPolicy.escape(name))" : nil
                    guard let child, let key = places[child]?.key else {
                        dropped.append(Dropped(parent: pointer, key: name, node: entry.value))
                        return nil
                    }
                    var keyNode = entry.key
                    keyNode.location = key
                    return MappingEntry(
                        key: keyNode, value: placed(entry.value, pointer: child, places: places, dropped: &dropped))
                })
        }
        return node
    }
}

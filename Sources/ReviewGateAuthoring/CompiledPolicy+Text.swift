@_spi(ReviewGateTools) import ReviewGate

extension CompiledPolicy {
    /// The compiled document, indented, with a final newline; `digest` is `sha256:` and the hex
    /// SHA-256 of ``digestedBytes`` (``digest``, or the caller's own hash of them). With `root`
    /// (a folder), file names are written relative to it (`../shared/base.yaml` for one beside it),
    /// so that a build machine's paths stay out of the app.
    @_spi(ReviewGateTools) public func text(digest: String, filesRelativeTo root: String? = nil) -> String {
        JSONWriter(pretty: true, inlineScalarArrays: true).string(document(digest: digest, filesRelativeTo: root))
            + "\n"
    }

    /// The compiled document as a JSON value: what ``text(digest:filesRelativeTo:)`` writes, and
    /// what a compiled budget holds for each of its policies.
    package func document(digest: String, filesRelativeTo root: String?) -> JSONValue {
        .object([
            (Self.formatKey, .int(Self.formatVersion)), ("digest", .string(digest)), ("policy", canonical.policy),
            ("locations", Self.locations(canonical.origins, filesRelativeTo: root)),
        ])
    }

    /// `locations`: by file, in the order files first appear; in each, pointer → [line, column] of
    /// the node, or of a mapping value's key followed by the value's own.
    package static func locations(_ origins: [CanonicalPolicy.Origin], filesRelativeTo root: String?) -> JSONValue {
        var files: [(key: String, value: [(key: String, value: JSONValue)])] = []
        var indices: [String: Int] = [:]
        for origin in origins {
            let at = origin.key ?? origin.value
            let file = root.map { PathArithmetic.relative(at.file, to: $0) } ?? at.file
            var place: [JSONValue] = [.int(at.line), .int(at.column)]
            if origin.key != nil { place += [.int(origin.value.line), .int(origin.value.column)] }
            if let index = indices[file] {
                files[index].value.append((origin.pointer, .array(place)))
            } else {
                indices[file] = files.count
                files.append((file, [(origin.pointer, .array(place))]))
            }
        }
        return .object(files.map { (key: $0.key, value: JSONValue.object($0.value)) })
    }

    /// The compiled text of a loaded policy, with its digest, checked to read back (its digest
    /// checked with `digest`, by default the core's SHA-256) as this very policy: nothing is written
    /// that the library could not load (a value JSON cannot hold, such as an attribute compared with
    /// `.inf`, would not be). `file` names the text in a diagnostic about its JSON.
    package static func checkedText(
        of result: PolicyLoader.Result, filesRelativeTo root: String?, file: String, digest: PolicyLoader.Digest? = nil
    ) throws(DiagnosticError) -> String {
        let compiled = CompiledPolicy(result)
        let text = compiled.text(digest: result.policy.digest ?? "", filesRelativeTo: root)
        let again = try loadResult(Array(text.utf8), file: file, digest: digest)
        guard CompiledPolicy(again).digestedBytes == compiled.digestedBytes else {
            throw DiagnosticError("the compiled policy reads back as another policy", at: result.policy.location)
        }
        return text
    }
}

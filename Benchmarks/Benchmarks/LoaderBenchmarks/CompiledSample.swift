@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateFiles
@_spi(ReviewGateTools) import ReviewGateYAML

/// `policies/apple-sample.yaml` and its compiled form, both as bytes in memory: the inputs of the
/// compiled-policy benchmarks.
///
/// The compiled text is made here with the library, as `reviewgate compile` makes it from the
/// repository root (file names `policies/apple-sample.yaml`), with the digest of the core's portable
/// SHA-256 (`CompiledPolicy.digest`; the CLI's swift-crypto gives the same), which every load checks.
struct CompiledSample: Sendable {
    /// The YAML policy's bytes.
    let yaml: [UInt8]
    /// The compiled policy's bytes.
    let compiled: [UInt8]

    /// The name the YAML is read under, as the CLI names it from the repository root.
    static let yamlName = "policies/apple-sample.yaml"
    /// The name the compiled policy is read under.
    static let compiledName = "policies/apple-sample.json"

    /// The repository root: this file is in its Benchmarks/Benchmarks/LoaderBenchmarks/.
    static let repositoryRoot: String = {
        let file: String = #filePath
        var parts = file.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)
        return parts.joined(separator: "/")
    }()

    /// Reads the YAML from disk and compiles it; traps on a diagnostic, since the shipped policy is
    /// valid, and if the two forms do not load to the same canonical policy.
    static func load() -> CompiledSample {
        do {
            let yaml = try FileBytes.read(repositoryRoot + "/" + yamlName, maxBytes: DocumentLimits.default.maxBytes)
            let documents = DocumentFiles(parse: YAMLLoader().loadDocument)
            // The bytes already read, under the repository-relative name the CLI would see.
            let loader = PolicyLoader { path in try documents.document(yaml, path: path) }
            let result = try loader.load(path: yamlName)
            let compiled = CompiledPolicy(result)
            let text = compiled.text(digest: compiled.digest)
            let sample = CompiledSample(yaml: yaml, compiled: Array(text.utf8))
            let canonical = CompiledPolicy(sample.loadYAML()).digestedBytes
            guard CompiledPolicy(sample.loadCompiled()).digestedBytes == canonical else {
                fatalError("the compiled apple-sample does not load to the YAML's policy")
            }
            return sample
        } catch {
            fatalError("the apple-sample policy did not load or compile: \(error)")
        }
    }

    /// One load of the YAML from its bytes: libyaml's events into nodes, then decoded and validated.
    func loadYAML() -> PolicyLoader.Result {
        do {
            return try PolicyLoader.decode(YAMLLoader().loadDocument(yaml, file: Self.yamlName))
        } catch {
            fatalError("the apple-sample YAML did not load: \(error)")
        }
    }

    /// One load of the compiled policy from its bytes: the JSON reader, the settings put back at
    /// their YAML locations, decoded, validated and checked against the canonical form.
    func loadCompiled() -> PolicyLoader.Result {
        do {
            return try CompiledPolicy.loadResult(compiled, file: Self.compiledName)
        } catch {
            fatalError("the compiled apple-sample did not load: \(error)")
        }
    }
}

@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateFiles
@_spi(ReviewGateTools) import ReviewGateYAML

/// The inputs every evaluator benchmark decides: `policies/apple-sample.yaml`, the person in
/// `policies/examples/apple-sample.state.yaml`, and their fourth completed process on the
/// ProcessCompleted scene: the moment of the CLI's `apple-sample-allow` golden, allowed.
struct AppleSample: Sendable {
    let policy: Policy
    let state: ReviewState
    let moment: Moment

    /// The repository root: this file is in its Benchmarks/Benchmarks/EvaluatorBenchmarks/.
    static let repositoryRoot: String = {
        let file: String = #filePath
        var parts = file.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)
        return parts.joined(separator: "/")
    }()

    /// Reads both files from disk; traps on a diagnostic, since the shipped files are valid.
    static func load() -> AppleSample {
        let policyPath = repositoryRoot + "/policies/apple-sample.yaml"
        let statePath = repositoryRoot + "/policies/examples/apple-sample.state.yaml"
        do {
            let documents = DocumentFiles(parse: YAMLLoader().loadDocument)
            let policy = try PolicyLoader.files(documents).load(path: policyPath).policy
            let state = try StateDecoder.decode(
                documents.document(atPath: statePath), versionKey: policy.app.versionKey)
            let moment = Moment(
                time: .utc(Timestamp(rfc3339: "2026-11-22T10:00:00Z")!), event: "process_completed",
                scene: "ProcessCompleted")
            return AppleSample(policy: policy, state: state, moment: moment)
        } catch {
            fatalError("the apple-sample policy or state did not load: \(error)")
        }
    }

    /// One decision, as `reviewgate evaluate` makes it.
    func decide() -> Decision {
        do {
            return try Evaluator.evaluate(policy, state: state, moment: moment)
        } catch {
            fatalError("the apple-sample moment names no unknown trigger: \(error)")
        }
    }
}

extension AppleSample {
    /// One line on the decision benchmarked and the size of its one allocation, the checks buffer.
    var decisionSummary: String {
        let decision = decide()
        let stride = MemoryLayout<Check>.stride
        let header = 32  // a Swift array buffer's header on 64-bit platforms
        return "apple-sample: \(decision.outcome.rawValue) via \(decision.trigger ?? "no trigger"), "
            + "\(decision.checks.count) checks in an array of capacity \(decision.checks.capacity) "
            + "(Check stride \(stride) bytes: buffer ≈ \(header + stride * decision.checks.capacity) bytes, "
            + "\(header + stride * decision.checks.count) for the checks alone)"
    }
}

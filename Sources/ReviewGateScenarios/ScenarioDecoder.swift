@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring

/// Reads a scenario file (Semantics §6) from its node tree: every problem is reported at its node,
/// with a did-you-mean for near misses, and the policy under test is loaded through a
/// `PolicyLoader` so that the library opens no file itself.
@_spi(ReviewGateTools) public enum ScenarioDecoder {
    /// The keys of a scenario file (``LanguageCatalogue``).
    package static var keys: [String] { LanguageCatalogue.section(.scenario, "").keys }
    /// The keys of a step that name its action: a step has exactly one.
    package static let actionKeys = [
        "launch", "event", "trigger", "update", "respond", "set", "merge", "commit", "release",
    ]
    /// The keys of a step.
    package static var stepKeys: [String] { LanguageCatalogue.section(.scenario, "/steps/*").keys }

    /// The most times one step may repeat.
    @_spi(ReviewGateTools) public static let maximumRepetitions = 10_000
    /// The most step runs (repetitions counted) a scenario may make, so that no file can hang a test run.
    @_spi(ReviewGateTools) public static let maximumRuns = 100_000

    /// Decodes the scenario file at `path` whose document is `root`, loading its policy with `loader`.
    @_spi(ReviewGateTools) public static func decode(_ root: DocumentNode, path: String, loader: PolicyLoader)
        throws(DiagnosticError)
        -> Scenario
    {
        var reader = NodeReader()
        var policyDiagnostics: [Diagnostic] = []
        guard let fields = reader.fields(root, "the scenario", LanguageCatalogue.section(.scenario, "")) else {
            throw reader.failure
        }
        reader.require(["reviewgate_scenario", "name", "start", "steps"], in: fields, "the scenario")
        if fields.has("policy") == fields.has("budget") {
            reader.error(
                "the scenario names the policy it tests (policy: FILE) or a budget (budget: FILE), one of them",
                at: root.location)
        }
        if let refusal = FormatVersion.scenario.refusal(fields["reviewgate_scenario"]) {
            throw DiagnosticError([refusal])
        }
        if let node = fields["reviewgate_scenario"] { _ = reader.int(node, "reviewgate_scenario", minimum: 1) }
        let name = fields["name"].flatMap { reader.string($0, "name") }
        if name?.isEmpty == true {
            reader.error("name must not be empty: say what the scenario shows", at: fields["name"]?.location)
        }
        let description = fields["description"].flatMap { reader.string($0, "description") }
        let start = fields["start"].flatMap { reader.timestamp($0, "start") }

        var policy: Policy?
        var budget: Budget?
        let key = fields.has("budget") ? "budget" : "policy"
        let reference = fields[key].flatMap { reader.string($0, key) }
        if let reference, let node = fields[key] {
            let file = PathArithmetic.resolve(reference, from: path)
            do {
                if key == "budget" {
                    budget = try BudgetLoader(policies: loader).load(path: file).budget
                    policy = budget?.policies.first
                    if policy == nil {
                        reader.error(
                            "a budget's scenario needs a budget with at least one policy; \(reference) has none",
                            at: node.location)
                    }
                } else {
                    policy = try loader.load(path: file).policy
                }
            } catch {
                policyDiagnostics = error.diagnostics
                policyDiagnostics.append(.error("in the \(key) this scenario tests, \(reference)", at: node.location))
            }
        }

        var steps: [ScenarioStep] = []
        if let node = fields["steps"], let items = reader.list(node, "steps") {
            if items.isEmpty { reader.error("steps must list at least one step", at: node.location) }
            var clock = Clock(now: start)
            var subject = StepDecoder.Subject(policy: policy, budget: budget, isBudget: key == "budget")
            // A `merge:` step's record in a file of its own, relative to the scenario's.
            subject.readRecord = { reference in try loader.readDocument(PathArithmetic.resolve(reference, from: path)) }
            // Every moment's build channel unless a step says its own (Semantics §16.1).
            subject.channel =
                fields["channel"].flatMap { reader.choice($0, "channel", as: Channel.self) } ?? .production
            for (index, item) in items.enumerated() {
                guard let step = StepDecoder.decode(item, number: index + 1, subject: subject, reader: &reader) else {
                    continue
                }
                steps.append(step)
                if !clock.advance(over: step, reader: &reader) { break }
            }
        }

        var golden: GoldenReference?
        if let node = fields["golden"], let text = reader.string(node, "golden") {
            if text.isEmpty { reader.error("golden must be the relative path of a transcript file", at: node.location) }
            golden = GoldenReference(
                reference: text, path: PathArithmetic.resolve(text, from: path), location: node.location)
        }

        var state: ReviewState?
        if let policy, let start {
            // Without `state`, an empty one: the decoder then says which version string the policy needs.
            let node = fields["state"] ?? DocumentNode(.mapping([]), at: root.location)
            state = StateDecoder.decode(
                node, versionKey: policy.app.versionKey, defaultInstalledAt: start, reader: &reader)
        }

        let diagnostics = reader.diagnostics + policyDiagnostics
        guard !reader.hasErrors, !diagnostics.contains(where: { $0.severity == .error }), let name, let reference,
            let policy, let start, let state
        else { throw DiagnosticError(diagnostics, alsoFound: reader.uncounted) }
        var scenario = Scenario(
            name: name, description: description, path: path, policyReference: reference, policy: policy,
            budget: budget, start: start, state: state, steps: steps, golden: golden,
            warnings: diagnostics.filter { $0.severity == .warning })
        scenario.startOffsetSeconds = fields["start"]?.string.flatMap(Timestamp.utcOffset(ofRFC3339:)) ?? 0
        return scenario
    }
}

/// The scenario's clock while its steps are read: `at` may not go back, the clock may not run past
/// what a `Timestamp` holds, and the whole run stays within ``ScenarioDecoder/maximumRuns``.
private struct Clock {
    var now: Timestamp?
    var runs = 0

    /// Moves over a step's repetitions; `false` once the scenario is too long to check further.
    mutating func advance(over step: ScenarioStep, reader: inout NodeReader) -> Bool {
        runs += step.repetitions
        if runs > ScenarioDecoder.maximumRuns {
            reader.error(
                "the scenario runs more than \(ScenarioDecoder.maximumRuns) steps (repetitions counted); split it",
                at: step.location)
            return false
        }
        guard let current = now else { return true }
        switch step.clock {
        case .after(let span)?:
            let (total, overflow1) = span.nanoseconds.multipliedReportingOverflow(by: Int64(step.repetitions))
            let (end, overflow2) = current.nanosecondsSince1970.addingReportingOverflow(total)
            guard !overflow1, !overflow2 else {
                reader.error(
                    "the clock runs past \(Timestamp(nanosecondsSince1970: .max)), the latest time reviewgate holds",
                    at: step.location)
                return false
            }
            now = Timestamp(nanosecondsSince1970: end)
        case .at(let time)?:
            if time < current {
                reader.error(
                    "at \(time) goes back in time: the clock is already at \(current); use a later time, or after",
                    at: step.clockLocation)
            }
            now = max(current, time)
        case nil: break
        }
        return true
    }
}

extension FormatVersion {
    /// Scenario files (Semantics §6).
    static let scenario = FormatVersion(file: "this scenario", name: "format", supported: Scenario.formatVersion)
}

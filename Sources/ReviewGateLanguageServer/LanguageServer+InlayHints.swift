@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateScenarios

extension LanguageServer {
    /// `textDocument/inlayHint` (Semantics §17): in a scenario, each step's decision as `reviewgate
    /// test` computes it, at the end of the step's line; in a policy with a `# reviewgate: state FILE`
    /// comment (and `at TIME`, else now), each trigger's decision on that state were its event
    /// donated then (on its first scene, when it names scenes), at the end of the trigger's line. Nothing for a file that does not load.
    func inlayHints(_ params: DocumentNode?) -> Result<JSONValue, InvalidParams> {
        guard let uri = params?["textDocument"]?["uri"]?.string else {
            return .failure(InvalidParams(message: "expected textDocument.uri"))
        }
        guard var document = documents[uri] else { return .success(.array([])) }
        let parsed = document.parse(files)
        documents[uri] = document
        let range = LSPRange(params?["range"])
        let hints: [(line: Int, label: String)]
        switch parsed.kind {
        case .scenario?: hints = scenarioHints(document)
        case .policy?: hints = policyHints(document, root: parsed.root)
        default: hints = []
        }
        let items = hints.compactMap { hint -> JSONValue? in
            let line = document.text.line(hint.line - 1)
            let end = document.text.position(line: hint.line, column: line.unicodeScalars.count + 1)
            if let range, !(range.start.line...range.end.line).contains(end.line) { return nil }
            return .object([
                ("position", end.json), ("label", .string(hint.label)), ("paddingLeft", .bool(true)),
            ])
        }
        return .success(.array(items))
    }

    /// Each step's outcome, by the line it starts on.
    private func scenarioHints(_ document: OpenDocument) -> [(line: Int, label: String)] {
        let runner = ScenarioRunner(documents: overlayReader(log: nil), goldens: .disk, digest: environment.digest)
        guard let scenario = try? runner.load(path: document.path) else { return [] }
        let result = ScenarioRunner.run(scenario)
        var byStep: [(line: Int, labels: [String])] = []
        // A compiled scenario's steps are at its YAML's lines, not this document's: no hints there.
        for run in result.runs where PathArithmetic.normalize(run.step.location.file) == document.path {
            let label = Self.label(run)
            guard !label.isEmpty else { continue }
            if byStep.last?.line == run.step.location.line {
                byStep[byStep.count - 1].labels.append(label)
            } else {
                byStep.append((run.step.location.line, [label]))
            }
        }
        let failed = Set(result.failures.map(\.location.line))
        return byStep.map { step in
            var label = Self.joined(step.labels)
            if failed.contains(step.line) { label += " ✗ not as expected" }
            return (step.line, label)
        }
    }

    /// A run's outcome in a few words: `allow via task_done`, `block: cooldown until …`, `granted review`.
    static func label(_ run: StepRun) -> String {
        if let arbitration = run.arbitration {
            return arbitration.granted.map { "granted \($0)" } ?? "nothing granted"
        }
        guard let decision = run.decision else { return "" }
        return label(decision)
    }

    static func label(_ decision: Decision) -> String {
        var label: String
        if decision.outcome == .allow {
            label = "allow" + (decision.trigger.map { " via \($0)" } ?? "")
        } else {
            label = "block: " + decision.blockedBy.map(\.id).joined(separator: ", ")
            if let next = decision.nextEligibleAt { label += " until \(next)" }
        }
        if let experiment = decision.experiment { label += " (arm \(experiment.arm))" }
        return label
    }

    /// A repeated step's outcomes: one when they are all the same (`3×: block: cooldown …`).
    private static func joined(_ labels: [String]) -> String {
        guard labels.count > 1 else { return labels.first ?? "" }
        if Set(labels).count == 1 { return "\(labels.count)×: \(labels[0])" }
        return labels.joined(separator: " | ")
    }

    /// Each trigger's decision on the example state the policy's comment names.
    private func policyHints(_ document: OpenDocument, root: DocumentNode?) -> [(line: Int, label: String)] {
        guard let comment = Self.stateComment(document.text), let triggers = root?["triggers"]?.mapping else {
            return []
        }
        let reader = overlayReader(log: nil)
        let loader = PolicyLoader(reading: reader, digest: environment.digest)
        guard let policy = try? loader.load(path: document.path).policy else { return [] }
        let statePath = PathArithmetic.resolve(comment.file, from: document.path)
        let state: ReviewState
        do {
            state = try StateDecoder.decode(reader(statePath), versionKey: policy.app.versionKey)
        } catch {
            return [(comment.line, "state \(comment.file) does not load")]
        }
        // The clock to the second, as times are written in policies and states.
        let clock = environment.clock().nanosecondsSince1970
        let now = comment.at ?? Timestamp(nanosecondsSince1970: clock - clock % 1_000_000_000)
        var hints = [(comment.line, "deciding on \(comment.file) at \(now)")]
        for entry in triggers {
            guard let id = entry.key.string, let trigger = policy.triggers.first(where: { $0.id == id }) else {
                continue
            }
            // On the trigger's first scene, when it names scenes: the moment it waits for.
            let scene = trigger.scenes?.value.first
            let moment = Moment(time: .utc(now), event: trigger.event, scene: scene, source: .system)
            guard let decision = try? Evaluator.evaluate(policy, state: state, moment: moment) else { continue }
            let on = scene.map { " on \($0)" } ?? ""
            hints.append((entry.key.location.line, "\(trigger.event)\(on) → \(Self.label(decision))"))
        }
        return hints
    }

    /// The `# reviewgate: state FILE [at TIME]` comment: its line, file and time.
    static func stateComment(_ text: DocumentText) -> (line: Int, file: String, at: Timestamp?)? {
        for (index, line) in text.lines.enumerated() {
            let content = line.trimmedSpaces
            guard content.hasPrefix("#") else { continue }
            let words = content.dropFirst().split(separator: " ")
            guard words.count >= 3, words[0] == "reviewgate:", words[1] == "state" else { continue }
            var at: Timestamp?
            if words.count >= 5, words[3] == "at" { at = Timestamp(rfc3339: String(words[4])) }
            return (index + 1, String(words[2]), at)
        }
        return nil
    }
}

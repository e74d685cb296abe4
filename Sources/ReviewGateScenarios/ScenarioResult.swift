@_spi(ReviewGateTools) import ReviewGate

/// What running a scenario found: each step's decision, the failures, and the transcript.
public struct ScenarioResult: Sendable {
    /// The scenario that ran.
    @_spi(ReviewGateTools) public var scenario: Scenario
    /// One entry per step run (a repeated step once per repetition), in order.
    @_spi(ReviewGateTools) public var runs: [StepRun]
    /// Every failed expectation, then a golden mismatch; empty when the scenario passed.
    public var failures: [ScenarioFailure]
    /// The run as deterministic text, one block per step run: what a golden file holds. Built
    /// when asked for, not by the run.
    public var transcript: String { ScenarioTranscript.render(scenario, runs: runs) }
    /// What became of the golden transcript.
    public var golden: GoldenStatus

    /// A result of `scenario`'s runs, with the failures found and no golden compared yet.
    package init(scenario: Scenario, runs: [StepRun], failures: [ScenarioFailure], golden: GoldenStatus = .none) {
        self.scenario = scenario
        self.runs = runs
        self.failures = failures
        self.golden = golden
    }

    /// Whether every expectation held and the golden transcript (if any) matched.
    public var passed: Bool { failures.isEmpty }

    /// Makes each of the scenario's warnings a failure, as `reviewgate test --strict` does.
    @_spi(ReviewGateTools) public mutating func failOnWarnings() {
        failures += scenario.warnings.map { warning in
            ScenarioFailure(
                location: warning.location ?? SourceLocation(file: scenario.path, line: 1, column: 1),
                reason: .warning(warning.message))
        }
    }
}

/// One run of a step.
@_spi(ReviewGateTools) public struct StepRun: Sendable {
    /// The step.
    @_spi(ReviewGateTools) public var step: ScenarioStep
    /// Which repetition, from 1.
    @_spi(ReviewGateTools) public var repetition: Int
    /// The clock when it ran.
    @_spi(ReviewGateTools) public var now: Timestamp
    /// The decision, when the step was a moment.
    @_spi(ReviewGateTools) public var decision: Decision?
    /// Under a budget: the arbitration, when the step was a moment.
    package var arbitration: Arbitration?
    /// What the step changed in the state, in words (`process_completed 4`, `ask #1 in build "1"`).
    @_spi(ReviewGateTools) public var recorded: [String]

    /// A run of `step`, its `repetition`th, at `now`, with its decision and what it recorded.
    package init(
        step: ScenarioStep, repetition: Int, now: Timestamp, decision: Decision?, arbitration: Arbitration? = nil,
        recorded: [String]
    ) {
        self.step = step
        self.repetition = repetition
        self.now = now
        self.decision = decision
        self.arbitration = arbitration
        self.recorded = recorded
    }

    /// The failure of the step's `expect`, when its decision (or arbitration) does not meet it.
    package var unmetExpectation: ScenarioFailure? {
        guard let expectation = step.expectation else { return nil }
        if let decision {
            let mismatches = expectation.mismatches(in: decision)
            guard !mismatches.isEmpty else { return nil }
            return ScenarioFailure(
                location: step.location, reason: .expectation(run: self, mismatches: mismatches, decision: decision))
        }
        if let arbitration {
            let mismatches = expectation.mismatches(in: arbitration)
            guard !mismatches.isEmpty else { return nil }
            return ScenarioFailure(
                location: step.location,
                reason: .budgetExpectation(run: self, mismatches: mismatches, arbitration: arbitration))
        }
        return nil
    }

    /// `3`, or `3 (2 of 5)` for a repeated step.
    @_spi(ReviewGateTools) public var label: String {
        step.repetitions > 1 ? "\(step.number) (\(repetition) of \(step.repetitions))" : "\(step.number)"
    }
}

/// A failed expectation or golden comparison, at the place in the scenario file it concerns: data,
/// which its `message` (and the command line's JUnit report) put into words.
public struct ScenarioFailure: Sendable {
    /// What failed.
    package enum Reason: Sendable {
        /// A step's decision did not meet its `expect`: each part expected against the actual one.
        case expectation(run: StepRun, mismatches: [Mismatch], decision: Decision)
        /// A step's moment could not be decided (a trigger the policy does not have).
        case unusableMoment(step: Int, Evaluator.UsageError)
        /// Under a budget: a step's arbitration did not meet its `expect`.
        case budgetExpectation(run: StepRun, mismatches: [Mismatch], arbitration: Arbitration)
        /// Under a budget: a step's moment could not be arbitrated.
        case unusableBudgetMoment(step: Int, Arbiter.UsageError)
        /// The transcript differs from the golden file: the unified diff, `-` golden, `+` this run.
        case goldenDiffers(reference: String, diff: [String])
        /// The golden file does not exist.
        case goldenMissing(reference: String)
        /// A warning about the scenario (a step's event that the policy never reads), a failure
        /// under `test --strict`.
        case warning(String)
        /// A step the prompter cannot play (Semantics §16.2): a lease, commit or release step.
        case unplayable(String)
        /// A `merge:` step's record is another person's (Semantics §16.5): nothing was merged.
        case refusedMerge(step: Int, PersonRecordError)
    }

    /// A failure at `location`.
    package init(location: SourceLocation, reason: Reason) {
        self.location = location
        self.reason = reason
    }

    /// The step (or the `golden:` key).
    public var location: SourceLocation
    /// What failed.
    package var reason: Reason

    /// What failed, on one line: `step 3 at 2026-01-05T12:00:00Z: expected decision block, got allow`.
    public var message: String {
        switch reason {
        case .expectation(let run, let mismatches, _), .budgetExpectation(let run, let mismatches, _):
            let parts = mismatches.map { "expected \($0.expected.key) \($0.expected.value), got \($0.actual.value)" }
            return "step \(run.label) at \(run.now): \(parts.joined(separator: "; "))"
        case .unusableMoment(let step, let error): return "step \(step): \(error)"
        case .refusedMerge(let step, let error): return "step \(step): merge refused: \(error)"
        case .unusableBudgetMoment(let step, let error): return "step \(step): \(error)"
        case .goldenDiffers(let reference, _):
            return "the transcript differs from the golden file \(reference) (- golden, + this run)"
        case .goldenMissing(let reference): return "the golden file \(reference) does not exist"
        case .warning(let message): return "\(message) (a failure under --strict)"
        case .unplayable(let message): return message
        }
    }
}

/// One part of an expectation that a decision did not meet.
package struct Mismatch: Sendable, Equatable {
    /// What the scenario expected.
    package var expected: Expectation.Part
    /// What the decision had instead.
    package var actual: Expectation.Part

    /// Creates a mismatch.
    package init(expected: Expectation.Part, actual: Expectation.Part) {
        self.expected = expected
        self.actual = actual
    }
}

/// What became of a scenario's golden transcript.
public enum GoldenStatus: Sendable, Equatable {
    /// The scenario names none.
    case none
    /// The file holds exactly the transcript.
    case matched
    /// The file differs (a failure with the diff).
    case differs
    /// The file does not exist (a failure: `--update` records it).
    case missing
    /// The file was written (asked to update, and it was missing or different).
    case written
}

/// How a run treats golden transcripts.
public enum GoldenMode: Sendable {
    /// Compare byte for byte; a missing or different file fails.
    case compare
    /// Write the transcript where it is missing or different.
    case update
}

/// Reads and writes golden transcripts for the runner, which opens no file itself.
public struct GoldenFiles: Sendable {
    /// The text of the file at `path`, or `nil` when there is no such file.
    @_spi(ReviewGateTools) public typealias Read = @Sendable (_ path: String) throws(DiagnosticError) -> String?
    /// Replaces the file at `path` with `text`.
    @_spi(ReviewGateTools) public typealias Write =
        @Sendable (_ path: String, _ text: String) throws(DiagnosticError) -> Void

    /// How golden files are read.
    @_spi(ReviewGateTools) public var read: Read
    /// How golden files are written.
    @_spi(ReviewGateTools) public var write: Write

    /// Creates golden-file access from two functions.
    @_spi(ReviewGateTools) public init(read: @escaping Read, write: @escaping Write) {
        self.read = read
        self.write = write
    }
}

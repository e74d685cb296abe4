@_spi(ReviewGateTools) import ReviewGate

/// A scenario file (Semantics §6), read and resolved: the policy it tests, the state it starts from,
/// and its steps. Decoded by ``ScenarioDecoder``; run by ``ScenarioRunner``.
@_spi(ReviewGateTools) public struct Scenario: Sendable {
    /// The scenario file's format version this reviewgate reads.
    @_spi(ReviewGateTools) public static let formatVersion = 1

    /// What the scenario shows; `reviewgate test` prints it.
    @_spi(ReviewGateTools) public var name: String
    /// More about it, for people.
    @_spi(ReviewGateTools) public var description: String?
    /// The scenario file.
    @_spi(ReviewGateTools) public var path: String
    /// The policy under test, as the scenario writes it (relative to the scenario file).
    @_spi(ReviewGateTools) public var policyReference: String
    /// The policy under test, loaded with its `extends`; in a budget's scenario, the budget's first policy.
    @_spi(ReviewGateTools) public var policy: Policy
    /// The budget under test (Semantics §12), with its policies, when the scenario names `budget:` in
    /// place of `policy:`; ``policyReference`` is then the budget's path as written.
    package var budget: Budget?
    /// The clock at the first step.
    @_spi(ReviewGateTools) public var start: Timestamp
    /// The UTC offset `start` is written in, in seconds: the moments' until a step's `at` gives
    /// another (Semantics §14.2).
    package var startOffsetSeconds = 0
    /// The state before the first step.
    @_spi(ReviewGateTools) public var state: ReviewState
    /// What happens, in order.
    @_spi(ReviewGateTools) public var steps: [ScenarioStep]
    /// The golden transcript, if the scenario has one.
    package var golden: GoldenReference?
    /// What `validate` and `test` warn about: a step's event that the policy never reads.
    @_spi(ReviewGateTools) public var warnings: [Diagnostic] = []
}

/// A scenario's `golden:` file.
package struct GoldenReference: Sendable {
    /// The path as written, relative to the scenario file.
    @_spi(ReviewGateTools) public var reference: String
    /// The path resolved against the scenario file's folder.
    @_spi(ReviewGateTools) public var path: String
    /// Where the scenario names it.
    @_spi(ReviewGateTools) public var location: SourceLocation
}

/// One step of a scenario: a move of the clock, at most one action, how often, and what the
/// decision must be.
@_spi(ReviewGateTools) public struct ScenarioStep: Sendable {
    /// What the step does.
    @_spi(ReviewGateTools) public enum Action: Sendable {
        /// The app launches: event `launch`, source `launch`.
        case launch
        /// A donation of an event.
        case event(String)
        /// A moment that names one trigger; it donates nothing.
        case trigger(String)
        /// The app now runs this version (the strings given replace the current ones).
        case update(AppVersion)
        /// The person answered the app's own pre-prompt.
        case respond(ResponseKind)
        /// Flags and attributes set by name.
        case set(flags: [String: Bool], attributes: [String: AttributeValue])
        /// The person's record from their other devices is merged into the state (Semantics §16.5).
        case merge(PersonRecord)
        /// Under a budget: a moment with no event and no trigger, at which the step's wanted
        /// external prompts are the candidates.
        case want
        /// Under a budget: the lease a granted prompt holds is committed (shown: an ask).
        case commit(prompt: String)
        /// Under a budget: the lease a granted prompt holds is released (not shown).
        case release(prompt: String)
    }

    /// How the clock moves before the step (before each repetition).
    @_spi(ReviewGateTools) public enum ClockMove: Sendable {
        /// Forward by a duration.
        case after(TimeSpan)
        /// To an instant no earlier than the clock.
        case at(Timestamp)
    }

    /// The step's 1-based position in `steps`.
    @_spi(ReviewGateTools) public var number: Int
    /// Where the step starts in the scenario file.
    @_spi(ReviewGateTools) public var location: SourceLocation
    /// What the step does; `nil` when it only moves the clock.
    @_spi(ReviewGateTools) public var action: Action?
    /// How the clock moves first.
    @_spi(ReviewGateTools) public var clock: ClockMove?
    /// Where `after` or `at` is written.
    @_spi(ReviewGateTools) public var clockLocation: SourceLocation?
    /// The moment's scene.
    @_spi(ReviewGateTools) public var scene: String?
    /// The moment's source, when not the default.
    @_spi(ReviewGateTools) public var source: MomentSource?
    /// The moment's build channel (Semantics §16.1): the step's own, else the scenario's.
    @_spi(ReviewGateTools) public var channel: Channel = .production
    /// How many times the step runs.
    @_spi(ReviewGateTools) public var repetitions: Int
    /// What each of its decisions must be.
    package var expectation: Expectation?
    /// Under a budget: the external prompts wanted at the moment.
    package var wanted: [String] = []
    /// Under a budget: whether the granted prompt takes a lease (as an app's prompter does) rather
    /// than being shown at once.
    package var leases = false
    /// The prompt a `respond` answers, when given: else the policy's (`review` under a budget).
    package var prompt: String?
    /// The UTC offset a step's `at` is written in, in seconds: the moments' from this step on.
    package var atOffsetSeconds: Int?

    /// The moment this step's action makes at `time`, if it is a moment.
    @_spi(ReviewGateTools) public func moment(at time: LocalTime) -> Moment? {
        var moment: Moment
        switch action {
        case .launch: moment = Moment(time: time, event: Trigger.launchEvent, scene: scene)
        case .event(let event): moment = Moment(time: time, event: event, scene: scene, source: source)
        case .trigger(let trigger): moment = Moment(time: time, trigger: trigger, scene: scene, source: source)
        case .want: moment = Moment(time: time, scene: scene, source: source)
        default: return nil
        }
        moment.channel = channel
        return moment
    }
}

/// What a step's decision must be: the parts given, each compared exactly.
package struct Expectation: Sendable {
    /// One part of a decision to compare.
    package enum Part: Sendable, Equatable {
        /// `allow` or `block`.
        case decision(Decision.Outcome)
        /// The trigger that allowed it, or `nil` for none.
        case trigger(String?)
        /// The exact list of what blocked, in evaluation order.
        case blockedBy([Blocker])
        /// When it could next be allowed by waiting alone, or `nil` for never.
        case nextEligibleAt(Timestamp?)
        /// Under a budget: the granted prompt, or `nil` for none.
        case granted(String?)
        /// Under a budget: what blocked a prompt, by id (`budget` among them).
        case blockedByIDs([String])
        /// Under a budget: one part of a prompt's outcome.
        indirect case prompt(String, Part)
        /// Under an experiment (Semantics §13): the person's arm (`holdout` for the held-out).
        case arm(String?)
        /// Under an experiment: whether this moment is the person's exposure.
        case exposure(Bool)
    }

    /// The parts, in the order written.
    package var parts: [Part]

    /// Each part that `arbitration` does not meet, with what it has instead. A prompt that was no
    /// candidate is blocked by nothing and allowed by no trigger.
    package func mismatches(in arbitration: Arbitration) -> [Mismatch] {
        parts.compactMap { part in
            let actual = Self.actual(part, in: arbitration)
            return actual == part ? nil : Mismatch(expected: part, actual: actual)
        }
    }

    private static func actual(_ part: Part, in arbitration: Arbitration) -> Part {
        guard case .prompt(let name, let inner) = part else { return .granted(arbitration.granted) }
        let candidate = arbitration.candidate(name)
        let actual: Part =
            switch inner {
            case .decision: .decision(candidate?.isGranted == true ? .allow : .block)
            case .trigger: .trigger(candidate?.isGranted == true ? candidate?.decision?.trigger : nil)
            case .nextEligibleAt: .nextEligibleAt(candidate?.nextEligibleAt)
            default: .blockedByIDs(candidate?.blockedBy ?? [])
            }
        return .prompt(name, actual)
    }

    /// Creates an expectation.
    package init(_ parts: [Part]) {
        self.parts = parts
    }

    /// Each part that `decision` does not meet, with what it has instead.
    package func mismatches(in decision: Decision) -> [Mismatch] {
        parts.compactMap { part in
            let actual: Part =
                switch part {
                case .decision: .decision(decision.outcome)
                case .trigger: .trigger(decision.trigger)
                case .blockedBy: .blockedBy(decision.blockedBy)
                case .nextEligibleAt: .nextEligibleAt(decision.nextEligibleAt)
                case .arm: .arm(decision.experiment?.arm)
                case .exposure: .exposure(decision.experiment?.isExposure ?? false)
                // A budget's parts: a policy's scenario has none (the decoder refuses them).
                case .granted, .blockedByIDs, .prompt: part
                }
            return actual == part ? nil : Mismatch(expected: part, actual: actual)
        }
    }
}

extension Expectation.Part: CustomStringConvertible {
    /// The part's key in a scenario file: `decision`, `trigger`, `blocked_by`, `next_eligible_at`.
    @_spi(ReviewGateTools) public var key: String {
        switch self {
        case .decision: "decision"
        case .trigger: "trigger"
        case .blockedBy, .blockedByIDs: "blocked_by"
        case .nextEligibleAt: "next_eligible_at"
        case .granted: "granted"
        case .prompt(let name, let part): "\(name) \(part.key)"
        case .arm: "arm"
        case .exposure: "exposure"
        }
    }

    /// The value as a scenario file writes it: `block`, `null`, `[trigger]`, `2026-01-26T09:00:00Z`.
    @_spi(ReviewGateTools) public var value: String {
        switch self {
        case .decision(let outcome): outcome.rawValue
        case .trigger(let trigger): trigger ?? "null"
        case .blockedBy(let blockers): "[\(blockers.map(\.id).joined(separator: ", "))]"
        case .nextEligibleAt(let time): time.map(\.description) ?? "null"
        case .granted(let prompt): prompt ?? "null"
        case .blockedByIDs(let ids): "[\(ids.joined(separator: ", "))]"
        case .prompt(_, let part): part.value
        case .arm(let arm): arm ?? "null"
        case .exposure(let exposed): String(exposed)
        }
    }

    /// The part as a scenario file writes it: `blocked_by: [trigger]`.
    @_spi(ReviewGateTools) public var description: String { "\(key): \(value)" }
}

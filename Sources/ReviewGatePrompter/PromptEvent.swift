@_spi(ReviewGateTools) import ReviewGate

/// What a ``Prompter`` tells the app's analytics (Semantics §11): each moment's decision (the
/// decision event of Semantics §9), then, for each allowed moment, exactly one of `presented` and
/// `dropped` with its reason. Under a budget (Semantics §12), a moment's decision is one event per
/// candidate prompt, each naming its ``prompt`` and the budget, and `presented` or `dropped`
/// follow for the granted one. Every value is a string, a number or absent, so that any analytics SDK
/// takes ``parameters`` as they are:
///
/// ```swift
/// environment.events = { Analytics.logEvent($0.name, parameters: $0.parameters) }
/// ```
public struct PromptEvent: Sendable {
    /// What happened: a stable id that a later version may add to (compare with `==`).
    public struct Kind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The id: `presented`.
        public let rawValue: String
        /// The kind with this id.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The id.
        public var description: String { rawValue }

        /// A moment was decided: ``PromptEvent/decision`` holds the decision event.
        public static let decision = Kind(rawValue: "decision")
        /// The presenter showed the prompt; ``PromptEvent/recorded`` says whether the ask is in the state yet.
        public static let presented = Kind(rawValue: "presented")
        /// An allowed moment's prompt was not shown, or a moment could not be decided: ``PromptEvent/reason`` says why.
        public static let dropped = Kind(rawValue: "dropped")
        /// The state was replaced by a fresh one: it could not be decoded (``PromptEvent/detail``:
        /// `not_json` or `invalid`), so it was moved aside and the moment that found it decided on
        /// the fresh state, which keeps the flags, attributes, experiments, asks and answers still
        /// known; or the app asked (``Prompter/reset()``, `detail`: `requested`).
        public static let stateReset = Kind(rawValue: "state_reset")
        /// The state could not be read or written (``PromptEvent/detail`` says why, as a
        /// `state_error` drop's does), and the wanted prompt, whose budget says `state_error: allow`
        /// (a paywall the app must show), was granted without it: `presented` (with `recorded:
        /// false`) or `dropped` follows, and nothing is recorded.
        public static let stateError = Kind(rawValue: "state_error")
        /// Another device's asks and answers were merged into the state from the person's record
        /// (``Prompter/merge(_:)``, Semantics §16.5); ``PromptEvent/detail`` says what was added
        /// (`1 ask, 0 answers`).
        public static let merge = Kind(rawValue: "merge")
    }

    /// Why a prompt was not shown: a stable id that a later version may add to (compare with `==`).
    public struct DropReason: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The id: `scene_changed`.
        public let rawValue: String
        /// The reason with this id.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The id.
        public var description: String { rawValue }

        /// Another ask was pending, in this prompter or in another on the same state file.
        public static let pending = DropReason(rawValue: "pending")
        /// The app went to the background during the delay.
        public static let background = DropReason(rawValue: "background")
        /// `presentation.require_same_scene` holds and the person left the moment's scene.
        public static let sceneChanged = DropReason(rawValue: "scene_changed")
        /// The presenter answered that it could not present (or there was no presenter).
        public static let notPresented = DropReason(rawValue: "not_presented")
        /// Another process held the state's lock for too long: the moment was not decided or counted.
        public static let lockTimeout = DropReason(rawValue: "lock_timeout")
        /// The state could not be read or written (``PromptEvent/detail``: `read_only`,
        /// `disk_full`, `permission_denied`, `is_folder`, `not_found`, or `newer_state` for a state a
        /// newer reviewgate wrote): nothing was decided, counted or recorded.
        public static let stateError = DropReason(rawValue: "state_error")
        /// The moment named a trigger the policy does not have (a remote update removed it?).
        public static let unknownTrigger = DropReason(rawValue: "unknown_trigger")
        /// The app named a prompt the budget (or the one policy) does not have.
        public static let unknownPrompt = DropReason(rawValue: "unknown_prompt")
        /// The app wanted a prompt that its policy decides (the review): its policy's moments ask
        /// for it, not ``Prompter/want(_:scene:)``.
        public static let notExternal = DropReason(rawValue: "not_external")
        /// An event, trigger, flag or attribute name that is not a valid name (Semantics §2), or an
        /// attribute that is not a finite number: nothing was decided or written.
        public static let invalidName = DropReason(rawValue: "invalid_name")
    }

    /// What happened.
    public var kind: Kind
    /// The decision event, for a ``Kind/decision``.
    public var decision: DecisionEvent?
    /// For a ``Kind/decision``, the decision itself (or under a budget the arbitration), behind
    /// one reference: what the test kit's scenario playback writes into its transcript, at the
    /// cost of one pointer in an event.
    package var decided: Decided?
    /// The name of the policy that decided (for a `state_error`, the one that would have); under a
    /// budget, for an external prompt or a moment that was not decided, the budget's.
    public var policyName: String
    /// That policy's digest (`sha256:…`), when known.
    public var policyDigest: String?
    /// The moment's trigger: the one that allowed it, for `presented` and `dropped`.
    public var trigger: String?
    /// Under a budget, the prompt (`review`, `paywall`): the candidate's, or the granted one's.
    public var prompt: String?
    /// The budget's name, for a prompter with a budget.
    public var budgetName: String?
    /// The budget's digest (`sha256:…`), when known.
    public var budgetDigest: String?
    /// For a candidate not granted, when waiting alone would allow it (Semantics §12's
    /// `next_eligible_at`); `nil` under a live lease or when waiting does not free it.
    public var nextEligibleAt: Timestamp?
    /// Why the prompt was not shown, for a ``Kind/dropped``.
    public var reason: DropReason?
    /// For a ``Kind/presented``: whether the ask is in the state (`false`: the write failed, and the
    /// prompter records it before its next decision).
    public var recorded: Bool?
    /// More about a drop or a presentation: the file error's reason (`disk_full`), the trigger id
    /// the policy lacks, or `lease_expired` for an ask recorded after its lease lapsed; for a
    /// ``Kind/stateError`` and the presentation after it, the state's error; for a candidate the
    /// budget held back, why (`outranked by paywall (priority 80)`).
    public var detail: String?
    /// When: the moment's time, or the time the presenter was called.
    public var at: Timestamp

    /// `review_gate_decision`, `review_gate_presented`, `review_gate_dropped`,
    /// `review_gate_state_reset` or `review_gate_state_error`: the analytics event's name.
    public var name: String { "review_gate_\(kind.rawValue)" }

    /// The event's fields in a fixed order, with their names in its JSON: `kind`; under a budget
    /// `prompt`, `budget` and `budget_digest`; then a decision's are the decision event's (under a
    /// budget followed by `detail` and `next_eligible_at`); the others' are `policy`,
    /// `policy_digest`, `trigger`, `reason`, `recorded`, `detail` and `at`. A prompter without a
    /// budget writes no field of a budget's.
    package var fields: [(name: String, value: JSONValue)] {
        var fields: [(name: String, value: JSONValue)] = [("kind", .string(kind.rawValue))]
        if budgetName != nil {
            fields += [
                ("prompt", .string(prompt)), ("budget", .string(budgetName)), ("budget_digest", .string(budgetDigest)),
            ]
        }
        if let decision {
            fields += decision.fields
            if budgetName != nil {
                fields += [
                    ("detail", .string(detail)), ("next_eligible_at", .string(nextEligibleAt?.description)),
                ]
            }
            return fields
        }
        return fields + [
            ("policy", .string(policyName)), ("policy_digest", .string(policyDigest)),
            ("trigger", .string(trigger)), ("reason", .string(reason?.rawValue)),
            ("recorded", recorded.map(JSONValue.bool) ?? .null), ("detail", .string(detail)),
            ("at", .string(at.description)),
        ]
    }

    /// The fields that have a value, as strings (`recorded` as `true` or `false`); ``name`` is the
    /// analytics event's name.
    public var parameters: [String: String] { DecisionEvent.parameters(fields) }

    /// The event as one line of JSON, every field present (`null` where it has no value):
    /// `{"kind":"presented","policy":"app","policy_digest":"sha256:…",…}`.
    public var json: String {
        JSONWriter().string(.object(fields.map { (key: $0.name, value: $0.value) }))
    }

    /// Who decided, as every event of a moment names it: a policy, or a budget's prompt.
    struct Origin: Sendable {
        var policyName: String
        var policyDigest: String?
        var prompt: String?
        var budgetName: String?
        var budgetDigest: String?

        /// A prompter's one policy.
        init(_ policy: Policy) {
            (policyName, policyDigest) = (policy.name, policy.digest)
        }

        /// A budget's `prompt`: its policy, or for an external prompt the budget; with no prompt
        /// (a moment not decided), the budget.
        init(_ budget: Budget, prompt: String?) {
            let policy = prompt.flatMap { budget.prompt(named: $0)?.policy }
            policyName = policy?.name ?? budget.name
            policyDigest = policy?.digest ?? budget.digest
            self.prompt = prompt
            (budgetName, budgetDigest) = (budget.name, budget.digest)
        }
    }

    /// A decision's event.
    init(decided decision: Decision, policy: Policy) {
        let event = DecisionEvent(decision, policy: policy)
        self.init(kind: .decision, origin: Origin(policy), trigger: event.trigger, at: decision.moment.now)
        self.decision = event
        decided = Decided(decision: decision, arbitration: nil)
    }

    /// The decision event of one candidate of a moment arbitrated under `budget`.
    init(candidate: Arbitration.Candidate, of arbitration: Arbitration, budget: Budget) {
        let event = DecisionEvent(candidate, of: budget, moment: arbitration.moment)
        self.init(
            kind: .decision, origin: Origin(budget, prompt: candidate.prompt), trigger: event.trigger,
            detail: candidate.failedChecks.first.map(ArbitrationExplanation.message), at: arbitration.moment.now)
        decision = event
        decided = Decided(decision: nil, arbitration: arbitration)
        nextEligibleAt = candidate.isGranted ? nil : candidate.nextEligibleAt
    }

    /// A presentation's or a drop's event.
    init(
        kind: Kind, origin: Origin, trigger: String?, reason: DropReason? = nil, recorded: Bool? = nil,
        detail: String? = nil, at: Timestamp
    ) {
        self.kind = kind
        policyName = origin.policyName
        policyDigest = origin.policyDigest
        prompt = origin.prompt
        budgetName = origin.budgetName
        budgetDigest = origin.budgetDigest
        self.trigger = trigger
        self.reason = reason
        self.recorded = recorded
        self.detail = detail
        self.at = at
    }
}

extension PromptEvent {
    /// What a decision's event was made from: the decision of one policy, or a budget's arbitration.
    package final class Decided: Sendable {
        /// The decision, for a prompter of one policy.
        package let decision: Decision?
        /// The arbitration, under a budget.
        package let arbitration: Arbitration?

        init(decision: Decision?, arbitration: Arbitration?) {
            self.decision = decision
            self.arbitration = arbitration
        }
    }
}

@_spi(ReviewGateTools) import ReviewGate

extension Prompter {
    /// What a moment would decide now, and why (``Prompter/explain(event:scene:)``): the "why no
    /// prompt?" row of a debug screen.
    public struct Explanation: Sendable {
        /// The policies' decisions: the one policy's, or under a budget each candidate's that its
        /// policy decided.
        public var decisions: [Decision]
        /// The prompt that would be asked: the policy's when its decision allows, or under a
        /// budget the one it would grant; `nil` for none.
        public var granted: String?
        /// The explanation in words, as `reviewgate evaluate --explain` prints it (under a budget,
        /// as `evaluate --budget` does).
        public var text: String
    }

    /// The decision on the current state for a donation of `event` in `scene`, and its
    /// explanation, without counting or recording it and without waiting for any delay (Semantics
    /// §11, *A debug view*). Throws when the state cannot be read, or the budget has no such
    /// prompt.
    public func explain(event: String, scene: String? = nil) async throws -> Explanation {
        try await explain(
            moment(.event(event), scene: scene ?? currentScene, source: .system), wanted: []
        )
    }

    /// What ``want(_:scene:)`` of `prompt` would decide now under the budget, and why, without
    /// recording it or showing anything. Throws for a prompter of one policy, which has no prompt
    /// to want, as for a prompt the budget does not have.
    public func explain(want prompt: String) async throws -> Explanation {
        guard case .budget = ruling() else {
            throw Arbiter.UsageError(description: "a prompter of one policy has no prompt to want: explain a moment")
        }
        var explanation = try await explain(
            moment(.everyTrigger, scene: currentScene, source: .system), wanted: [prompt])
        if explanation.granted == prompt, presenters[prompt] == nil {
            // As want does: a prompt that cannot be shown is not granted.
            explanation.granted = nil
            explanation.text += "\nno presenter for \(prompt): want shows nothing (not_presented)"
        }
        return explanation
    }

    private func explain(_ moment: Moment, wanted: [String]) async throws -> Explanation {
        let ruling = ruling()
        // As a moment arbitrates: a policy's prompt with no presenter now is no candidate.
        let unpresentable: Set<String> =
            if case .budget(let budget) = ruling {
                Set(budget.prompts.filter { $0.policy != nil && presenters[$0.name] == nil }.map(\.name))
            } else { [] }
        let result = await onDisk(at: moment.now, rules: ruling.stateRules) { state in
            // Decided on a copy: nothing the moment would count or record is written.
            let state = state
            switch ruling {
            case .policy(let policy):
                let decision = try Evaluator.evaluate(policy, state: state, moment: moment)
                return Explanation(
                    decisions: [decision], granted: decision.isAllowed ? decision.prompt : nil,
                    text: TextExplanation().render(decision, policy: policy))
            case .budget(let budget):
                let arbitration = try Arbiter.arbitrate(
                    budget, state: state, moment: moment, wanted: wanted, promising: true, excluding: unpresentable)
                return Explanation(
                    decisions: arbitration.candidates.compactMap(\.decision), granted: arbitration.granted,
                    text: ArbitrationExplanation(budget: budget).text(arbitration))
            }
        }
        return try result.get()
    }

    /// Replaces the state with a fresh one (installed, session and version first seen now), keeping
    /// only the person's user id, under the state's lock, and sends a `state_reset` event whose
    /// detail is `requested` (Semantics §11, *A debug view*): for a debug menu and UI tests.
    public func reset() async {
        let (now, ruling) = (timestamp(), ruling())
        let result = await onDisk(at: now, rules: ruling.stateRules) { state in
            // The running version, which every change sets first.
            state = ReviewState(
                userID: state.userID, installedAt: now, sessionStartedAt: now, app: state.app, versionFirstSeenAt: now)
        }
        switch result {
        case .success:
            sink(PromptEvent(kind: .stateReset, origin: ruling.origin, trigger: nil, detail: "requested", at: now))
        case .failure(let error):
            reportFailure(error, origin: ruling.origin, trigger: nil, at: now)
        }
    }
}

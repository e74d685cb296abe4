@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring

/// Scenario failures in words: `FILE:LINE:COL: error: message`, then what shows why, indented (the
/// decision's explanation for a missed expectation, the diff for a golden transcript).
@_spi(ReviewGateTools) public enum ScenarioFailureText {
    /// The failure's lines; `advice` is appended to a golden failure's message (the command line
    /// says how to accept or record it).
    @_spi(ReviewGateTools) public static func lines(
        _ failure: ScenarioFailure, policy: Policy, budget: Budget? = nil, goldenAdvice advice: String? = nil
    ) -> [String] {
        var message = failure.message
        var details: [String] = []
        switch failure.reason {
        case .expectation(_, _, let decision):
            details = TextExplanation(color: false).render(decision, policy: policy).split(
                separator: "\n", omittingEmptySubsequences: false
            )
            .map(String.init)
        case .goldenDiffers(_, let diff):
            details = diff
            if let advice { message += "; \(advice) accepts this run" }
        case .goldenMissing:
            if let advice { message += "; \(advice) records it" }
        case .budgetExpectation(_, _, let arbitration):
            if let budget {
                details = ArbitrationExplanation(budget: budget).text(arbitration).split(
                    separator: "\n", omittingEmptySubsequences: false
                )
                .map(String.init)
            }
        case .unusableMoment, .unusableBudgetMoment, .warning, .unplayable, .refusedMerge: break
        }
        return [Diagnostic.error(message, at: failure.location).description] + details.map { "    " + $0 }
    }
}

extension ScenarioResult {
    /// Every failure in words, one block after another.
    @_spi(ReviewGateTools) public var failureReport: String {
        failures.flatMap { ScenarioFailureText.lines($0, policy: scenario.policy, budget: scenario.budget) }.joined(
            separator: "\n")
    }
}

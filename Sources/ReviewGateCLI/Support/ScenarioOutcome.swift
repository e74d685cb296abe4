@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateScenarios

/// What `reviewgate test` got from one scenario file: a result, or the errors that kept it from running.
enum ScenarioOutcome {
    case ran(ScenarioResult, duration: TimeSpan = TimeSpan(nanoseconds: 0))
    case invalid(path: String, DiagnosticError, duration: TimeSpan = TimeSpan(nanoseconds: 0))

    /// The same outcome with how long it took.
    func timed(_ duration: TimeSpan) -> ScenarioOutcome {
        switch self {
        case .ran(let result, _): .ran(result, duration: duration)
        case .invalid(let path, let error, _): .invalid(path: path, error, duration: duration)
        }
    }

    var passed: Bool {
        if case .ran(let result, _) = self { return result.passed }
        return false
    }

    var isInvalid: Bool {
        if case .invalid = self { return true }
        return false
    }

    var path: String {
        switch self {
        case .ran(let result, _): result.scenario.path
        case .invalid(let path, _, _): path
        }
    }

    /// The scenario's name, or its path when it could not be read.
    var name: String {
        switch self {
        case .ran(let result, _): result.scenario.name
        case .invalid(let path, _, _): path
        }
    }

    var duration: TimeSpan {
        switch self {
        case .ran(_, let duration), .invalid(_, _, let duration): duration
        }
    }

    /// `PASS name` or `FAIL name`, then each failure (its line, then its details indented); a
    /// golden written is noted.
    var textReport: String {
        switch self {
        case .ran(let result, _):
            var lines = ["\(result.passed ? "PASS" : "FAIL") \(result.scenario.name)"]
            if result.golden == .written, let golden = result.scenario.golden { lines.append("  wrote \(golden.path)") }
            // Each failure's first line unindented, `FILE:LINE:COL: error: ...`, as problem matchers read it.
            for failure in result.failures { lines += Self.lines(failure, of: result) }
            return lines.joined(separator: "\n")
        case .invalid(let path, let error, _):
            let count = error.diagnostics.filter { $0.severity == .error }.count
            return
                "FAIL \(path)\n  cannot run: \(count) error\(count == 1 ? "" : "s") in the scenario or its policy (on stderr)"
        }
    }

    /// A failure as the command prints it, with how `test` accepts or records a golden.
    static func lines(_ failure: ScenarioFailure, of result: ScenarioResult) -> [String] {
        ScenarioFailureText.lines(
            failure, policy: result.scenario.policy, budget: result.scenario.budget,
            goldenAdvice: "`reviewgate test --update`")
    }
}

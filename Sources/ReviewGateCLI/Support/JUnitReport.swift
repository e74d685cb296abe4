@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateScenarios

/// `reviewgate test --format junit`: the JUnit XML that CI systems (GitHub Actions reporters,
/// GitLab, Jenkins) read. One `<testcase>` per scenario file: a `<failure>` for failed
/// expectations or a golden mismatch, an `<error>` for a file that could not be run.
enum JUnitReport {
    static func render(_ outcomes: [ScenarioOutcome]) -> String {
        let failures = outcomes.filter { !$0.passed && !$0.isInvalid }.count
        let errors = outcomes.filter(\.isInvalid).count
        let total = seconds(
            outcomes.reduce(TimeSpan(nanoseconds: 0)) {
                TimeSpan(nanoseconds: $0.nanoseconds + $1.duration.nanoseconds)
            })
        let counts = "tests=\"\(outcomes.count)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"\(total)\""
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuites name=\"reviewgate\" \(counts)>",
            "  <testsuite name=\"reviewgate scenarios\" \(counts)>",
        ]
        for outcome in outcomes {
            var open =
                "    <testcase classname=\"\(escape(outcome.path))\" name=\"\(escape(outcome.name))\" file=\"\(escape(outcome.path))\""
            open += " time=\"\(seconds(outcome.duration))\""
            switch outcome {
            case .ran(let result, _) where result.passed:
                lines.append(open + "/>")
            case .ran(let result, _):
                // The first failure's line, which test reporters read beside `file` to annotate it.
                lines.append(open + (result.failures.first.map { " line=\"\($0.location.line)\"" } ?? "") + ">")
                let message = result.failures.map(\.message).joined(separator: "; ")
                let body = result.failures.flatMap { ScenarioOutcome.lines($0, of: result) }.joined(separator: "\n")
                lines.append(
                    "      <failure message=\"\(escape(message))\" type=\"scenario\">\(escape(body, attribute: false))</failure>"
                )
                lines.append("    </testcase>")
            case .invalid(_, let error, _):
                lines.append(open + ">")
                let first = error.diagnostics.first?.advised.message ?? "cannot be read"
                lines.append(
                    "      <error message=\"\(escape(first))\" type=\"invalid\">\(escape(error.advised.description, attribute: false))</error>"
                )
                lines.append("    </testcase>")
            }
        }
        lines += ["  </testsuite>", "</testsuites>"]
        return lines.joined(separator: "\n")
    }

    /// Seconds with three decimals: `0.004`.
    private static func seconds(_ span: TimeSpan) -> String {
        let milliseconds = max(0, span.nanoseconds / 1_000_000)
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// Text for an XML attribute (line breaks as `&#10;`, which attributes would otherwise fold)
    /// or element: markup escaped, characters XML 1.0 forbids replaced.
    static func escape(_ text: String, attribute: Bool = true) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += attribute ? "&#10;" : "\n"
            case "\t", "\r": out += "&#\(scalar.value);"
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateScenarios

/// Golden files recorded by running the code: compared byte for byte, and recorded when missing
/// or when `REVIEWGATE_UPDATE_GOLDENS=1` asks. Recording is a failure too, so that a new baseline
/// is always seen (and read) before it is kept; CI, which sets `CI`, never records.
package enum Golden {
    /// The environment variable that asks to re-record every golden.
    package static let updateVariable = "REVIEWGATE_UPDATE_GOLDENS"

    /// What a comparison found.
    package enum Outcome: Equatable, CustomStringConvertible {
        /// The file holds exactly the text.
        case matches
        /// The file was written (it was missing, or re-recording was asked for).
        case recorded(String)
        /// The file differs (the unified diff, `-` the file, `+` this run); re-record with
        /// ``Golden/updateVariable``.
        case differs(String, diff: [String])
        /// The file is missing and this is CI, where nothing is recorded.
        case missing(String)

        /// What to print when it is not `.matches`.
        package var description: String {
            switch self {
            case .matches: "matches"
            case .recorded(let path): "recorded \(path): read it, then run again"
            case .differs(let path, let diff):
                "\(path) differs (- the file, + this run); \(Golden.updateVariable)=1 re-records it\n"
                    + diff.joined(separator: "\n")
            case .missing(let path): "\(path) is missing; run the tests outside CI to record it"
            }
        }
    }

    /// Compares `text` with the golden file at `path`, recording it when missing or asked to.
    package static func check(_ text: String, against path: URL) -> Outcome {
        let environment = ProcessInfo.processInfo.environment
        let stored = try? String(contentsOf: path, encoding: .utf8)
        let update = environment[updateVariable] == "1"
        if stored == text { return .matches }
        if update || (stored == nil && environment["CI"] == nil) {
            try? FileManager.default.createDirectory(
                at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? text.write(to: path, atomically: true, encoding: .utf8)
            return .recorded(path.path)
        }
        guard let stored else { return .missing(path.path) }
        return .differs(path.path, diff: LineDiff.unified(old: stored, new: text))
    }
}

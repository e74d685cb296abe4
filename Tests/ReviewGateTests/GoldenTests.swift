import Foundation
import ReviewGateTestSupport
import Testing

/// The test goldens' comparison: a mismatch shows what changed, not only which file.
@Suite struct GoldenTests {
    @Test func aMismatchPrintsTheDiff() throws {
        guard ProcessInfo.processInfo.environment[Golden.updateVariable] != "1" else { return }
        let path = try Repository.temporaryFolder().appending(path: "g.txt")
        try "one\ntwo\nthree\n".write(to: path, atomically: true, encoding: .utf8)
        #expect(Golden.check("one\ntwo\nthree\n", against: path) == .matches)
        let outcome = Golden.check("one\n2\nthree\n", against: path)
        guard case .differs(_, let diff) = outcome else {
            Issue.record("expected a difference, got \(outcome)")
            return
        }
        #expect(diff.contains("-two") && diff.contains("+2"), "\(diff)")
        #expect(outcome.description.contains("g.txt differs (- the file, + this run)"))
        #expect(try String(contentsOf: path, encoding: .utf8) == "one\ntwo\nthree\n", "never rewritten")
    }
}

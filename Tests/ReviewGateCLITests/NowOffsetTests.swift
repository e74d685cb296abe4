import Foundation
import ReviewGateTestSupport
import Testing

/// `--now`'s UTC offset dates the moment's day of use (Semantics §14.2): the same instant is one local
/// date in Tokyo and the day before in UTC, for `evaluate` and for what `record` keeps.
@Suite struct NowOffsetTests {
    static let policy = """
        reviewgate: 1
        name: days
        triggers: {done: {at_least: 1}}
        guards:
          active_days: {at_least: 2, within: 7d}
          system_quota: false
        """
    static let state = """
        reviewgate_state: 1
        installed_at: 2026-11-01T10:00:00Z
        app: {short: "1.0"}
        active_days: ["2026-11-21"]
        """

    @Test func theOffsetOfNowDatesTheMomentAndTheDayKept() throws {
        let folder = try Repository.temporaryFolder()
        try Self.policy.write(to: folder.appending(path: "p.yaml"), atomically: true, encoding: .utf8)
        try Self.state.write(to: folder.appending(path: "s.yaml"), atomically: true, encoding: .utf8)
        try Self.state.replacingOccurrences(of: #"["2026-11-21"]"#, with: #"["2026-11-21", "2026-11-22"]"#).write(
            to: folder.appending(path: "two.yaml"), atomically: true, encoding: .utf8)
        // 2026-11-21T15:30Z is the 22nd in Tokyo, where both dates lie in the window; in UTC it is
        // still the 21st, and the 22nd is a date after the moment's, kept but not counted.
        let evaluate = { (now: String) in
            try CLIRunner.run(
                ["evaluate", "--policy", "p.yaml", "--state", "two.yaml", "--event", "done", "--now", now], in: folder)
        }
        #expect(try evaluate("2026-11-22T00:30:00+09:00").stdout.hasPrefix("allow"))
        #expect(try evaluate("2026-11-21T15:30:00Z").stdout.hasPrefix("block (blocked by active_days"))
        let record = try CLIRunner.run(
            ["record", "--policy", "p.yaml", "--state", "s.yaml", "--launch", "--now", "2026-11-22T00:30:00+09:00"],
            in: folder)
        #expect(record.stdout.contains("day of use 2026-11-22"), "\(record.stdout)")
        let kept = try String(contentsOf: folder.appending(path: "s.yaml"), encoding: .utf8)
        #expect(kept.contains(#"active_days: ["2026-11-21", "2026-11-22"]"#), "\(kept)")
    }
}

@_spi(ReviewGateTools) import ReviewGate
import ReviewGateTestSupport
import Testing

@Suite struct ConditionTests {
    private func holds(_ condition: String, state extra: String = "", event: String? = "done") throws -> Bool {
        let policy = try Fixtures.simplePolicy(
            guards: "when: \(condition)\ncooldown: 1d", extra: "app: {version_key: short}")
        let state = try Fixtures.state(Fixtures.baseState + "\n" + extra)
        let check = try #require(
            try Fixtures.decide(policy, state, event: event).check(.guard(.when)), "the decision has no when check")
        return check.passed
    }

    @Test func allAndAnyOfNothing() throws {
        #expect(try holds("{all: []}"))
        #expect(try !holds("{any: []}"))
    }

    @Test func notAllAny() throws {
        #expect(try holds("{not: {flag: crashed}}"))
        #expect(try !holds("{not: {flag: crashed}}", state: "flags: {crashed: true}"))
        #expect(try holds("{any: [{flag: a}, {flag: b}]}", state: "flags: {b: true}"))
        #expect(try !holds("{all: [{flag: a}, {flag: b}]}", state: "flags: {b: true}"))
    }

    @Test func eventCountIncludesTheDonationOfThatEvent() throws {
        #expect(try holds("{event: done, at_least: 3}", state: "events: {done: 2}"))
        #expect(try !holds("{event: done, at_least: 3}", state: "events: {done: 2}", event: "other"))
        #expect(try holds("{event: other, exactly: 0}"))
        #expect(try holds("{event: done, at_most: 1}", state: "events: {done: 0}"))
    }

    /// `within` counts only donation times in (now − within, now], plus this donation.
    @Test func eventCountWithinAWindow() throws {
        let times =
            "events: {done: {count: 3, times: [2026-11-10T10:00:00Z, 2026-11-15T10:00:00Z, 2026-11-21T10:00:00Z]}}"
        // 11-21 and this one; 11-15 is exactly 7d ago.
        #expect(try holds("{event: done, at_least: 2, within: 7d}", state: times))
        #expect(try !holds("{event: done, at_least: 3, within: 7d}", state: times))
        #expect(try holds("{event: done, exactly: 1, within: 7d}", state: times, event: "other"))
    }

    @Test func launchesAndAges() throws {
        #expect(try holds("{launches: {at_least: 10}}", state: "launches: 10"))
        #expect(try !holds("{launches: {at_most: 9}}", state: "launches: 10"))
        #expect(try holds("{install_age: {at_least: 21d}}"))  // installed 2026-11-01, now 11-22
        #expect(try !holds("{install_age: {at_least: 22d}}"))
        #expect(try holds("{install_age: {at_most: 21d}}"))
    }

    @Test func sinceLastAskTreatsNeverAsInfinitelyLongAgo() throws {
        #expect(try holds("{since_last_ask: {at_least: 3650d}}"))
        #expect(try !holds("{since_last_ask: {at_most: 1d}}"))
        #expect(try holds("{since_last_ask: {at_most: 1d}}", state: "asks: [{at: 2026-11-21T10:00:00Z}]"))
    }

    @Test func attributes() throws {
        #expect(try holds("{attribute: plan, in: [pro, team]}", state: "attributes: {plan: team}"))
        #expect(try !holds("{attribute: plan, equals: pro}", state: "attributes: {plan: team}"))
        #expect(try !holds("{attribute: plan, equals: pro}"))  // missing does not hold
        #expect(try holds("{attribute: score, at_least: 4.5}", state: "attributes: {score: 5}"))
        #expect(try !holds("{attribute: score, at_most: 4.5}", state: "attributes: {score: 5}"))
        #expect(try !holds("{attribute: plan, at_least: 1}", state: "attributes: {plan: pro}"))
    }

    @Test func appVersionComparesDottedNumbers() throws {
        #expect(try holds("{app_version: {at_least: \"1.0\"}}"))  // state is 1.0
        #expect(try holds("{app_version: {at_least: \"0.9.9\"}}"))
        #expect(try holds("{app_version: {below: \"1.0.1\"}}"))
        #expect(AppVersionNumber("1.10")! > AppVersionNumber("1.9")!)
        #expect(AppVersionNumber("2")! == AppVersionNumber("2.0.0")!)
        #expect(AppVersionNumber("1.a") == nil)
    }

    /// A library's version between releases (`0.6.0-dev`) compares as its dotted digits, the
    /// suffix ignored (Semantics §2); an app version or a `requires` keeps to
    /// dotted digits.
    @Test func aPreReleaseSuffixIsIgnoredInTheComparison() throws {
        let dev = try #require(AppVersionNumber(release: "0.6.0-dev"))
        #expect(dev == AppVersionNumber("0.6.0")!)
        #expect(dev > AppVersionNumber("0.5.9")!)
        #expect(dev < AppVersionNumber("0.6.1")!)
        #expect(dev.description == "0.6.0-dev")
        #expect(dev.dotted == "0.6.0")
        #expect(AppVersionNumber(release: "0.6.0")?.dotted == "0.6.0")
        #expect(AppVersionNumber(release: "0.6.0-") == nil)
        #expect(AppVersionNumber(release: "-dev") == nil)
        #expect(AppVersionNumber(release: "0.6x-dev") == nil)
        #expect(AppVersionNumber("0.6.0-dev") == nil)
        #expect(LibraryVersion.current.dotted == "0.6.0")
        #expect(!LibraryVersion.isRelease)
    }

    /// What the explanation says of a `when` guard, in the state's words.
    private func observed(_ guards: String, state extra: String = "") throws -> String {
        let policy = try Fixtures.simplePolicy(guards: guards + "\ncooldown: 1d")
        // A state's `app` line replaces the base state's.
        let base = extra.hasPrefix("app:") ? Fixtures.baseState.replacing(/app:.*/, with: "") : Fixtures.baseState
        let state = try Fixtures.state(base + "\n" + extra)
        let decision = try Fixtures.decide(policy, state)
        let check = try #require(decision.check(.guard(.when)))
        return CheckDescription(check, of: decision, policy: policy).observed
    }

    @Test func everyFailingPartIsNamedWithWhatWasSeen() throws {
        let text = try observed(
            "when:\n  all:\n    - {flag: a}\n    - {flag: b}\n    - {attribute: plan, equals: pro}\n    - {launches: {at_least: 5}}",
            state: "flags: {a: true, b: false}\nattributes: {plan: free}\nlaunches: 2")
        #expect(
            text
                == "flag b is false, required true (line 10); attribute plan is \"free\", required equals \"pro\" (line 11); launches count 2, required at least 5 (line 12)"
        )
    }

    @Test func aTypeOrFormatProblemIsSaid() throws {
        #expect(
            try observed("when: {attribute: level, at_least: 10}", state: "attributes: {level: \"12\"}")
                == "attribute level is the string \"12\", required a number at least 10 (line 7)")
        #expect(
            try observed("when: {attribute: level, equals: 12}", state: "attributes: {level: \"12\"}")
                == "attribute level is the string \"12\", required equals 12 (line 7)")
        #expect(
            try observed("when: {attribute: plan, equals: pro}")
                == "attribute plan is not set, required equals \"pro\" (line 7)")
        #expect(
            try observed(
                "when: {app_version: {at_least: \"2.0\"}}", state: "app: {short: \"1.5-beta\", build: \"1\"}")
                == "app version \"1.5-beta\" is not a dotted number, required at least 2.0 (line 7)")
        #expect(
            try observed("when: {app_version: {at_least: \"2.0\"}}", state: "app: {short: \"1.5\", build: \"1\"}")
                == "app version is 1.5, required at least 2.0 (line 7)")
    }

    @Test func anyNotAndNeverAskedAreSaid() throws {
        #expect(try observed("when: {any: []}") == "any: [] never holds (line 7)")
        #expect(
            try observed("when: {not: {flag: crashed}}", state: "flags: {crashed: true}")
                == "flag crashed is true, required false or not set (line 7)")
        #expect(
            try observed("when: {not: {install_age: {at_least: 1d}}}", state: "")
                .hasSuffix("holds, required it not to (line 7)"))
        #expect(
            try observed("when: {since_last_ask: {at_most: 30d}}")
                == "never asked, required at most 30d since the last ask (line 7)")
        // An `any` that fails names the failing parts of each branch.
        #expect(
            try observed("when: {any: [{flag: a}, {install_age: {at_least: 60d}}]}")
                == "flag a is not set, required true (line 7); installed 21d ago, required at least 60d (line 7)")
    }

    @Test func aConditionThatHoldsSaysSo() throws {
        #expect(try observed("when: {flag: a}", state: "flags: {a: true}") == "holds")
    }

    @Test func theExplanationListsEachFailingPartOnItsOwnLine() throws {
        let policy = try Fixtures.simplePolicy(guards: "when: {all: [{flag: a}, {flag: b}]}")
        let decision = try Fixtures.decide(policy, Fixtures.state(Fixtures.baseState))
        let lines = TextExplanation().render(decision, policy: policy).split(separator: "\n")
        let index = try #require(lines.firstIndex { $0.contains("✗ when") })
        #expect(lines[index].contains("2 parts do not hold"))
        #expect(lines[index + 1].hasSuffix("flag a is not set, required true (line 7)"))
        #expect(lines[index + 2].hasSuffix("flag b is not set, required true (line 7)"))
    }
}

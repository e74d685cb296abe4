@_spi(ReviewGateTools) import ReviewGate
import ReviewGateTestSupport
@_spi(ReviewGateTools) import ReviewGateYAML
import Testing

@Suite struct StateDecoderTests {
    private func errors(_ yaml: String) -> [Diagnostic] {
        do {
            _ = try Fixtures.state(yaml)
            return []
        } catch let error as DiagnosticError {
            return error.diagnostics
        } catch {
            return []
        }
    }

    @Test func specExampleReads() throws {
        let state = try Fixtures.state(
            """
            reviewgate_state: 1
            user_id: u-8c1f
            installed_at: 2026-10-01T09:00:00Z
            session_started_at: 2026-11-22T09:58:00Z
            launches: 12
            app: {short: "1.4.0", build: "142"}
            version_first_seen_at: 2026-11-01T08:00:00Z
            events:
              process_completed: 3
              walk_ended: {count: 2, times: [2026-11-20T18:00:00Z, 2026-11-21T18:30:00Z]}
            asks:
              - {at: 2026-10-20T10:00:00Z, short: "1.3.0", build: "130", trigger: process_completed}
            responses:
              - {at: 2026-10-20T10:01:00Z, kind: later}
            flags: {crashed_recently: false}
            attributes: {plan: pro, country: DE}
            """)
        #expect(state.launches == 12)
        #expect(state.events["walk_ended"]?.times.count == 2)
        #expect(state.asks.first?.build == "130")
        #expect(state.responses.first?.kind == .later)
        #expect(state.attributes["plan"] == .string("pro"))
    }

    @Test func jsonStateReads() throws {
        let json =
            #"{"reviewgate_state": 1, "installed_at": "2026-10-01T09:00:00Z", "app": {"short": "1.0"}, "launches": 2}"#
        #expect(try Fixtures.state(json).launches == 2)
    }

    @Test func problemsAreReportedAtTheirNodes() {
        let found = errors(
            """
            reviewgate_state: 1
            installed_at: yesterday
            app: {short: "1.0"}
            launches: "12"
            events: {done: {count: 1, times: [2026-11-20T18:00:00Z, 2026-11-21T18:30:00Z]}}
            respnses: []
            """)
        #expect(found.contains { $0.location?.line == 2 && $0.message.contains("RFC 3339") })
        #expect(found.contains { $0.location?.line == 4 && $0.message.contains("whole number") })
        #expect(found.contains { $0.location?.line == 5 && $0.message.contains("count is 1") })
        #expect(found.contains { $0.location?.line == 6 && $0.message.contains("did you mean \"responses\"") })
    }

    @Test func launchesAreNotAnEvent() {
        let found = errors(
            "reviewgate_state: 1\ninstalled_at: 2026-10-01T09:00:00Z\napp: {short: \"1\"}\nevents: {launch: 3}")
        #expect(found.first?.location?.line == 4)
        #expect(found.first?.message.contains("top-level key launches") == true)
    }

    @Test func theVersionKeysStringIsRequired() {
        let found = errors("reviewgate_state: 1\ninstalled_at: 2026-10-01T09:00:00Z\napp: {build: \"7\"}")
        #expect(found.first?.message.contains("app.short") == true)
    }
}

/// Semantics §2 *Values*: a name may start with a digit; a number where a string is wanted says to quote it.
@Suite struct ValuesTests {
    @Test func aNameMayStartWithADigit() throws {
        let policy = try Fixtures.policy(
            "reviewgate: 1\nname: t\ntriggers: {2fa_completed: {at_least: 1, scenes: [2nd_screen]}}\nguards: {cooldown: 1d}"
        )
        #expect(policy.triggers.map(\.event) == ["2fa_completed"])
        let state = try Fixtures.state(Fixtures.baseState + "\nevents: {\"2fa_completed\": 2}")
        #expect(state.events["2fa_completed"]?.count == 2)
    }

    @Test func aNumberWhereAStringIsWantedSaysToQuoteIt() {
        let store = Fixtures.errors(
            "reviewgate: 1\nname: t\napp: {store_id: 1234567890}\ntriggers: {done: {at_least: 1}}\nguards: {cooldown: 1d}"
        )
        #expect(
            store.map(\.message) == [
                "store_id must be a string, but YAML reads 1234567890 as the integer 1234567890: write it in quotes, \"1234567890\""
            ])
        #expect(throws: DiagnosticError.self) {
            try Fixtures.state("reviewgate_state: 1\ninstalled_at: 2026-11-01T10:00:00Z\napp: {short: 1.10, build: 2}")
        }
        do {
            _ = try Fixtures.state(
                "reviewgate_state: 1\ninstalled_at: 2026-11-01T10:00:00Z\napp: {short: 1.10, build: 2}")
        } catch let error as DiagnosticError {
            #expect(
                error.diagnostics.map(\.message) == [
                    "app short must be a string, but YAML reads 1.10 as the number 1.1: write it in quotes, \"1.10\"",
                    "app build must be a string, but YAML reads 2 as the integer 2: write it in quotes, \"2\"",
                ])
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test(arguments: ["", "a b", ".x", "-x", "café", String(repeating: "n", count: 101)])
    func whatIsNoName(_ text: String) {
        #expect(!Name.isValid(text))
    }

    @Test(arguments: ["2fa_completed", "0", "_", "a.b-c", String(repeating: "n", count: 100)])
    func whatIsAName(_ text: String) {
        #expect(Name.isValid(text))
    }
}

/// A state file of a newer format is refused with the same words as a policy or a scenario.
@Suite struct StateFormatVersionTests {
    @Test func aNewerStateFileNeedsANewerReviewgate() {
        let error = #expect(throws: DiagnosticError.self) {
            try Fixtures.state("reviewgate_state: 2\ninstalled_at: 2026-11-01T10:00:00Z\napp: {short: \"1\"}")
        }
        #expect(
            error?.diagnostics.map(\.description) == [
                "s.yaml:1:19: error: this state file needs a newer reviewgate: it uses format 2, and this reviewgate reads format 1"
            ])
    }
}

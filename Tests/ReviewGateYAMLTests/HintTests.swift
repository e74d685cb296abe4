@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateYAML
import Testing

/// libyaml's messages get a hint where the cause is common and known.
@Suite struct HintTests {
    private static let policy = """
        name: demo
        triggers:
          done:
            event: task_completed
            at_least: 3
        guards:
          cooldown: 30d
          never_on: [launch]
        """

    /// The first error's message for the policy with one line replaced.
    private func message(replacing old: String, with new: String) -> String? {
        let text = Self.policy.replacing(old, with: new)
        do {
            _ = try YAMLLoader().load(text, file: "h.yaml")
            return nil
        } catch {
            return error.diagnostics.first?.message
        }
    }

    @Test func aLineIndentedMoreThanItsSiblingIsNamed() {
        #expect(
            message(replacing: "  never_on", with: "   never_on")
                == "mapping values are not allowed in this context: this line is indented more than line 7 above it (3 spaces against 2); keys of one mapping start in the same column, and a key's children are indented under it"
        )
        #expect(
            message(replacing: "    at_least", with: "   at_least")?.hasPrefix(
                "did not find expected key: this line is indented 3 spaces, which lines up with no mapping above it")
                == true)
    }

    @Test func aKeyWithoutASpaceAfterItsColonIsNamed() {
        #expect(
            message(replacing: "cooldown: 30d", with: "cooldown:30d")
                == "mapping values are not allowed in this context: line 7 reads \"cooldown:30d\": YAML needs a space after a key's colon (cooldown: 30d), so it read that line as text and this one as more of it"
        )
        #expect(
            message(replacing: "never_on: [launch]", with: "never_on:[launch]")
                == "could not find expected ':': line 8 reads \"never_on:[launch]\": YAML needs a space after a key's colon (never_on: [launch])"
        )
    }

    @Test func aQuoteLeftOpenIsReportedWhereItOpens() throws {
        for (value, advice) in [
            ("\"demo", "end it with \" on its line"), ("'demo", "inside single quotes, write a ' as '' ('it''s')"),
        ] {
            let text = Self.policy.replacing("name: demo", with: "name: \(value)")
            let error = #expect(throws: DiagnosticError.self) { try YAMLLoader().load(text, file: "h.yaml") }
            let diagnostic = try #require(error?.diagnostics.first)
            #expect(diagnostic.location?.description == "h.yaml:1:7", "not the end of the file")
            #expect(diagnostic.message.hasPrefix("the quoted value that opens here is never closed"))
            #expect(diagnostic.message.contains(advice), "\(diagnostic.message)")
            #expect(diagnostic.notes.isEmpty)
        }
    }

    @Test func anApostropheInsideSingleQuotesIsNamed() {
        #expect(
            message(replacing: "name: demo", with: "name: 'it's demo'")
                == "did not find expected key: the single-quoted value ends at the ' in column 10: inside single quotes, write a ' as '' ('it''s demo'), or use double quotes (\"it's demo\")"
        )
    }

    @Test func aTabsMessageHasNoNoteOfLibyamlsScan() throws {
        let text = Self.policy.replacing("    at_least", with: "\tat_least")
        let error = #expect(throws: DiagnosticError.self) { try YAMLLoader().load(text, file: "h.yaml") }
        #expect(error?.diagnostics.first?.message.hasPrefix("a tab character where YAML expects spaces") == true)
        #expect(error?.diagnostics.first?.notes.isEmpty == true)
    }

    @Test func aKeyWithoutASpaceIsReportedAtThatKey() throws {
        let text = Self.policy.replacing("never_on: [launch]", with: "never_on:[launch]")
        let error = #expect(throws: DiagnosticError.self) { try YAMLLoader().load(text, file: "h.yaml") }
        #expect(error?.diagnostics.first?.location?.description == "h.yaml:8:3")
        #expect(error?.diagnostics.first?.notes.isEmpty == true)
    }

    @Test func anUnquotedColonInAValueIsNamed() {
        #expect(
            message(replacing: "name: demo", with: "name: Ask: when ready")
                == "mapping values are not allowed in this context: a value that contains \": \" must be quoted: name: \"Ask: when ready\""
        )
    }

    @Test func otherProblemsKeepLibYAMLsWords() {
        #expect(message(replacing: "[launch]", with: "[launch") == "did not find expected ',' or ']'")
    }
}

@_spi(ReviewGateTools) import ReviewGate
import ReviewGateTestSupport
import Testing

/// What a team writes in words where the language wants its own form (issue 49): a duration with
/// its unit spelled out, a launch count with a window or since the last ask.
@Suite struct WrittenInWordsTests {
    @Test(
        "a duration in words gets the form it meant",
        arguments: [
            ("30 days", "30d"), ("2 weeks", "2w"), ("1 month", "30d"), ("3 months", "90d"), ("1 year", "365d"),
            ("12 hours", "12h"), ("30 d", "30d"), ("90 Days", "90d"), ("45 min", "45m"),
        ])
    func durations(_ written: String, _ meant: String) throws {
        let errors = Fixtures.errors(
            "reviewgate: 1\nname: t\ntriggers: {done: {at_least: 1}}\nguards: {cooldown: \(written)}\n")
        #expect(
            errors.map(\.message) == [
                "cooldown must be a duration such as 21d (a whole number and s, m, h, d or w); found the string \"\(written)\": did you mean \(meant)?"
            ])
    }

    @Test("a duration that reads as no unit gets no guess", arguments: ["30 parsecs", "soon", "0 days", "-3 days"])
    func noGuess(_ written: String) throws {
        let errors = Fixtures.errors(
            "reviewgate: 1\nname: t\ntriggers: {done: {at_least: 1}}\nguards: {cooldown: \(written)}\n")
        #expect(errors.count == 1 && !(errors.first?.message.contains("did you mean") ?? true), "\(errors)")
    }

    @Test("launches with since or within points to the event form, which counts launches")
    func launchesSince() throws {
        for (key, form) in [("since: last_ask", "since: last_ask"), ("within: 7d", "within: 7d")] {
            let errors = Fixtures.errors(
                "reviewgate: 1\nname: t\ntriggers: {done: {at_least: 1}}\nguards: {when: {launches: {at_least: 3, \(key)}}}\n"
            )
            let name = key.prefix { $0 != ":" }
            #expect(
                errors.map(\.message) == [
                    "unknown key \"\(name)\" in launches; \(name) goes in the event form, which counts launches too: {event: launch, at_least: 3, \(form)}"
                ])
        }
        // The form it points to is valid.
        #expect(
            Fixtures.errors(
                "reviewgate: 1\nname: t\ntriggers: {done: {at_least: 1}}\nguards: {when: {event: launch, at_least: 3, since: last_ask}}\n"
            ).isEmpty)
    }
}

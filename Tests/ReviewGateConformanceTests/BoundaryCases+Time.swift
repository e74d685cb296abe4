@_spi(ReviewGateTools) import ReviewGate

extension BoundaryWriter {
    /// A leap day, offsets across midnight (days of use are local dates), and a clock set back.
    mutating func time() {
        let installAge = simple("leap-install-age-1d", guards: "min_install_age: 1d")
        let installed = "2028-02-28T12:00:00Z"
        for (name, now) in [("before", "2028-02-29T11:59:59Z"), ("at", "2028-02-29T12:00:00Z")] {
            both("leap-install-age-\(name)", policy: installAge, state: W.state(installed: installed), now: now)
        }
        let cooldown = simple("leap-cooldown-365d", guards: "cooldown: 365d")
        for (name, now) in [
            ("before", "2028-02-28T23:59:59Z"), ("at", "2028-02-29T00:00:00Z"), ("march", "2028-03-01T00:00:00Z"),
        ] {
            both(
                "leap-cooldown-365d-\(name)", policy: cooldown,
                state: W.state(installed: "2027-01-01T00:00:00Z", "asks: [{at: 2027-03-01T00:00:00Z}]"), now: now)
        }
        let leapDays = simple("leap-active-days", guards: "active_days: {at_least: 3, within: 3d}")
        for (name, now) in [("on-the-day", "2028-02-29T18:00:00Z"), ("day-after", "2028-03-01T18:00:00Z")] {
            both(
                "leap-active-days-\(name)", policy: leapDays,
                state: W.state(installed: "2028-02-01T00:00:00Z", "active_days: [\"2028-02-27\", \"2028-02-28\"]"),
                now: now)
        }
        let days = simple("active-days-2-in-7d", guards: "active_days: {at_least: 2, within: 7d}")
        let seen = W.state("active_days: [\"2026-06-14\"]")
        for (name, now) in [
            ("pacific-late-evening", "2026-06-14T23:30:00-08:00"),
            ("europe-after-midnight", "2026-06-15T00:30:00+01:00"),
            ("utc-midnight", "2026-06-15T00:00:00Z"), ("utc-before-midnight", "2026-06-14T23:59:59Z"),
            ("kiribati", "2026-06-15T10:00:00+14:00"), ("baker-island", "2026-06-14T10:00:00-12:00"),
            ("adelaide", "2026-06-15T00:00:00+09:30"),
        ] {
            both("active-days-\(name)", policy: days, state: seen, now: now)
        }
        let window = simple("active-days-window-edge", guards: "active_days: {at_least: 2, within: 7d}")
        for (name, date) in [("inside", "2026-06-09"), ("outside", "2026-06-08")] {
            both("active-days-window-\(name)", policy: window, state: W.state("active_days: [\"\(date)\"]"))
        }
        let condition = simple(
            "active-days-condition", trigger: "at_least: 1, when: {active_days: {at_least: 2, within: 7d}}")
        both("active-days-condition-midnight-east", policy: condition, state: seen, now: "2026-06-15T01:00:00+02:00")
        both("active-days-condition-midnight-west", policy: condition, state: seen, now: "2026-06-14T22:00:00-02:00")

        // A clock set back: what the state recorded lies after the moment.
        let back = simple(
            "clock-back", trigger: "at_least: 2, within: 7d", guards: "min_install_age: 1d, cooldown: 30d")
        both(
            "clock-back-ask-in-future", policy: back,
            state: W.state("events: {done: {count: 1, times: [\(W.at(-3_600))]}}\nasks: [{at: \(W.at(W.day))}]"))
        both(
            "clock-back-event-in-future", policy: back,
            state: W.state("events: {done: {count: 1, times: [\(W.at(W.day))]}}"))
        both(
            "clock-back-installed-in-future", policy: back,
            state: W.state(installed: W.at(3_600), "events: {done: {count: 1, times: [\(W.at(-60))]}}"))
        let session = simple("clock-back-session", guards: "min_session_age: 2m")
        both("clock-back-session-in-future", policy: session, state: W.state("session_started_at: \(W.at(600))"))
        let since = simple("clock-back-since-last-ask", trigger: "at_least: 1, when: {since_last_ask: {at_least: 1d}}")
        both("clock-back-since-last-ask", policy: since, state: W.state("asks: [{at: \(W.at(3_600))}]"))
        let later = simple("clock-back-later", extra: "responses: {after_later: 1d}")
        both(
            "clock-back-later-in-future", policy: later,
            state: W.state("responses: [{at: \(W.at(3_600)), kind: later}]"))
    }
}

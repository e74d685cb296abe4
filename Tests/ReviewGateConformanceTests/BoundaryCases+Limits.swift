@_spi(ReviewGateTools) import ReviewGate
import ReviewGateConformance

extension BoundaryWriter {
    /// `cooldown` (one wait, and waits that grow), `max_asks`, the OS's `system_quota`,
    /// `once_per_version`, counts since the last ask, and build channels at the quota's edge.
    mutating func limits() {
        let edges: [(String, Int64)] = [("inside", 1), ("at", 0), ("outside", -1)]
        let cooldown = simple("cooldown-30d", guards: "cooldown: 30d")
        for (edge, shift) in edges {
            both("cooldown-30d-\(edge)", policy: cooldown, state: W.state("asks: [{at: \(W.at(-30 * W.day + shift))}]"))
        }
        let grows = simple("cooldown-grows", guards: "cooldown: [7d, 30d]")
        for (edge, shift) in edges {
            both(
                "cooldown-grows-first-\(edge)", policy: grows,
                state: W.state("asks: [{at: \(W.at(-7 * W.day + shift))}]"))
            let asks = "asks: [{at: \(W.at(-60 * W.day))}, {at: \(W.at(-30 * W.day + shift))}]"
            both("cooldown-grows-second-\(edge)", policy: grows, state: W.state(asks))
        }
        let cap = simple("max-asks-2-per-30d", guards: "max_asks: {count: 2, per: 30d}")
        for (edge, shift) in edges {
            let asks = "asks: [{at: \(W.at(-30 * W.day + shift))}, {at: \(W.at(-W.day))}]"
            both("max-asks-2-per-30d-\(edge)", policy: cap, state: W.state(asks))
        }
        let lifetime = simple("max-asks-1", guards: "max_asks: {count: 1}")
        both(
            "max-asks-1-asked-long-ago", policy: lifetime,
            state: W.state(installed: W.at(-900 * W.day), "asks: [{at: \(W.at(-800 * W.day))}]"))
        let quota = policy(
            "quota-ios", "app: {platform: ios}\ntriggers:\n  done: {at_least: 1}\nguards: {never_on: [launch]}")
        for (edge, shift) in edges {
            let asks =
                "asks: [{at: \(W.at(-365 * W.day + shift))}, {at: \(W.at(-100 * W.day))}, {at: \(W.at(-10 * W.day))}]"
            both("quota-ios-\(edge)", policy: quota, state: W.state(installed: W.at(-400 * W.day), asks))
            for channel in [Channel.testFlight, .development] {
                moment(
                    .evaluation, "quota-ios-\(edge)-\(channel.rawValue)", policy: quota,
                    state: W.state(installed: W.at(-400 * W.day), asks), channel: channel)
            }
        }
        let noQuota = policy(
            "quota-testflight-no-quota",
            "app: {platform: ios}\ntriggers:\n  done: {at_least: 1}\nguards: {never_on: [launch]}\nchannels: {testflight: no_quota, development: block}"
        )
        let full = "asks: [{at: \(W.at(-50 * W.day))}, {at: \(W.at(-40 * W.day))}, {at: \(W.at(-30 * W.day))}]"
        for channel in [Channel.production, .testFlight, .development] {
            both(
                "quota-channels-\(channel.rawValue)", policy: noQuota,
                state: W.state(installed: W.at(-400 * W.day), full), channel: channel)
        }
        for key in ["short", "build"] {
            let id = policy(
                "once-per-\(key)",
                "app: {platform: android, version_key: \(key)}\ntriggers:\n  done: {at_least: 1}\nguards: {once_per_version: true}"
            )
            both(
                "once-per-\(key)-same", policy: id,
                state: W.state("asks: [{at: \(W.at(-W.day)), short: \"1.0\", build: \"100\"}]"))
            both(
                "once-per-\(key)-other-build", policy: id,
                state: W.state("asks: [{at: \(W.at(-W.day)), short: \"1.0\", build: \"99\"}]"))
            both("once-per-\(key)-no-version", policy: id, state: W.state("asks: [{at: \(W.at(-W.day))}]"))
        }
        let since = simple("since-ask-3", trigger: "at_least: 3, since: last_ask")
        for count in [1, 2, 3] {
            let body = "events: {done: {count: 9, since_ask: {review: \(count)}}}\nasks: [{at: \(W.at(-W.day))}]"
            both("since-ask-3-since-\(count)", policy: since, state: W.state(body))
        }
        // A donation at the instant of the last ask: the counter since the ask starts there.
        both(
            "since-ask-3-at-the-ask", policy: since,
            state: W.state("events: {done: {count: 9, since_ask: {review: 2}}}\nasks: [{at: \(W.now.description)}]"))
        both("since-ask-3-never-asked", policy: since, state: W.state("events: {done: {count: 2}}"))
    }

    /// Answers to the app's pre-prompt at their edges, and the answers and new versions recorded.
    mutating func answers() {
        let edges: [(String, Int64)] = [("inside", 1), ("at", 0), ("outside", -1)]
        let declined = simple("after-declined-30d", extra: "responses: {after_declined: 30d}")
        for (edge, shift) in edges {
            let body =
                "asks: [{at: \(W.at(-30 * W.day + shift - 60))}]\nresponses: [{at: \(W.at(-30 * W.day + shift)), kind: declined}]"
            both("after-declined-30d-\(edge)", policy: declined, state: W.state(body))
        }
        let later = simple("after-later-1d", extra: "responses: {after_later: 1d}")
        for (edge, shift) in edges {
            let body = "responses: [{at: \(W.at(-W.day + shift)), kind: later}]"
            both("after-later-1d-\(edge)", policy: later, state: W.state(body))
        }
        let rated = simple("after-rated", extra: "responses: {after_rated: next_version}")
        both(
            "after-rated-same-version", policy: rated, state: W.state("responses: [{at: \(W.at(-W.day)), kind: rated}]")
        )
        both(
            "after-rated-next-version", policy: rated,
            state: W.state(
                "version_first_seen_at: \(W.at(-3_600))\nresponses: [{at: \(W.at(-W.day)), kind: rated}]"))
        for kind in ["rated", "declined", "later"] {
            action(
                "respond-\(kind)", policy: later, state: W.state(),
                action: .object([("respond", .object([("kind", .string(kind)), ("at", .string(W.now.description))]))]))
        }
        let reset = simple(
            "reset-on-new-version", trigger: "at_least: 3",
            extra: "counting: {reset_on_new_version: true}")
        for (name, short) in [("new", "1.1"), ("same", "1.0")] {
            action(
                "update-\(name)-version", policy: reset, state: W.state("events: {done: {count: 2}}"),
                action: .object([
                    (
                        "update",
                        .object([
                            ("app", .object([("short", .string(short)), ("build", .string("101"))])),
                            ("at", .string(W.now.description)),
                        ])
                    )
                ]))
        }
        let blocked = simple(
            "while-blocked-false", trigger: "at_least: 3", guards: "min_install_age: 3d",
            extra: "counting: {while_blocked: false}")
        moment(
            .record, "while-blocked-false-blocked", policy: blocked,
            state: W.state(installed: W.at(-W.day), "events: {done: {count: 1}}"))
        moment(
            .record, "while-blocked-false-allowed", policy: blocked,
            state: W.state(installed: W.at(-4 * W.day), "events: {done: {count: 2}}"))
    }
}

@_spi(ReviewGateTools) import ReviewGate

/// The boundary cases written on purpose (Semantics §18): each `>=` and `<` of a count, an age and a
/// window at its edge, bucket edges under both hashes, a clock set back, a leap day, offsets across
/// midnight and counters since an ask at the ask.
enum BoundaryCases {
    /// Adds every boundary case to `builder`.
    static func add(to builder: inout KitBuilder) {
        var writer = BoundaryWriter(builder: builder)
        writer.counts()
        writer.windowsAndAges()
        writer.limits()
        writer.answers()
        writer.time()
        writer.buckets()
        writer.budgets()
        writer.scenarios()
        builder = writer.builder
    }
}

extension BoundaryWriter {
    typealias W = BoundaryWriter

    /// `at_least`, `exactly` and `every` with the count (this donation included) one below, at and
    /// one above each edge; a moment of another event; a trigger moment and every trigger.
    mutating func counts() {
        for n in [1, 2, 3, 5] {
            let atLeast = simple("at-least-\(n)", trigger: "at_least: \(n)")
            for count in [n - 2, n - 1, n] where count >= 0 {
                both(
                    "at-least-\(n)-count-\(count + 1)", policy: atLeast,
                    state: W.state("events: {done: {count: \(count)}}"))
            }
            let exactly = simple("exactly-\(n)", trigger: "exactly: \(n)")
            for count in [n - 2, n - 1, n] where count >= 0 {
                both(
                    "exactly-\(n)-count-\(count + 1)", policy: exactly,
                    state: W.state("events: {done: {count: \(count)}}"))
            }
            guard n >= 2 else { continue }
            let every = simple("every-\(n)", trigger: "every: \(n)")
            for count in [n - 2, n - 1, 2 * n - 1, 2 * n] {
                both(
                    "every-\(n)-count-\(count + 1)", policy: every, state: W.state("events: {done: {count: \(count)}}"))
            }
        }
        let three = builder.policies.first { $0.id == "b-at-least-3" }!.id
        moment(
            .evaluation, "another-event", policy: three, state: W.state("events: {done: {count: 5}}"), event: "share")
        moment(
            .evaluation, "trigger-moment", policy: three, state: W.state("events: {done: {count: 2}}"), event: nil,
            trigger: "done")
        moment(
            .evaluation, "trigger-moment-reached", policy: three, state: W.state("events: {done: {count: 3}}"),
            event: nil, trigger: "done")
        moment(.evaluation, "every-trigger", policy: three, state: W.state("events: {done: {count: 3}}"), event: nil)
        moment(
            .evaluation, "every-trigger-short", policy: three, state: W.state("events: {done: {count: 2}}"), event: nil)
    }

    /// A count's `within`, `min_install_age`, `min_launches`, `min_session_age` and
    /// `min_version_age`, each a second inside, at and a second outside its edge.
    mutating func windowsAndAges() {
        for (window, seconds) in [("7d", 7 * W.day), ("12h", 43_200 as Int64)] {
            let policy = simple("within-\(window)", trigger: "at_least: 2, within: \(window)")
            for (edge, shift) in [("inside", Int64(1)), ("at", 0), ("outside", -1)] {
                let state = W.state("events: {done: {count: 1, times: [\(W.at(-seconds + shift))]}}")
                both("within-\(window)-\(edge)", policy: policy, state: state)
            }
        }
        for (age, seconds) in [("3d", 3 * W.day), ("21d", 21 * W.day), ("12h", 43_200 as Int64)] {
            let policy = simple("install-age-\(age)", guards: "min_install_age: \(age)")
            for (edge, shift) in [("inside", Int64(1)), ("at", 0), ("outside", -1)] {
                both("install-age-\(age)-\(edge)", policy: policy, state: W.state(installed: W.at(-seconds + shift)))
            }
        }
        for n in [2, 5] {
            let policy = simple("min-launches-\(n)", guards: "min_launches: \(n)")
            for count in [n - 1, n, n + 1] {
                both("min-launches-\(n)-launches-\(count)", policy: policy, state: W.state("launches: \(count)"))
            }
        }
        let session = simple("session-age-2m", guards: "min_session_age: 2m")
        for (edge, shift) in [("inside", Int64(1)), ("at", 0), ("outside", -1)] {
            both("session-age-2m-\(edge)", policy: session, state: W.state("session_started_at: \(W.at(-120 + shift))"))
        }
        both("session-age-2m-no-session", policy: session, state: W.state())
        let version = simple("version-age-1d", guards: "min_version_age: 1d")
        for (edge, shift) in [("inside", Int64(1)), ("at", 0), ("outside", -1)] {
            both(
                "version-age-1d-\(edge)", policy: version,
                state: W.state("version_first_seen_at: \(W.at(-W.day + shift))"))
        }
        both("version-age-1d-since-install", policy: version, state: W.state(installed: W.at(-W.day)))
    }
}

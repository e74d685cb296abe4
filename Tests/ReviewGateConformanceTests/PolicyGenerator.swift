@_spi(ReviewGateTools) import ReviewGate

/// Seeded random policies (Semantics §18): triggers, guards, answers, counting, a rollout, build
/// channels, renamed events and conditions in the proportions of ``policy(name:experiment:)``; an
/// experiment for the experiments area. Not every draw validates (an `exactly` with a `since` may
/// conflict, a cooldown list with `max_asks`…): the builder keeps the ones that do.
struct PolicyGenerator {
    /// The events the generated triggers listen to.
    static let events = ["done", "share", "level_up"]
    /// The scenes moments come from.
    static let scenes = ["Done", "Home", "Settings"]

    var chance: Chance

    /// A policy's YAML; under a budget, its `prompt` and the `app` every policy of the budget shares.
    mutating func policy(name: String, experiment: Bool, prompt: String? = nil, app: String? = nil) -> String {
        var lines = ["reviewgate: 1", "name: \(name)"]
        if let prompt { lines.append("prompt: \(prompt)") }
        lines.append(app ?? appLine())
        lines.append("triggers:")
        var triggerIDs: [(id: String, form: String)] = []
        for event in chance.some(Self.events, 0.5).nonEmpty(or: [chance.pick(Self.events)]) {
            let form = chance.pick(["at_least", "at_least", "exactly", "every"])
            let count = form == "every" ? chance.int(2...4) : chance.int(1...5)
            var parts = ["\(form): \(count)"]
            if chance.happens(0.3) { parts.append("within: \(chance.pick(["12h", "3d", "7d", "30d"]))") }
            if chance.happens(0.15) { parts.append("since: last_ask") }
            if chance.happens(0.2) { parts.append("scenes: [\(chance.pick(["Done", "Done, Home"]))]") }
            if chance.happens(0.1) { parts.append("when: \(condition(depth: 0))") }
            lines.append("  \(event): {\(parts.joined(separator: ", "))}")
            triggerIDs.append((event, form))
        }
        if chance.happens(0.1) {
            lines.append("  launch: {at_least: \(chance.int(2...6))}")
            triggerIDs.append(("launch", "at_least"))
        }
        lines += guards(scale: experiment ? 0.5 : 1)
        if chance.happens(0.4) {
            var parts: [String] = []
            if chance.happens(0.5) { parts.append("after_rated: \(chance.pick(["never", "next_version"]))") }
            if chance.happens(0.6) {
                parts.append("after_declined: \(chance.pick(["never", "next_version", "30d", "[7d, 30d]"]))")
            }
            if chance.happens(0.6) { parts.append("after_later: \(chance.pick(["1d", "3d", "[1d, 7d, 30d]"]))") }
            lines.append("responses: {\(parts.joined(separator: ", "))}")
        }
        if chance.happens(0.25) {
            lines.append(
                "counting: {while_blocked: \(chance.happens(0.5)), reset_on_new_version: \(chance.happens(0.5))}")
        }
        if chance.happens(0.15) {
            let percent = chance.pick(["10", "50", "12.5", "99.99", "0.07", "100", "33.333"])
            let hash = chance.pick(["", ", hash: v2", ", hash: v2", ", hash: v1"])
            lines.append("rollout: {percent: \(percent), salt: r\(chance.int(1...999))\(hash)}")
        }
        if chance.happens(0.1) {
            let choices = ["decide", "block", "no_quota"]
            lines.append("channels: {testflight: \(chance.pick(choices)), development: \(chance.pick(choices))}")
        }
        if chance.happens(0.05) { lines.append("renamed: {events: {old_done: done}}") }
        if experiment { lines += self.experiment(triggers: triggerIDs) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The guards, each drawn with its probability times `scale`.
    /// An `app` line: the platform and the version key.
    mutating func appLine() -> String {
        let platform = chance.happens(0.7) ? "ios" : "android"
        let versionKey = chance.happens(0.8) ? "short" : "build"
        return "app: {platform: \(platform), version_key: \(versionKey)}"
    }

    private mutating func guards(scale: Double) -> [String] {
        var parts: [String] = []
        var chance = ScaledChance(chance: self.chance, scale: scale)
        defer { self.chance = chance.chance }
        if chance.happens(0.2) {
            parts.append("never_on: \(chance.pick(["[]", "[launch]", "[user_action]", "[launch, user_action]"]))")
        }
        if chance.happens(0.4) { parts.append("min_install_age: \(chance.pick(["12h", "1d", "3d", "21d"]))") }
        if chance.happens(0.25) { parts.append("min_launches: \(chance.int(2...4))") }
        if chance.happens(0.1) {
            parts.append("active_days: {at_least: \(chance.int(2...4)), within: \(chance.pick(["7d", "14d"]))}")
        }
        if chance.happens(0.15) { parts.append("min_session_age: \(chance.pick(["30s", "2m", "10m"]))") }
        if chance.happens(0.15) { parts.append("min_version_age: \(chance.pick(["1d", "3d"]))") }
        if chance.happens(0.45) {
            parts.append(
                "cooldown: \(chance.happens(0.2) ? "[7d, 30d, 90d]" : chance.pick(["1d", "7d", "30d", "120d"]))")
        }
        if chance.happens(0.35) { parts.append("once_per_version: true") }
        if chance.happens(0.2) {
            let per = chance.pick(["", ", per: 30d", ", per: 365d"])
            parts.append("max_asks: {count: \(chance.int(1...3))\(per)}")
        }
        if chance.happens(0.3) {
            parts.append(
                "system_quota: \(chance.happens(0.5) ? "false" : "{max: \(chance.int(1...3)), per: \(chance.pick(["30d", "365d"]))}")"
            )
        }
        if chance.happens(0.1) {
            self.chance = chance.chance
            parts.append("when: \(condition(depth: 0))")
            chance.chance = self.chance
        }
        return parts.isEmpty ? [] : ["guards:"] + parts.map { "  " + $0 }
    }

    /// A condition in flow style, at most two levels deep.
    mutating func condition(depth: Int) -> String {
        let leaves = [
            "{event: done, at_least: \(chance.int(1...4))}",
            "{event: share, at_most: \(chance.int(0...2)), within: 7d}",
            "{launches: {at_least: \(chance.int(2...8))}}",
            "{install_age: {at_least: \(chance.pick(["1d", "7d"]))}}",
            "{since_last_ask: {at_least: 30d}}",
            "{flag: happy}",
            "{attribute: plan, equals: pro}",
            "{attribute: level, at_least: \(chance.int(2...8))}",
            "{app_version: {at_least: \"1.\(chance.int(0...3))\"}}",
            "{active_days: {at_least: \(chance.int(1...3)), within: 7d}}",
        ]
        guard depth < 2, chance.happens(0.35) else { return chance.pick(leaves) }
        switch chance.int(0...2) {
        case 0: return "{not: \(condition(depth: depth + 1))}"
        case 1: return "{any: [\(condition(depth: depth + 1)), \(condition(depth: depth + 1))]}"
        default: return "{all: [\(condition(depth: depth + 1)), \(condition(depth: depth + 1))]}"
        }
    }

    private mutating func experiment(triggers: [(id: String, form: String)]) -> [String] {
        var lines = ["experiment:", "  name: exp\(chance.int(1...99))"]
        switch chance.int(0...3) {
        case 0: break
        case 1: lines.append("  hash: v1")
        default: lines.append("  hash: v2")
        }
        lines.append("  holdout: \(chance.pick(["0", "5", "2.5", "10"]))")
        lines.append("  arms:")
        lines.append("    control: {weight: \(chance.int(1...3))}")
        for arm in ["early", "late"].prefix(chance.int(1...2)) {
            let trigger = chance.pick(triggers)
            let override =
                chance.happens(0.6)
                ? "{triggers: {\(trigger.id): {\(trigger.form): \(trigger.form == "every" ? chance.int(2...3) : chance.int(1...3))}}}"
                : chance.pick(["{guards: {cooldown: null}}", "{guards: {min_install_age: null}}", "{enabled: false}"])
            lines.append("    \(arm): {weight: \(chance.int(0...3)), override: \(override)}")
        }
        return lines
    }
}

extension Array {
    /// The array, or `fallback` when it is empty.
    func nonEmpty(or fallback: [Element]) -> [Element] { isEmpty ? fallback : self }
}

/// Seeded choices whose `happens` is scaled: a lenient draw of guards.
struct ScaledChance {
    var chance: Chance
    let scale: Double

    mutating func happens(_ p: Double) -> Bool { chance.happens(p * scale) }
    mutating func int(_ range: ClosedRange<Int>) -> Int { chance.int(range) }
    mutating func pick<T>(_ items: [T]) -> T { chance.pick(items) }
}

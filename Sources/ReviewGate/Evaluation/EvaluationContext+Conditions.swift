extension EvaluationContext {
    /// Every leaf of a condition that does not hold, with what was seen, in file order; empty when it
    /// holds. An `any` that fails gives the failing leaves of each part (`any: []` itself); a `not`
    /// that fails gives itself.
    func failures(of condition: Condition) -> [ConditionFailure] {
        func failed(_ seen: ConditionFailure.Seen) -> [ConditionFailure] { [ConditionFailure(condition, seen)] }
        switch condition.test {
        case .all(let parts):
            return parts.flatMap(failures(of:))
        case .any(let parts):
            guard !parts.isEmpty else { return failed(.noParts) }
            var all: [ConditionFailure] = []
            for part in parts {
                let failing = failures(of: part)
                if failing.isEmpty { return [] }
                all += failing
            }
            return all
        case .not(let inner):
            return failures(of: inner).isEmpty ? failed(.innerHolds) : []
        case .event(let name, let comparison, let within, let sinceLastAsk):
            let count = count(of: name, within: within, sinceLastAsk: sinceLastAsk)
            return comparison.holds(for: count) ? [] : failed(.count(count))
        case .launches(let comparison):
            return comparison.holds(for: launches) ? [] : failed(.count(launches))
        case .activeDays(let comparison, let withinDays):
            let days = activeDays(withinDays: withinDays)
            return comparison.holds(for: days) ? [] : failed(.count(days))
        case .installAge(let comparison):
            let age = now - state.installedAt
            return comparison.holds(for: age) ? [] : failed(.age(age))
        case .sinceLastAsk(let comparison):
            guard let last = lastAskAt else {
                // Never asked is infinitely long ago: at_least holds, at_most does not.
                if case .atLeast = comparison { return [] }
                return failed(.neverAsked)
            }
            return comparison.holds(for: now - last) ? [] : failed(.age(now - last))
        case .flag(let name):
            return state.flags[name] == true ? [] : failed(.flag(state.flags[name]))
        case .attribute(let name, let test):
            let value = state.attributes[name]
            return value.map(test.holds(for:)) == true ? [] : failed(.attribute(value))
        case .appVersion(let comparison):
            guard let text = currentVersion, let version = AppVersionNumber(text) else {
                return failed(.version(currentVersion))
            }
            switch comparison {
            case .atLeast(let bound): return version >= bound ? [] : failed(.version(text))
            case .below(let bound): return version < bound ? [] : failed(.version(text))
            }
        }
    }
}

extension AttributeTest {
    /// Whether a present attribute value passes.
    func holds(for value: AttributeValue) -> Bool {
        switch self {
        case .equals(let expected): return value == expected
        case .oneOf(let values): return values.contains(value)
        case .atLeast(let bound):
            if case .number(let number) = value { return number >= bound }
            return false
        case .atMost(let bound):
            if case .number(let number) = value { return number <= bound }
            return false
        }
    }
}

extension EvaluationContext {
    /// A candidate trigger's checks: its count (and `within`), `scenes`, `when`. Whether all passed.
    func checkTrigger(_ trigger: Trigger, into checks: inout [Check]) -> Bool {
        let rule = trigger.count.value
        let count = count(of: trigger.event, within: trigger.within?.value)
        // `exactly` and `every` are reached only by the donation that makes the number (SPEC §4.9).
        let countPassed = rule.passes(count) && (!rule.needsDonation || moment.donates(trigger.event))
        checks.append(
            Check(
                id: .trigger(.count), trigger: trigger.id, passed: countPassed, observed: .count(count),
                required: .count(rule, event: trigger.event, within: trigger.within?.value),
                source: trigger.count.location))
        var passed = countPassed
        if let scenes = trigger.scenes {
            let onScene = moment.scene.map(scenes.value.contains) ?? false
            checks.append(
                Check(
                    id: .trigger(.scenes), trigger: trigger.id, passed: onScene, observed: .scene(moment.scene),
                    required: .scenes(scenes.value), source: scenes.location))
            passed = passed && onScene
        }
        if let when = trigger.when {
            let failing = failingPart(of: when)
            checks.append(
                Check(
                    id: .trigger(.when), trigger: trigger.id, passed: failing == nil,
                    observed: .condition(failing: failing),
                    required: .condition, source: when.location))
            passed = passed && failing == nil
        }
        return passed
    }

    /// The first part of a condition that does not hold (the condition itself for `any` and
    /// `not`), or `nil` when it holds.
    func failingPart(of condition: Condition) -> Condition? {
        switch condition.test {
        case .all(let parts):
            for part in parts { if let failing = failingPart(of: part) { return failing } }
            return nil
        case .any(let parts):
            return parts.contains { failingPart(of: $0) == nil } ? nil : condition
        case .not(let inner):
            return failingPart(of: inner) == nil ? condition : nil
        case .event(let name, let comparison, let within):
            return comparison.holds(for: count(of: name, within: within)) ? nil : condition
        case .launches(let comparison):
            return comparison.holds(for: launches) ? nil : condition
        case .installAge(let comparison):
            return comparison.holds(for: now - state.installedAt) ? nil : condition
        case .sinceLastAsk(let comparison):
            guard let last = lastAskAt else {
                // Never asked is infinitely long ago: at_least holds, at_most does not.
                if case .atLeast = comparison { return nil }
                return condition
            }
            return comparison.holds(for: now - last) ? nil : condition
        case .flag(let name):
            return state.flags[name] == true ? nil : condition
        case .attribute(let name, let test):
            guard let value = state.attributes[name] else { return condition }
            return test.holds(for: value) ? nil : condition
        case .appVersion(let comparison):
            guard let text = currentVersion, let version = AppVersionNumber(text) else { return condition }
            switch comparison {
            case .atLeast(let bound): return version >= bound ? nil : condition
            case .below(let bound): return version < bound ? nil : condition
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

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
            let failing = failures(of: when)
            checks.append(
                Check(
                    id: .trigger(.when), trigger: trigger.id, passed: failing.isEmpty,
                    observed: .condition(failing: failing),
                    required: .condition, source: when.location))
            passed = passed && failing.isEmpty
        }
        return passed
    }
}

extension EvaluationContext {
    /// Every check of SPEC §4 after `enabled`, recorded: the guards, `responses`, `rollout`, then
    /// each candidate trigger's parts (or that no trigger listens). Whether the guards, `responses`
    /// and `rollout` all passed, and the index of the first candidate trigger that passed.
    func checkAll<Recorder: CheckRecorder>(into recorder: inout Recorder) -> (guardsPass: Bool, passing: Int?) {
        var guardsPass = checkGuards(into: &recorder)
        guardsPass = checkResponses(into: &recorder) && guardsPass
        guardsPass = checkRollout(into: &recorder) && guardsPass
        var passing: Int?
        var anyCandidate = false
        for index in policy.triggers.indices where isCandidate(policy.triggers[index]) {
            anyCandidate = true
            if checkTrigger(policy.triggers[index], index: index, into: &recorder), passing == nil {
                passing = index
            }
        }
        if !anyCandidate, let event = moment.event {
            recorder.record(.trigger(.missing), trigger: nil, passed: false) {
                Check(
                    id: .trigger(.missing), passed: false, observed: .unheardEvent(event),
                    required: .listeningTrigger)
            }
        }
        return (guardsPass, passing)
    }

    /// A candidate trigger's checks (it is the policy's `index`th): its count (and `within`),
    /// `scenes`, `when`, recorded. Whether all passed.
    func checkTrigger<Recorder: CheckRecorder>(
        _ trigger: Trigger, index: Int, into recorder: inout Recorder
    ) -> Bool {
        let rule = trigger.count.value
        let count = count(of: trigger.event, within: trigger.within?.value)
        // `exactly` and `every` are reached only by the donation that makes the number (SPEC §4.9).
        let countPassed = rule.passes(count) && (!rule.needsDonation || moment.donates(trigger.event))
        recorder.record(.trigger(.count), trigger: index, passed: countPassed) {
            Check(
                id: .trigger(.count), trigger: trigger.id, passed: countPassed, observed: .count(count),
                required: .count(rule, event: trigger.event, within: trigger.within?.value),
                source: trigger.count.location)
        }
        var passed = countPassed
        if let scenes = trigger.scenes {
            let onScene = moment.scene.map(scenes.value.contains) ?? false
            recorder.record(.trigger(.scenes), trigger: index, passed: onScene) {
                Check(
                    id: .trigger(.scenes), trigger: trigger.id, passed: onScene, observed: .scene(moment.scene),
                    required: .scenes(scenes.value), source: scenes.location)
            }
            passed = passed && onScene
        }
        if let when = trigger.when {
            let failing = failures(of: when)
            recorder.record(.trigger(.when), trigger: index, passed: failing.isEmpty) {
                Check(
                    id: .trigger(.when), trigger: trigger.id, passed: failing.isEmpty,
                    observed: .condition(failing: failing), required: .condition, source: when.location)
            }
            passed = passed && failing.isEmpty
        }
        return passed
    }
}

extension EvaluationContext {
    /// Every check of Semantics §4 after `enabled`, recorded: the guards, `responses`, `rollout`, the
    /// channel when it blocks (§16.1), then
    /// each candidate trigger's parts (or that no trigger listens). Whether the guards, `responses`
    /// and `rollout` all passed, and the index of the first candidate trigger that passed.
    func checkAll<Recorder: CheckRecorder>(into recorder: inout Recorder) -> (guardsPass: Bool, passing: Int?) {
        var guardsPass = checkGuards(into: &recorder)
        guardsPass = checkResponses(into: &recorder) && guardsPass
        guardsPass = checkRollout(into: &recorder) && guardsPass
        guardsPass = checkChannel(into: &recorder) && guardsPass
        var passing: Int?
        var anyCandidate = false
        // Read in place through a pointer: a trigger read by subscript would be copied, its strings
        // retained, on every moment.
        policy.triggers.withUnsafeBufferPointer { triggers in
            guard let trigger = triggers.baseAddress else { return }
            for index in triggers.indices where isCandidate(trigger[index]) {
                anyCandidate = true
                if checkTrigger(trigger + index, index: index, into: &recorder), passing == nil {
                    passing = index
                }
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

    /// The build channel's check, made only when the moment's channel blocks (Semantics §16.1): on
    /// every other channel there is none, so production's decisions are as before. Whether it passed.
    func checkChannel<Recorder: CheckRecorder>(into recorder: inout Recorder) -> Bool {
        guard moment.channel != .production else { return true }
        let action = policy.channelAction(for: moment.channel)
        guard action.value == .block else { return true }
        recorder.record(.channel, trigger: nil, passed: false) {
            Check(
                id: .channel, passed: false, observed: .channel(moment.channel), required: .channelDecides(.block),
                location: action.location)
        }
        return false
    }

    /// A candidate trigger's checks (it is the policy's `index`th, read in place through
    /// `trigger`, so that neither it nor the closures that build its checks copy it): its count
    /// (and `within`), `scenes`, `when`, recorded. Whether all passed.
    func checkTrigger<Recorder: CheckRecorder>(
        _ trigger: UnsafePointer<Trigger>, index: Int, into recorder: inout Recorder
    ) -> Bool {
        let rule = trigger.pointee.count.value
        let sinceLastAsk = trigger.pointee.since != nil
        let count = count(of: trigger.pointee.event, within: trigger.pointee.within?.value, sinceLastAsk: sinceLastAsk)
        // `exactly` and `every` are reached only by the donation that makes the number (Semantics §4.9).
        let countPassed = rule.passes(count) && (!rule.needsDonation || moment.donates(trigger.pointee.event))
        recorder.record(.trigger(.count), trigger: index, passed: countPassed) {
            Check(
                id: .trigger(.count), trigger: trigger.pointee.id, passed: countPassed, observed: .donations(count),
                required: .count(
                    rule, event: trigger.pointee.event, within: trigger.pointee.within?.value,
                    since: sinceLastAsk ? SinceAsk(lastAsk: lastAskOnThisDeviceAt) : nil),
                location: trigger.pointee.count.location)
        }
        var passed = countPassed
        if let scenes = trigger.pointee.scenes {
            let onScene = moment.scene.map(scenes.value.contains) ?? false
            recorder.record(.trigger(.scenes), trigger: index, passed: onScene) {
                Check(
                    id: .trigger(.scenes), trigger: trigger.pointee.id, passed: onScene, observed: .scene(moment.scene),
                    required: .scenes(scenes.value), location: scenes.location)
            }
            passed = passed && onScene
        }
        if let when = trigger.pointee.when {
            let failing = failures(of: when)
            recorder.record(.trigger(.when), trigger: index, passed: failing.isEmpty) {
                Check(
                    id: .trigger(.when), trigger: trigger.pointee.id, passed: failing.isEmpty,
                    observed: .condition(failing: failing), required: .condition, location: when.location)
            }
            passed = passed && failing.isEmpty
        }
        return passed
    }
}

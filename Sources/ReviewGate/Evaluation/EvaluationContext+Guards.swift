extension EvaluationContext {
    /// Every guard in force, in the table's order (Semantics §2), each recorded pass or fail. Whether
    /// all passed.
    func checkGuards<Recorder: CheckRecorder>(into recorder: inout Recorder) -> Bool {
        var allPassed = true
        // Read in place through a pointer, so that no rule is copied.
        policy.guards.rules.withUnsafeBufferPointer { rules in
            guard let rule = rules.baseAddress else { return }
            for index in rules.indices {
                allPassed = check(rule + index, into: &recorder) && allPassed
            }
        }
        return allPassed
    }

    /// One guard's check (read in place through `located`, so that the rule is not copied),
    /// recorded; whether it passed.
    private func check<Recorder: CheckRecorder>(
        _ located: UnsafePointer<Located<Guard>>, into recorder: inout Recorder
    ) -> Bool {
        var location: SourceLocation? { located.pointee.location }
        let id = Check.ID.guard(located.pointee.value.key)
        switch located.pointee.value {
        case .neverOn(let sources):
            let passed = !sources.contains(moment.source)
            recorder.record(id, trigger: nil, passed: passed) {
                Check(
                    id: id, passed: passed, observed: .source(moment.source), required: .notFrom(sources),
                    location: location)
            }
            return passed
        case .minInstallAge(let minimum):
            return age(id, since: state.installedAt, .install, minimum, location, into: &recorder)
        case .minLaunches(let minimum):
            let launches = launches
            let passed = launches >= minimum
            recorder.record(id, trigger: nil, passed: passed) {
                Check(
                    id: id, passed: passed, observed: .launches(launches), required: .minimumCount(minimum),
                    location: location)
            }
            return passed
        case .activeDays(let rule):
            // Waiting adds no day of use: a failure says how many more in `needs`.
            let days = activeDays(withinDays: rule.withinDays)
            let passed = days >= rule.count
            recorder.record(id, trigger: nil, passed: passed) {
                Check(
                    id: id, passed: passed, observed: .daysOfUse(days), required: .activeDays(rule), location: location)
            }
            return passed
        case .minSessionAge(let minimum):
            guard let start = sessionStartedAt else {
                recorder.record(id, trigger: nil, passed: false) {
                    Check(
                        id: id, passed: false, observed: .unknown(.sessionStart),
                        required: .minimumAge(minimum, since: .sessionStart), location: location)
                }
                return false
            }
            return age(id, since: start, .sessionStart, minimum, location, into: &recorder)
        case .minVersionAge(let minimum):
            return age(id, since: state.currentVersionSince, .versionFirstSeen, minimum, location, into: &recorder)
        case .cooldown(let waits):
            guard let last = lastAskAt else {
                recorder.record(id, trigger: nil, passed: true) {
                    Check(
                        id: id, passed: true, observed: .never, required: .minimumAge(waits.first, since: .lastAsk),
                        location: location)
                }
                return true
            }
            let milestone: Milestone = lastAskOnThisDeviceAt == last ? .lastAsk : .lastAskOnAnotherDevice
            guard waits.isList else { return age(id, since: last, milestone, waits.first, location, into: &recorder) }
            // After the k-th ask of the prompt the state holds, the k-th wait (Semantics §14.3).
            var asks = 0
            for ask in state.asks where isOwn(ask) { asks += 1 }
            let (wait, index) = waits.entry(forTime: asks)
            return age(
                id, since: last, milestone, wait, location,
                entry: AppliedEntry(setting: "guards.cooldown", index: index, value: wait.description, after: asks),
                into: &recorder)
        case .oncePerVersion:
            let key = policy.app.versionKey
            let version = currentVersion
            var askedAt: Timestamp?
            var elsewhere = false
            // An ask dated after `now` (a clock set back) still happened in this version. With no
            // version known, the person runs one unknown version: an ask recorded without one is in
            // it (Semantics §2, once_per_version), as a person with no version value in an export is.
            for ask in state.asks where ask.version(key) == version && isOwn(ask) {
                askedAt = ask.at
                elsewhere = !state.isOnThisDevice(ask)
            }
            let passed = askedAt == nil
            recorder.record(id, trigger: nil, passed: passed) {
                Check(
                    id: id, passed: passed,
                    observed: .askInVersion(at: askedAt, version: version, elsewhere: elsewhere),
                    required: .noAskInVersion(key), location: location)
            }
            return passed
        case .maxAsks(let limit):
            return askLimit(id, limit, isSystemQuota: false, location, into: &recorder)
        case .systemQuota(let limit):
            // On a channel where the OS keeps no quota (`no_quota`, Semantics §16.1), it passes.
            if moment.channel != .production, policy.channelAction(for: moment.channel).value == .noQuota {
                recorder.record(id, trigger: nil, passed: true) {
                    Check(
                        id: id, passed: true, observed: .channel(moment.channel), required: .noQuota(limit),
                        location: policy.channelAction(for: moment.channel).location ?? location)
                }
                return true
            }
            return askLimit(id, limit, isSystemQuota: true, location, into: &recorder)
        case .when(let condition):
            let failing = failures(of: condition)
            recorder.record(id, trigger: nil, passed: failing.isEmpty) {
                Check(
                    id: id, passed: failing.isEmpty, observed: .condition(failing: failing), required: .condition,
                    location: location)
            }
            return failing.isEmpty
        }
    }

    /// `now − since ≥ minimum`, recorded; a failure passes at `since + minimum`. Whether it passed.
    private func age<Recorder: CheckRecorder>(
        _ id: Check.ID, since: Timestamp, _ milestone: Milestone, _ minimum: TimeSpan, _ location: SourceLocation?,
        entry: AppliedEntry? = nil, into recorder: inout Recorder
    ) -> Bool {
        let observed = now - since
        let passed = observed >= minimum
        recorder.record(id, trigger: nil, passed: passed) {
            Check(
                id: id, passed: passed, observed: .age(observed, since: milestone),
                required: .minimumAge(minimum, since: milestone),
                passesAt: passed ? nil : since + minimum, location: location, entry: entry)
        }
        return passed
    }

    /// Fewer than `count` asks in `(now − per, now]`, an ask dated after `now` lying inside every
    /// window; with a window, a failure passes when enough of the asks in it have left it.
    /// Recorded; whether it passed.
    private func askLimit<Recorder: CheckRecorder>(
        _ id: Check.ID, _ limit: AskLimit, isSystemQuota: Bool, _ location: SourceLocation?,
        into recorder: inout Recorder
    ) -> Bool {
        let start = limit.per.map { now - $0 }
        // The OS keeps its quota on the device: it counts this device's asks only (Semantics §16.5).
        let counts = { (ask: Ask) in isOwn(ask) && (!isSystemQuota || state.isOnThisDevice(ask)) }
        var inWindow = 0
        var elsewhere = 0
        var leftOut = false
        for ask in state.asks where isOwn(ask) && start.map({ ask.at > $0 }) ?? true {
            guard counts(ask) else {
                leftOut = true
                continue
            }
            inWindow += 1
            if !state.isOnThisDevice(ask) { elsewhere += 1 }
        }
        let passed = inWindow < limit.count
        recorder.record(id, trigger: nil, passed: passed) {
            var passesAt: Timestamp?
            if !passed, let per = limit.per, let start {
                // The (inWindow − count + 1)th oldest ask in the window must leave it.
                var leaving = inWindow - limit.count + 1
                for ask in state.asks.sorted(by: { $0.at < $1.at }) where counts(ask) && ask.at > start {
                    leaving -= 1
                    if leaving == 0 {
                        passesAt = ask.at + per
                        break
                    }
                }
            }
            return Check(
                id: id, passed: passed, observed: .asks(inWindow, elsewhere: elsewhere, thisDeviceOnly: leftOut),
                required: .fewerAsks(limit, isSystemQuota: isSystemQuota),
                passesAt: passesAt, location: location)
        }
        return passed
    }

    /// `responses`: no answer that still blocks, recorded. A response was given in the current
    /// version when it is no older than the version's first sighting. Whether it passed.
    func checkResponses<Recorder: CheckRecorder>(into recorder: inout Recorder) -> Bool {
        // `policy.responses` is read in place: a copy would retain its locations' file names.
        var blocking: Response?
        var blockingEntry: AppliedEntry?
        var waitsUntil: Timestamp?
        var waitable = true
        var location: SourceLocation?
        // Each answer's place in its run of answers of its kind (Semantics §14.3): asks between them
        // break no run.
        var run = (kind: ResponseKind?.none, length: 0)
        // A response dated after `now` (a clock set back) was still given.
        for response in state.responses where response.prompt == policy.prompt {
            run = (response.kind, run.kind == response.kind ? run.length + 1 : 1)
            let rules = policy.responses.rule(for: response.kind)
            let (rule, index) = rules.value.entry(forTime: run.length)
            var entry: AppliedEntry? {
                guard rules.value.isList else { return nil }
                return AppliedEntry(
                    setting: "responses.after_\(response.kind.rawValue)", index: index, value: rule.text,
                    after: run.length)
            }
            switch rule {
            case .never:
                blocking = response
                blockingEntry = entry
                waitable = false
                location = rules.location
            case .nextVersion where response.at >= state.currentVersionSince:
                blocking = response
                blockingEntry = entry
                waitable = false
                location = rules.location
            case .wait(let span) where now - response.at < span:
                if waitable {
                    blocking = response
                    blockingEntry = entry
                    location = rules.location
                }
                waitsUntil = max(waitsUntil ?? response.at + span, response.at + span)
            default: continue
            }
        }
        recorder.record(.responses, trigger: nil, passed: blocking == nil) {
            Check(
                id: .responses, passed: blocking == nil,
                observed: .response(blocking, elsewhere: !state.isThisDevice(blocking?.device)),
                required: .responses,
                passesAt: blocking != nil && waitable ? waitsUntil : nil,
                location: location ?? policy.responses.afterRated.location ?? policy.responses.afterDeclined.location
                    ?? policy.responses.afterLater.location,
                entry: blockingEntry
            )
        }
        return blocking == nil
    }

    /// `rollout`: the person's bucket below `percent × 100`, recorded; no `user_id` fails.
    /// Whether it passed (`true` without a `rollout`).
    func checkRollout<Recorder: CheckRecorder>(into recorder: inout Recorder) -> Bool {
        guard let rollout = policy.rollout else { return true }
        let bucket = state.userID.map(rollout.bucket(of:))
        let passed = bucket.map { $0 < rollout.bucketLimit } ?? false
        recorder.record(.rollout, trigger: nil, passed: passed) {
            Check(
                id: .rollout, passed: passed, observed: .bucket(bucket, hash: rollout.hash),
                required: .rollout(percent: rollout.percent, bucketLimit: rollout.bucketLimit),
                location: rollout.location)
        }
        return passed
    }
}

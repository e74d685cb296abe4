extension EvaluationContext {
    /// Every guard in force, in the table's order (SPEC §2), each recorded pass or fail.
    func checkGuards(into checks: inout [Check]) {
        for rule in policy.guards.rules { checks.append(check(rule.value, at: rule.location)) }
    }

    /// One guard's check.
    private func check(_ rule: Guard, at source: SourceLocation?) -> Check {
        let id = Check.ID.guard(rule.key)
        switch rule {
        case .neverOn(let sources):
            return Check(
                id: id, passed: !sources.contains(moment.source), observed: .source(moment.source),
                required: .notFrom(sources), source: source)
        case .minInstallAge(let minimum):
            return age(id, since: state.installedAt, .install, minimum, source)
        case .minLaunches(let minimum):
            return Check(
                id: id, passed: launches >= minimum, observed: .count(launches), required: .minimumCount(minimum),
                source: source)
        case .minSessionAge(let minimum):
            guard let start = sessionStartedAt else {
                return Check(
                    id: id, passed: false, observed: .unknown(.sessionStart),
                    required: .minimumAge(minimum, since: .sessionStart), source: source)
            }
            return age(id, since: start, .sessionStart, minimum, source)
        case .minVersionAge(let minimum):
            return age(id, since: state.currentVersionSince, .versionFirstSeen, minimum, source)
        case .cooldown(let minimum):
            guard let last = lastAskAt else {
                return Check(
                    id: id, passed: true, observed: .never, required: .minimumAge(minimum, since: .lastAsk),
                    source: source)
            }
            return age(id, since: last, .lastAsk, minimum, source)
        case .oncePerVersion:
            let key = policy.app.versionKey
            let version = currentVersion
            var askedAt: Timestamp?
            // An ask dated after `now` (a clock set back) still happened in this version.
            for ask in state.asks where version != nil && ask.version(key) == version {
                askedAt = ask.at
            }
            return Check(
                id: id, passed: askedAt == nil, observed: .askInVersion(at: askedAt, version: version),
                required: .noAskInVersion(key), source: source)
        case .maxAsks(let limit):
            return askLimit(id, limit, isSystemQuota: false, source)
        case .systemQuota(let limit):
            return askLimit(id, limit, isSystemQuota: true, source)
        case .when(let condition):
            let failing = failures(of: condition)
            return Check(
                id: id, passed: failing.isEmpty, observed: .condition(failing: failing), required: .condition,
                source: source)
        }
    }

    /// `now − since ≥ minimum`; a failure passes at `since + minimum`.
    private func age(
        _ id: Check.ID, since: Timestamp, _ milestone: Milestone, _ minimum: TimeSpan, _ source: SourceLocation?
    ) -> Check {
        let observed = now - since
        let passed = observed >= minimum
        return Check(
            id: id, passed: passed, observed: .age(observed, since: milestone),
            required: .minimumAge(minimum, since: milestone),
            passesAt: passed ? nil : since + minimum, source: source)
    }

    /// Fewer than `count` asks in `(now − per, now]`, an ask dated after `now` lying inside every
    /// window; with a window, a failure passes when enough of the asks in it have left it.
    private func askLimit(_ id: Check.ID, _ limit: AskLimit, isSystemQuota: Bool, _ source: SourceLocation?) -> Check {
        let start = limit.per.map { now - $0 }
        var inWindow = 0
        for ask in state.asks where start.map({ ask.at > $0 }) ?? true { inWindow += 1 }
        let passed = inWindow < limit.count
        var passesAt: Timestamp?
        if !passed, let per = limit.per, let start {
            // The (inWindow − count + 1)th oldest ask in the window must leave it.
            var leaving = inWindow - limit.count + 1
            for ask in state.asks.sorted(by: { $0.at < $1.at }) where ask.at > start {
                leaving -= 1
                if leaving == 0 {
                    passesAt = ask.at + per
                    break
                }
            }
        }
        return Check(
            id: id, passed: passed, observed: .asks(inWindow),
            required: .fewerAsks(limit, isSystemQuota: isSystemQuota),
            passesAt: passesAt, source: source)
    }

    /// `responses`: no answer that still blocks. A response was given in the current version
    /// when it is no older than the version's first sighting.
    func checkResponses(into checks: inout [Check]) {
        let rules = policy.responses
        var blocking: Response?
        var waitsUntil: Timestamp?
        var waitable = true
        var source: SourceLocation?
        // A response dated after `now` (a clock set back) was still given.
        for response in state.responses {
            let rule = rules.rule(for: response.kind)
            switch rule.value {
            case .never:
                blocking = response
                waitable = false
                source = rule.location
            case .nextVersion where response.at >= state.currentVersionSince:
                blocking = response
                waitable = false
                source = rule.location
            case .wait(let span) where now - response.at < span:
                if waitable {
                    blocking = response
                    source = rule.location
                }
                waitsUntil = max(waitsUntil ?? response.at + span, response.at + span)
            default: continue
            }
        }
        checks.append(
            Check(
                id: .responses, passed: blocking == nil, observed: .response(blocking), required: .responses,
                passesAt: blocking != nil && waitable ? waitsUntil : nil,
                source: source ?? rules.afterRated.location ?? rules.afterDeclined.location ?? rules.afterLater.location
            ))
    }

    /// `rollout`: the person's bucket below `percent × 100`; no `user_id` fails.
    func checkRollout(into checks: inout [Check]) {
        guard let rollout = policy.rollout else { return }
        let bucket = state.userID.map { RolloutBucket.bucket(salt: rollout.salt, userID: $0) }
        let passed = bucket.map { $0 < rollout.bucketLimit } ?? false
        checks.append(
            Check(
                id: .rollout, passed: passed, observed: .bucket(bucket),
                required: .rollout(percent: rollout.percent, bucketLimit: rollout.bucketLimit),
                source: rollout.location))
    }
}

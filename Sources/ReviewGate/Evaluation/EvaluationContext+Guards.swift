extension EvaluationContext {
    /// Every configured guard, in the table's order (SPEC §2), each recorded pass or fail.
    func checkGuards(into checks: inout [Check]) {
        let neverOn = policy.guards.neverOn
        checks.append(Check(
            id: .never_on, passed: !neverOn.value.contains(moment.source), observed: .source(moment.source),
            required: .notFrom(neverOn.value), source: neverOn.location))

        if let minimum = policy.guards.minInstallAge {
            checks.append(age(.min_install_age, since: state.installedAt, minimum))
        }
        if let minimum = policy.guards.minLaunches {
            checks.append(Check(
                id: .min_launches, passed: launches >= minimum.value, observed: .count(launches),
                required: .minimumCount(minimum.value), source: minimum.location))
        }
        if let minimum = policy.guards.minSessionAge {
            if let start = sessionStartedAt {
                checks.append(age(.min_session_age, since: start, minimum))
            } else {
                checks.append(Check(
                    id: .min_session_age, passed: false, observed: .unknown, required: .minimumAge(minimum.value),
                    source: minimum.location))
            }
        }
        if let minimum = policy.guards.minVersionAge {
            checks.append(age(.min_version_age, since: state.currentVersionSince, minimum))
        }
        if let cooldown = policy.guards.cooldown {
            if let last = lastAskAt {
                checks.append(age(.cooldown, since: last, cooldown))
            } else {
                checks.append(Check(id: .cooldown, passed: true, observed: .never, required: .minimumAge(cooldown.value), source: cooldown.location))
            }
        }
        if let once = policy.guards.oncePerVersion, once.value {
            let key = policy.app.versionKey
            let version = currentVersion
            var askedAt: Timestamp?
            // Like every other guard, only asks up to `now` count.
            for ask in state.asks where ask.at <= now && version != nil && ask.version(key) == version { askedAt = ask.at }
            checks.append(Check(
                id: .once_per_version, passed: askedAt == nil, observed: .askInVersion(at: askedAt, version: version),
                required: .noAskInVersion(key), source: once.location))
        }
        if let limit = policy.guards.maxAsks { checks.append(askLimit(.max_asks, limit)) }
        if let quota = policy.guards.systemQuota { checks.append(askLimit(.system_quota, quota)) }
        if let when = policy.guards.when {
            let failing = failingPart(of: when.value)
            checks.append(Check(id: .when, passed: failing == nil, observed: .condition(failing: failing), required: .condition, source: when.location))
        }
    }

    /// `now − since ≥ minimum`; a failure passes at `since + minimum`.
    private func age(_ id: Check.ID, since: Timestamp, _ minimum: Located<TimeSpan>) -> Check {
        let observed = now - since
        let passed = observed >= minimum.value
        return Check(
            id: id, passed: passed, observed: .age(observed), required: .minimumAge(minimum.value),
            passesAt: passed ? nil : since + minimum.value, source: minimum.location)
    }

    /// Fewer than `count` asks in `(now − per, now]`; with a window, a failure passes when enough
    /// of the asks in it have left it.
    private func askLimit(_ id: Check.ID, _ limit: Located<AskLimit>) -> Check {
        let start = limit.value.per.map { now - $0 }
        var inWindow = 0
        for ask in state.asks where ask.at <= now && (start.map { ask.at > $0 } ?? true) { inWindow += 1 }
        let passed = inWindow < limit.value.count
        var passesAt: Timestamp?
        if !passed, let per = limit.value.per, let start {
            // The (inWindow − count + 1)th oldest ask in the window must leave it.
            var leaving = inWindow - limit.value.count + 1
            for ask in state.asks.sorted(by: { $0.at < $1.at }) where ask.at > start && ask.at <= now {
                leaving -= 1
                if leaving == 0 {
                    passesAt = ask.at + per
                    break
                }
            }
        }
        return Check(
            id: id, passed: passed, observed: .asks(inWindow), required: .fewerAsks(limit.value), passesAt: passesAt,
            source: limit.location)
    }

    /// `responses`: no answer that still blocks. A response was given in the current version
    /// when it is no older than the version's first sighting.
    func checkResponses(into checks: inout [Check]) {
        let rules = policy.responses
        var blocking: Response?
        var waitsUntil: Timestamp?
        var waitable = true
        var source: SourceLocation?
        for response in state.responses where response.at <= now {
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
                if waitable { blocking = response; source = rule.location }
                waitsUntil = max(waitsUntil ?? response.at + span, response.at + span)
            default: continue
            }
        }
        checks.append(Check(
            id: .responses, passed: blocking == nil, observed: .response(blocking), required: .responses,
            passesAt: blocking != nil && waitable ? waitsUntil : nil,
            source: source ?? rules.afterRated.location ?? rules.afterDeclined.location ?? rules.afterLater.location))
    }

    /// `rollout`: the person's bucket below `percent × 100`; no `user_id` fails.
    func checkRollout(into checks: inout [Check]) {
        guard let rollout = policy.rollout else { return }
        let bucket = state.userID.map { RolloutBucket.bucket(salt: rollout.salt, userID: $0) }
        let passed = bucket.map { $0 < rollout.bucketLimit } ?? false
        checks.append(Check(
            id: .rollout, passed: passed, observed: .bucket(bucket), required: .rollout(percent: rollout.percent, bucketLimit: rollout.bucketLimit),
            source: rollout.location))
    }
}

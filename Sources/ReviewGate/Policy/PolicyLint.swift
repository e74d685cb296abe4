/// Warnings: a policy that works but that a reviewer would flag.
enum PolicyLint {
    static func warnings(for policy: Policy) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        let guards = policy.guards
        let launchTriggers = policy.triggers.filter { $0.event == Trigger.launchEvent }

        if !policy.enabled.value {
            warnings.append(
                .warning(
                    "the kill switch is off (enabled: false): every moment is blocked", at: policy.enabled.location))
        }
        for rule in guards.rules {
            switch rule.value {
            case .neverOn(let sources):
                warnings += neverOnWarnings(
                    sources, launchTriggers: launchTriggers, at: rule.location ?? policy.location)
            case .minSessionAge(let span) where span.nanoseconds > 0:
                for trigger in launchTriggers {
                    warnings.append(
                        .warning(
                            "trigger \"\(trigger.id)\" listens to launch, which starts the session: min_session_age \(span) can never pass at it",
                            at: rule.location))
                }
            case .systemQuota(let quota) where policy.app.platform == .ios && rule.location != nil:
                if let per = quota.per, per >= AskLimit.storeKit.per!, quota.count > AskLimit.storeKit.count {
                    warnings.append(
                        .warning(
                            "iOS shows the prompt at most 3 times in 365 days; system_quota \(quota.count) per \(per) counts asks the OS will drop silently",
                            at: rule.location))
                }
            case .minInstallAge, .minLaunches, .minSessionAge, .minVersionAge, .cooldown, .oncePerVersion, .maxAsks,
                .systemQuota, .when:
                continue
            }
        }
        if guards[.cooldown] == nil, guards[.oncePerVersion] == nil, guards[.maxAsks] == nil,
            guards[.systemQuota] == nil
        {
            warnings.append(
                .warning(
                    "nothing limits how often this policy asks: add a cooldown, once_per_version or max_asks (system_quota is off)",
                    at: policy.location))
        }
        if policy.app.platform == .android, let storeID = policy.app.storeID {
            warnings.append(
                .warning(
                    "store_id builds the App Store's write-review link, which an android policy does not have: write_review_url stays null",
                    at: storeID.location))
        }
        if let rollout = policy.rollout, rollout.percent == 0 {
            warnings.append(.warning("rollout percent 0 asks no one", at: rollout.location))
        }
        return warnings
    }

    private static func neverOnWarnings(_ sources: [MomentSource], launchTriggers: [Trigger], at anchor: SourceLocation)
        -> [Diagnostic]
    {
        var warnings: [Diagnostic] = []
        for source in MomentSource.allCases where !sources.contains(source) {
            switch source {
            case .launch:
                warnings.append(
                    .warning(
                        "this policy may ask at launch: Apple's HIG advises against asking when the app opens; list launch in never_on unless that is what you mean",
                        at: anchor))
            case .userAction:
                warnings.append(
                    .warning(
                        "this policy may ask from a button (source user_action): the system may show nothing, so a button that asks can do nothing; link to the write-review page instead",
                        at: anchor))
            case .system: continue
            }
        }
        if sources.contains(.launch) {
            for trigger in launchTriggers {
                warnings.append(
                    .warning(
                        "trigger \"\(trigger.id)\" listens to launch, but never_on blocks moments from launch: it can never allow",
                        at: trigger.location))
            }
        }
        return warnings
    }
}

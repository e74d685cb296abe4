/// Warnings: a policy that works but that a reviewer would flag.
enum PolicyLint {
    static func warnings(for policy: Policy) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        let guards = policy.guards
        let neverOn = guards.neverOn.value
        let anchor = guards.neverOn.location ?? policy.location

        if !policy.enabled.value {
            warnings.append(.warning("the kill switch is off (enabled: false): every moment is blocked", at: policy.enabled.location))
        }
        if !neverOn.contains(.launch) {
            warnings.append(.warning(
                "this policy may ask at launch: Apple's HIG advises against asking when the app opens; list launch in never_on unless that is what you mean",
                at: anchor))
        }
        if !neverOn.contains(.user_action) {
            warnings.append(.warning(
                "this policy may ask from a button (source user_action): the system may show nothing, so a button that asks can do nothing; link to the write-review page instead",
                at: anchor))
        }
        if guards.cooldown == nil, guards.oncePerVersion?.value != true, guards.maxAsks == nil, guards.systemQuota == nil {
            warnings.append(.warning(
                "nothing limits how often this policy asks: add a cooldown, once_per_version or max_asks (system_quota is off)",
                at: policy.location))
        }
        if policy.app.platform == .ios, let quota = guards.systemQuota, quota.location != nil,
            let per = quota.value.per, per >= AskLimit.storeKit.per!, quota.value.count > 3 {
            warnings.append(.warning(
                "iOS shows the prompt at most 3 times in 365 days; system_quota \(quota.value.count) per \(per) counts asks the OS will drop silently",
                at: quota.location))
        }
        for trigger in policy.triggers where trigger.event == Trigger.launchEvent {
            if neverOn.contains(.launch) {
                warnings.append(.warning(
                    "trigger \"\(trigger.id)\" listens to launch, but never_on blocks moments from launch: it can never allow",
                    at: trigger.location))
            }
            if let session = guards.minSessionAge, session.value.nanoseconds > 0 {
                warnings.append(.warning(
                    "trigger \"\(trigger.id)\" listens to launch, which starts the session: min_session_age \(session.value) can never pass at it",
                    at: session.location))
            }
        }
        if policy.app.platform == .android, policy.app.storeID != nil {
            warnings.append(.warning(
                "store_id builds the App Store's write-review link, which an android policy does not have: write_review_url stays null",
                at: policy.location))
        }
        if let rollout = policy.rollout, rollout.percent == 0 {
            warnings.append(.warning("rollout percent 0 asks no one", at: rollout.location))
        }
        return warnings
    }
}

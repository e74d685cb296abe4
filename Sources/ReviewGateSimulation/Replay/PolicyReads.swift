@_spi(ReviewGateTools) import ReviewGate

/// What a policy reads from an input's lines (Semantics §10 *What the input can tell*), each with where
/// the policy reads it: the events its triggers listen to and its conditions count, launches, the
/// flags and attributes its conditions read, and the app's version. An experiment's arms read
/// what their own policies read.
package struct PolicyReads {
    /// One name the policy reads.
    package struct Name: Hashable {
        /// The kind of line that sends it; `nil` for launches (a `launch` line).
        package var kind: InputInventory.Kind?
        /// The event, flag or attribute (`launch` for launches).
        package var name: String
        /// What reads it, in the policy language's words: `trigger process_completed`,
        /// `guards.min_launches`, `a condition of guards.when`.
        package var by: String
        /// Where the policy writes what reads it.
        package var location: SourceLocation?
        /// For an event a trigger listens to: the trigger's id (a `trigger` line naming it sends it too).
        package var trigger: String?
    }

    /// One setting that reads the app's version.
    package struct Version {
        /// The setting, in the policy language's words: `once_per_version`.
        package var setting: String
        /// Where the policy writes it.
        package var location: SourceLocation?
        /// For a `next_version` response rule: the kind of response it follows (it reads the
        /// version only when the input holds such a response).
        package var response: ResponseKind?
    }

    /// The names read, each where it is read: a name two triggers read is here twice, so that one
    /// trigger's `trigger` lines do not hide that the other never fires.
    package private(set) var names: [Name] = []
    /// The settings that read the version.
    package private(set) var versions: [Version] = []

    /// What `policy` (and its experiment's arms) reads.
    package init(_ policy: Policy) {
        add(policy, prefix: "")
        for arm in policy.experiment?.arms ?? [] where arm.overrides {
            add(arm.policy, prefix: "arm \(arm.name): ")
        }
    }

    private mutating func add(_ policy: Policy, prefix: String) {
        for trigger in policy.triggers {
            if trigger.event == Trigger.launchEvent {
                names.append(
                    Name(
                        kind: nil, name: Trigger.launchEvent, by: "\(prefix)trigger \(trigger.id)",
                        location: trigger.location, trigger: trigger.id))
            } else {
                names.append(
                    Name(
                        kind: .event, name: trigger.event, by: "\(prefix)trigger \(trigger.id)",
                        location: trigger.location, trigger: trigger.id))
            }
            if let condition = trigger.when {
                add(condition, by: "\(prefix)a condition of trigger \(trigger.id)")
            }
        }
        if let activeDays = policy.guards[.activeDays] {
            names.append(
                Name(
                    kind: nil, name: Trigger.launchEvent, by: "\(prefix)guards.active_days",
                    location: activeDays.location))
        }
        if let minLaunches = policy.guards[.minLaunches] {
            names.append(
                Name(
                    kind: nil, name: Trigger.launchEvent, by: "\(prefix)guards.min_launches",
                    location: minLaunches.location))
        }
        if let when = policy.guards[.when], case .when(let condition) = when.value {
            add(condition, by: "\(prefix)a condition of guards.when")
        }
        for key in [Guard.Key.oncePerVersion, .minVersionAge] {
            if let rule = policy.guards[key] {
                versions.append(Version(setting: "\(prefix)guards.\(key.rawValue)", location: rule.location))
            }
        }
        if policy.counting.resetOnNewVersion {
            versions.append(
                Version(
                    setting: "\(prefix)counting.reset_on_new_version",
                    location: policy.counting.resetOnNewVersionLocation ?? policy.location))
        }
        for kind in ResponseKind.allCases {
            let rule = policy.responses.rule(for: kind)
            if rule.value.entries.contains(.nextVersion) {
                versions.append(
                    Version(
                        setting: "\(prefix)responses.after_\(kind.rawValue): next_version",
                        location: rule.location ?? policy.location, response: kind))
            }
        }
    }

    /// Adds what a condition's leaves read, each at its own place, said to be read `by` what holds it.
    private mutating func add(_ condition: Condition, by: String) {
        let location = condition.location
        switch condition.test {
        case .all(let conditions), .any(let conditions):
            for condition in conditions { add(condition, by: by) }
        case .not(let condition): add(condition, by: by)
        case .event(let event, _, _, _):
            names.append(
                Name(kind: event == Trigger.launchEvent ? nil : .event, name: event, by: by, location: location))
        case .launches, .activeDays:
            names.append(Name(kind: nil, name: Trigger.launchEvent, by: by, location: location))
        case .flag(let flag): names.append(Name(kind: .flag, name: flag, by: by, location: location))
        case .attribute(let attribute, _):
            names.append(Name(kind: .attribute, name: attribute, by: by, location: location))
        case .appVersion: versions.append(Version(setting: "an app_version condition (\(by))", location: location))
        case .installAge, .sinceLastAsk: break
        }
    }
}

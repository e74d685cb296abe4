/// A check in words: what was observed, what was required, and a sentence saying so.
package struct CheckDescription: Sendable {
    /// A short label: the guard id, or `trigger ID` and its part.
    package var label: String
    /// What was seen, e.g. `installed 20d 23h 59m 59s ago`.
    package var observed: String
    /// What the policy asks for, e.g. `at least 21d`.
    package var required: String
    /// One sentence: passed or failed, and why.
    package var message: String

    /// Describes a check of `decision`, made for `policy`.
    package init(_ check: Check, of decision: Decision, policy: Policy) {
        label = Self.label(check)
        observed = Self.observed(check, moment: decision.moment, policy: policy)
        required = Self.required(check.required, policy: policy)
        if let entry = check.entry, case .guard(.cooldown) = check.id {
            // A wait that grows (Semantics §14.3): which ask it follows, and the entry that applied.
            required += " (\(entry.text), after the \(NumberText.ordinal(entry.time)) ask)"
        } else if let entry = check.entry, case .responses = check.id,
            case .response(let response?, _) = check.observed
        {
            // The answer's place in its run, and the entry of after_KIND that applied.
            required +=
                " (\(entry.text), the \(NumberText.ordinal(entry.time)) \(response.kind.rawValue) in a row)"
        }
        message = Self.message(check, observed: observed, required: required, moment: decision.moment, policy: policy)
    }

    static func label(_ check: Check) -> String {
        switch check.id {
        case .enabled, .guard, .responses, .rollout, .experiment, .channel: check.id.blocker.id
        case .trigger(.count): "trigger \(check.trigger ?? "")"
        case .trigger(.scenes): "trigger \(check.trigger ?? "") scene"
        case .trigger(.when): "trigger \(check.trigger ?? "") when"
        case .trigger(.missing): "trigger"
        }
    }

    private static func observed(_ check: Check, moment: Moment, policy: Policy) -> String {
        let versionName = policy.app.versionKey.name
        switch check.observed {
        case .disabled: return "enabled: false"
        case .source(let source): return "source \(source.rawValue)"
        case .age(let span, let milestone) where span.nanoseconds < 0:
            // A clock set back (Semantics §4.10): the time lies after `now`.
            let ahead = TimeSpan(nanoseconds: -span.nanoseconds).spoken
            switch milestone {
            case .install: return "installed \(ahead) from now, a time in the future"
            case .sessionStart: return "session starts \(ahead) from now, a time in the future"
            case .versionFirstSeen: return "\(versionName) first seen \(ahead) from now, a time in the future"
            case .lastAsk: return "last ask \(ahead) from now, a time in the future"
            case .lastAskOnAnotherDevice:
                return "asked on another device \(ahead) from now, a time in the future"
            }
        case .age(let span, let milestone):
            switch milestone {
            case .install: return "installed \(span.spoken) ago"
            case .sessionStart: return "session \(span.spoken) old"
            case .versionFirstSeen: return "\(versionName) first seen \(span.spoken) ago"
            case .lastAsk: return "last ask \(span.spoken) ago"
            case .lastAskOnAnotherDevice:
                return "asked on another device on \((moment.now - span).day), \(span.spoken) ago"
            }
        case .unknown(let milestone):
            switch milestone {
            case .install: return "install time unknown"
            case .sessionStart: return "session start unknown"
            case .versionFirstSeen: return "\(versionName) first seen at an unknown time"
            case .lastAsk, .lastAskOnAnotherDevice: return "last ask unknown"
            }
        case .daysOfUse(let count):
            let window =
                if case .activeDays(let rule) = check.required { " in the last \(rule.withinDays)d" } else { "" }
            let launch = moment.donates(Trigger.launchEvent) ? ", this launch's included" : ""
            return "\(count) day\(count == 1 ? "" : "s") of use\(window) to \(moment.localDate)\(launch)"
        case .donations(let count):
            guard case .count(_, let event, let within, let since) = check.required else { return "\(count)" }
            let window = within.map { " in the last \($0)" } ?? ""
            let donated = moment.donates(event) ? ", this one included" : ""
            let name = event == Trigger.launchEvent ? (count == 1 ? "launch" : "launches") : event
            return "\(count) \(name)\(window)\(Self.since(since))\(donated)"
        case .launches(let count):
            return "\(count) launch\(count == 1 ? "" : "es")"
        case .never: return "never asked"
        case .askInVersion(let at, let version, let elsewhere):
            guard let at else { return "no ask in \(versionName) \(version ?? "(unknown)")" }
            let device = elsewhere ? " on another device" : ""
            return
                "asked in \(version.map { "\(versionName) \($0)" } ?? "an unknown \(versionName)")\(device) on \(at.day)"
        case .asks(let count, let elsewhere, let thisDeviceOnly):
            guard case .fewerAsks(let limit, _) = check.required else { return "\(count) asks" }
            let window = limit.per.map { "in the last \($0)" } ?? "in all"
            let devices = elsewhere == 0 ? "" : ", \(elsewhere) of them on another device"
            let here = thisDeviceOnly ? " on this device" : ""
            return "\(count) ask\(count == 1 ? "" : "s")\(here) \(window)\(devices)"
        case .scene(let scene): return scene.map { "scene \($0)" } ?? "no scene given"
        case .condition(let failing):
            guard !failing.isEmpty else { return "holds" }
            return failing.map(ConditionText.failure).joined(separator: "; ")
        case .response(let response, let elsewhere):
            guard let response else { return "no answer blocks" }
            return "\(response.kind.rawValue)\(elsewhere ? " on another device" : "") on \(response.at.day)"
        case .bucket(let bucket, let hash):
            return bucket.map { "bucket \($0)" + (hash.label.map { " (\($0))" } ?? "") } ?? "no user_id"
        case .unheardEvent(let event): return "event \(event)"
        case .channel(let channel): return "a \(channel.spoken) build"
        }
    }

    static func required(_ requirement: Requirement, policy: Policy) -> String {
        switch requirement {
        case .enabled: return "enabled: true"
        case .notFrom(let sources):
            return sources.isEmpty ? "any source" : "not \(Suggestion.list(sources.map(\.rawValue)))"
        case .minimumAge(let span, let milestone):
            return milestone == .lastAsk || milestone == .lastAskOnAnotherDevice
                ? "at least \(span) since the last ask" : "at least \(span)"
        case .minimumCount(let n): return "at least \(n)"
        case .activeDays(let rule): return "at least \(rule.count) within \(rule.withinDays)d"
        case .noAskInVersion(let key): return "no earlier ask in this \(key.name)"
        case .fewerAsks(let limit, let isSystemQuota):
            let window = limit.per.map { "per \($0)" } ?? "in all"
            return "fewer than \(limit.count) \(window)" + (isSystemQuota ? ", the OS's quota" : "")
        case .count(let rule, _, let within, let since):
            let window = (within.map { " within \($0)" } ?? "") + (since == nil ? "" : " since the last ask")
            switch rule {
            case .atLeast(let n): return "at least \(n)\(window)"
            case .exactly(let n): return "exactly \(n)\(window)"
            case .every(let n): return "every \(n)\(window)"
            }
        case .scenes(let scenes): return "scene \(Suggestion.list(scenes))"
        case .condition: return "the condition holds"
        case .responses: return "no answer that still blocks"
        case .rollout(let percent, let limit): return "bucket below \(limit) (\(AttributeValue.number(percent))%)"
        case .experimentArm(let experiment, let arm, let sticky):
            return "arm \(arm) of \(experiment)" + (sticky ? " (recorded at exposure)" : "")
        case .notHeldOut(let experiment, let limit): return "bucket \(limit) or above: not held out of \(experiment)"
        case .listeningTrigger: return "a trigger that listens to it"
        case .channelDecides: return "production, or a channel set to decide"
        case .noQuota(let limit):
            let window = limit.per.map { " per \($0)" } ?? ""
            return "the OS's quota (\(limit.count)\(window)), which does not apply to this build"
        }
    }

    private static func message(
        _ check: Check, observed: String, required: String, moment: Moment, policy: Policy
    ) -> String {
        switch check.observed {
        case .unheardEvent(let event):
            let suggestion = Suggestion.phrase(for: event, in: policy.triggers.map(\.event))
            return "no trigger listens to event \(event)\(suggestion): this moment cannot ask"
        case .response(let response?, let elsewhere):
            let kind = response.kind.rawValue
            let device = elsewhere ? " on another device" : ""
            guard let entry = check.entry else {
                return
                    "answered \(kind)\(device) on \(response.at.day): after_\(kind) says \(Self.effect(of: check, policy: policy))"
            }
            // A wait that grows (Semantics §14.3): the answer's place in its run, and the entry.
            let eligible = check.passesAt.map { ", eligible from \($0)" } ?? ""
            return
                "answered \(kind)\(device) on \(response.at.day), the \(NumberText.ordinal(entry.time)) \(kind) in a row: \(entry.text): \(Self.effect(of: check, policy: policy))\(eligible)"
        case .condition(let failing) where !failing.isEmpty:
            // Each failing part says what it requires.
            return observed
        case .disabled:
            return "the kill switch is off (enabled: false): every moment is blocked"
        case .channel(let channel):
            return check.passed
                ? "the OS's quota does not apply to a \(channel.spoken) build (channels.\(channel.rawValue): no_quota)"
                : Self.channelBlock(channel, written: check.location != nil, policy: policy)
        case .askInVersion(.some, _, _):
            return "already \(observed)"
        case .donations(let count):
            if !check.passed, case .count(let rule, let event, _, let since) = check.required {
                // A number that only a donation reaches, on a moment that donates nothing.
                let undonated = rule.passes(count) && !moment.donates(event)
                if since != nil, rule.more(after: count) == nil || undonated {
                    // Counted since the last ask: the prompt's next ask starts it again (Semantics §14.1).
                    return
                        "\(observed): past \(required), so this trigger passes again only after the next ask starts the count again"
                }
                guard let more = rule.more(after: count) else {
                    if undonated {
                        return
                            "\(observed): \(required) was reached by an earlier donation, and only a donation of \(event) reaches it, so this trigger can never pass again"
                    }
                    return "\(observed): past \(required), so this trigger can never pass again"
                }
                if undonated {
                    return "\(observed); \(required) passes only on a donation of \(event): \(more) more \(event)"
                }
                return "\(observed); needs \(required): \(more) more \(event)"
            }
        default: break
        }
        guard !check.passed else { return "\(observed), as required (\(required))" }
        var text = "\(observed); needs \(required)"
        if let at = check.passesAt { text += ": passes from \(at)" }
        return text
    }

    /// Why a channel blocks, in words a product manager reads: the default's reason, or the
    /// policy's own `channels` line.
    static func channelBlock(_ channel: Channel, written: Bool, policy: Policy) -> String {
        let key = "channels.\(channel.rawValue): block"
        guard !written else {
            return
                "\(key): this policy never asks in a \(channel.spoken) build; the other checks show what production would decide"
        }
        let reason =
            channel == .testFlight && policy.prompt == Ask.review && policy.app.platform == .ios
            ? "TestFlight never shows the App Store review dialog"
            : "\(key) is the default where the OS's quota applies"
        return "\(reason) (\(key), the default): the other checks show what production would decide"
    }

    /// What the response rule that blocked says, in words: `never ask again`, `wait 30d`.
    static func effect(of check: Check, policy: Policy) -> String {
        guard case .response(let response?, _) = check.observed else { return "" }
        switch policy.responses.applied(response.kind, entry: check.entry) {
        case .never: return "never ask again"
        case .nextVersion: return "not again in this version"
        case .wait(let span): return "wait \(span)"
        }
    }

    /// A count's start in words: ` since the last ask on 2026-11-02`, ` since the last ask (never
    /// asked)`, or nothing for a count over every donation.
    static func since(_ since: SinceAsk?) -> String {
        guard let since else { return "" }
        return " since the last ask" + (since.lastAsk.map { " on \($0.day)" } ?? " (never asked)")
    }
}

/// A decision as text for people (`evaluate --explain`): the decision first, one line per check,
/// then what would change it.
public struct TextExplanation: Sendable {
    /// Whether to colour the output with ANSI escapes (only on a terminal, never with `NO_COLOR`).
    public var color: Bool

    /// Creates a renderer.
    public init(color: Bool = false) {
        self.color = color
    }

    /// The explanation, lines separated by newlines, without a trailing newline.
    public func render(_ decision: Decision, policy: Policy) -> String {
        var lines = [headline(decision, policy: policy)]
        let described = decision.checks.map { ($0, CheckDescription($0, of: decision, policy: policy)) }
        let width = described.map(\.1.label.count).max() ?? 0
        for (check, description) in described {
            let mark = check.passed ? paint("✓", .green) : paint("✗", .red)
            let label = description.label.padding(to: width)
            var line = "  \(mark) \(label)  "
            var parts: [String] = []
            if case .condition(let failing) = check.observed, failing.count > 1 {
                // One line for each part that does not hold, under the check.
                line += "\(failing.count) parts do not hold"
                parts = failing.map { String(repeating: " ", count: width + 8) + ConditionText.failure($0) }
            } else if case .condition(let failing) = check.observed, !failing.isEmpty {
                line += description.observed
            } else {
                line += "\(description.observed); required \(description.required)"
            }
            if let location = check.location { line += paint("  \(location.file):\(location.line)", .dim) }
            lines.append(line)
            lines += parts
        }
        lines += outlook(decision, policy: policy)
        if let experiment = decision.experiment {
            let bucket = experiment.bucket.map { "bucket \($0)" } ?? "no user_id: the first arm, never exposed"
            let exposure =
                experiment.isExposure
                ? "; exposed now: the arms first differ at this moment (record writes the arm)"
                : ""
            lines.append(
                "\(experiment.arm == Experiment.holdoutArm ? "held out of" : "arm \(experiment.arm) of") \(experiment.name): \(bucket)\(exposure)"
            )
        }
        return lines.joined(separator: "\n")
    }

    private func headline(_ decision: Decision, policy: Policy) -> String {
        let moment = decision.moment
        var parts: [String] = []
        if let event = moment.event { parts.append("event \(event)") }
        if let trigger = moment.trigger { parts.append("trigger \(trigger)") }
        if let scene = moment.scene { parts.append("scene \(scene)") }
        parts.append("source \(moment.source.rawValue)")
        if moment.channel != .production { parts.append("channel \(moment.channel.rawValue)") }
        let word = decision.isAllowed ? paint("ALLOW", .greenBold) : paint("BLOCK", .redBold)
        let via = decision.trigger.map { " via trigger \($0)" } ?? ""
        // Its days are the person's local dates: the local time beside UTC when the offset is known.
        let local = moment.time.utcOffsetSeconds == 0 ? "" : " (\(moment.time.rfc3339) local)"
        return "\(word) \(policy.name)\(via) at \(moment.now)\(local) (\(parts.joined(separator: ", ")))"
    }

    /// What happens next: how to present an allowed ask, or what would change a block.
    private func outlook(_ decision: Decision, policy: Policy) -> [String] {
        if decision.isAllowed {
            let presentation = decision.presentation(under: policy)
            var how = "ask"
            how += presentation.delay.nanoseconds > 0 ? " after \(presentation.delay)" : " now"
            if presentation.requireSameScene {
                how += ", only if still on " + (decision.moment.scene.map { "scene \($0)" } ?? "the same scene")
            }
            var lines = [how]
            if let url = policy.writeReviewURL { lines.append("write-review link: \(url)") }
            return lines
        }
        var lines = blockedOutlook(decision, policy: policy)
        // What a button can still offer: the store's page, which no quota or rule holds back.
        if policy.prompt == Ask.review, let url = policy.writeReviewURL {
            lines.append("a button can still open the write-review page (no dialog, no quota): \(url)")
        }
        return lines
    }

    /// What would change a block: when it passes by waiting, what it needs, and why waiting is not enough.
    private func blockedOutlook(_ decision: Decision, policy: Policy) -> [String] {
        var lines = ["blocked by: \(decision.blockedBy.map(\.id).joined(separator: ", "))"]
        if let next = decision.nextEligibleAt {
            let wait = next - decision.moment.now
            lines.append("eligible from \(next) (in \(wait.spoken)), if nothing else changes")
            return lines
        }
        for need in decision.needs {
            if let days = need.activeDaysWithin, let more = need.more {
                lines.append(
                    "needs \(more) more day\(more == 1 ? "" : "s") of use (a launch on another date) within \(days)d")
            } else if let more = need.more {
                lines.append("needs \(more) more \(need.event)" + (need.trigger.map { " for trigger \($0)" } ?? ""))
            } else if need.afterNextAsk {
                lines.append(
                    "trigger \(need.trigger ?? "") passes again only after the next ask: its exact count of \(need.event) since the last ask was reached or passed"
                )
            } else {
                lines.append(
                    "trigger \(need.trigger ?? "") can never pass again: its exact count of \(need.event) was reached or passed"
                )
            }
        }
        for check in decision.checks where decision.isBlocking(check) && check.passesAt == nil {
            if let hint = hint(for: check, policy: policy) { lines.append(hint) }
        }
        let waits = decision.checks.filter { decision.isBlocking($0) && $0.passesAt != nil }
        // Why waiting is not enough: a blocker that waiting cannot fix, or a check waiting breaks.
        let stuck = decision.checks.filter { decision.isBlocking($0) && $0.passesAt == nil }
            .map(CheckDescription.label)
        var why = "waiting alone is not enough"
        if !stuck.isEmpty {
            why =
                "waiting alone does not pass \(Suggestion.list(stuck.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }))"
        } else if let broken = decision.brokenByWaiting {
            var moment = decision.moment
            moment.now = broken.at
            let then = Decision(outcome: .block, moment: moment, checks: [broken.check])
            let described = CheckDescription(broken.check, of: then, policy: policy)
            why =
                "by then \(described.label) fails, which passes now (at \(broken.at): \(described.observed), needs \(described.required))"
        }
        for check in waits {
            lines.append("\(CheckDescription.label(check)) passes from \(check.passesAt!), but \(why)")
        }
        return lines
    }

    /// What would make a failure that waiting cannot fix pass.
    private func hint(for check: Check, policy: Policy) -> String? {
        let versionName = policy.app.versionKey.fullName
        switch check.id {
        case .enabled: return nil
        case .guard(let key):
            switch key {
            case .neverOn: return "never_on: moments from this source never ask; ask at another moment"
            case .oncePerVersion: return "once_per_version: needs a new \(versionName)"
            case .minSessionAge: return "min_session_age: the session start is not known (record a launch)"
            case .maxAsks, .systemQuota: return "\(key.rawValue): the limit is for a lifetime; no more asks"
            case .when:
                guard case .condition(let failing) = check.observed, !failing.isEmpty,
                    case .when(let condition)? = policy.guards[.when]?.value,
                    let need = ConditionText.need(condition, failing: failing)
                else { return "when: needs the condition to hold" }
                return "when: needs " + need
            // Ages and counts pass by waiting or are counts: eligible_from or needs say so.
            case .minInstallAge, .minLaunches, .minVersionAge, .cooldown, .activeDays: return nil
            }
        case .responses:
            guard case .response(let response?, let elsewhere) = check.observed else { return nil }
            let answered = "\(response.kind.rawValue)\(elsewhere ? " on another device" : "") on \(response.at.day)"
            let key =
                check.entry.map { "after_\(response.kind.rawValue)[\($0.index + 1)]" }
                ?? "after_\(response.kind.rawValue)"
            switch policy.responses.applied(response.kind, entry: check.entry) {
            case .never:
                return
                    "responses: \(answered); \(key) is never: this person is not asked again"
            case .nextVersion:
                return
                    "responses: \(answered); \(key) is next_version: needs a new \(versionName)"
            case .wait: return nil
            }
        case .experiment:
            guard case .notHeldOut(let experiment, _) = check.required else { return nil }
            guard case .bucket(let bucket, let hash) = check.observed, let bucket else {
                return
                    "experiment: held out of \(experiment) (recorded at exposure): this policy never asks this person"
            }
            return
                "experiment: held out of \(experiment) (bucket \(bucket)\(hash.label.map { ", \($0)" } ?? "")): this policy never asks this person"
        case .rollout:
            guard case .bucket(let bucket, let hash) = check.observed, let bucket else {
                return
                    "rollout: the state has no user_id, so this person has no bucket (set user_id to roll out to them)"
            }
            return
                "rollout: this person's bucket \(bucket)\(hash.label.map { " (\($0))" } ?? "") is outside the rollout"
        case .trigger(.when): return "\(CheckDescription.label(check)): needs the condition to hold"
        case .trigger(.scenes):
            guard case .scenes(let scenes) = check.required else { return nil }
            return "trigger \(check.trigger ?? ""): needs scene \(Suggestion.list(scenes))"
        case .trigger(.missing):
            guard case .unheardEvent(let event) = check.observed else { return nil }
            return "no trigger listens to event \(event)"
                + Suggestion.phrase(for: event, in: policy.triggers.map(\.event))
        case .trigger(.count): return nil
        case .channel:
            guard case .channel(let channel) = check.observed else { return nil }
            return "channel: " + CheckDescription.channelBlock(channel, written: check.location != nil, policy: policy)
        }
    }

    /// The colours an explanation uses.
    package enum Style: String {
        case green = "32"
        case red = "31"
        case greenBold = "1;32"
        case redBold = "1;31"
        case dim = "2"
    }

    /// `text` in `style`, when colouring.
    package func paint(_ text: String, _ style: Style) -> String {
        color ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }
}

extension String {
    /// The text with spaces after it up to `width` characters.
    package func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}

extension ArbitrationExplanation {
    /// The whole explanation, lines separated by newlines, without a trailing newline.
    package func text(_ arbitration: Arbitration) -> String {
        let paint = TextExplanation(color: color)
        var lines = [headline(arbitration, paint)]
        if arbitration.candidates.isEmpty {
            lines.append("  no prompt is a candidate: " + Self.noCandidate(arbitration.moment))
        }
        for candidate in arbitration.candidates {
            lines.append(candidateLine(candidate, paint))
            if let decision = candidate.decision, let policy = budget.prompt(named: candidate.prompt)?.policy {
                for line in paint.render(decision, policy: policy).split(
                    separator: "\n", omittingEmptySubsequences: false)
                where !(decision.isAllowed && candidate.isBlockedByBudget && Self.isPresentationLine(line)) {
                    lines.append("    " + line)
                }
            }
            let width = candidate.checks.map { Self.label($0).count }.max() ?? 0
            for check in candidate.checks {
                let mark = check.passed ? paint.paint("✓", .green) : paint.paint("✗", .red)
                var line = "    \(mark) \(Self.label(check).padding(to: width))  \(Self.message(check))"
                if let location = check.location { line += paint.paint("  \(location.file):\(location.line)", .dim) }
                lines.append(line)
            }
            if candidate.isBlockedByBudget {
                let shown = arbitration.granted.map { ", once \($0) is shown" } ?? ""
                if let next = candidate.nextEligibleAt {
                    lines.append(
                        "    eligible from \(next) (in \((next - arbitration.moment.now).spoken))\(shown), if nothing else changes"
                    )
                } else {
                    lines.append(
                        "    not eligible by waiting alone: " + Self.stuck(candidate, granted: arbitration.granted))
                }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `GRANT paywall under calm-app at ... (event ..., source ...)` or `NONE under ...`.
    fileprivate func headline(_ arbitration: Arbitration, _ paint: TextExplanation) -> String {
        let moment = arbitration.moment
        var parts: [String] = []
        if let event = moment.event { parts.append("event \(event)") }
        if let trigger = moment.trigger { parts.append("trigger \(trigger)") }
        if let scene = moment.scene { parts.append("scene \(scene)") }
        parts.append("source \(moment.source.rawValue)")
        if !arbitration.wanted.isEmpty { parts.append("wanted \(arbitration.wanted.joined(separator: ", "))") }
        let word =
            arbitration.granted.map { paint.paint("GRANT", .greenBold) + " \($0)" } ?? paint.paint("NONE", .redBold)
        return "\(word) under budget \(budget.name) at \(moment.now) (\(parts.joined(separator: ", ")))"
    }

    /// `review (policy review.yaml, priority 50): granted`, or what blocked it.
    fileprivate func candidateLine(_ candidate: Arbitration.Candidate, _ paint: TextExplanation) -> String {
        let kind = budget.prompt(named: candidate.prompt)?.kind ?? "external"
        let outcome =
            candidate.isGranted
            ? paint.paint("granted", .green)
            : paint.paint("blocked by \(candidate.blockedBy.joined(separator: ", "))", .red)
        var line = "  \(candidate.prompt) (\(kind), priority \(candidate.priority)): \(outcome)"
        if let location = candidate.location { line += paint.paint("  \(location.file):\(location.line)", .dim) }
        return line
    }

    /// Why waiting alone does not free a candidate the budget held back.
    fileprivate static func stuck(_ candidate: Arbitration.Candidate, granted: String?) -> String {
        for check in candidate.failedChecks where check.passesAt == nil {
            switch check.kind {
            case .lease(let lease?):
                return
                    "it waits for the lease of \(lease.prompt) to be committed, released, or to lapse at \(lease.expires)"
            case .limit(let limit, _, _) where limit.per == .session:
                return "\(limit.text): a launch starts a new session"
            case .limit(let limit, _, _): return "\(limit.text), which never frees"
            case .outranked(let winner, _): return "\(winner) would win the same moment again"
            default: continue
            }
        }
        // Free now, but not once the granted prompt is shown: it starts what holds this one back.
        return granted.map { "once \($0) is shown, a session or lifetime limit holds it back" }
            ?? "a limit holds it back"
    }

    /// A policy's "ask after 2s" line, which says nothing for a candidate the budget held back.
    fileprivate static func isPresentationLine(_ line: Substring) -> Bool {
        line.hasPrefix("ask ") || line.hasPrefix("write-review link")
    }

    /// Why no prompt decided the moment.
    fileprivate static func noCandidate(_ moment: Moment) -> String {
        if let event = moment.event { return "no policy of the budget listens to event \(event), and none is wanted" }
        return "no prompt is wanted"
    }
}

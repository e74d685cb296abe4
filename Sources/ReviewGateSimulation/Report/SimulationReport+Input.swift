@_spi(ReviewGateTools) import ReviewGate

extension SimulationReport.Input {
    /// Takes what a run's input checks found, and the version key the run replayed with.
    mutating func take(_ checked: InputCheck.Checked, versionKey: VersionKey?) {
        self.versionKey = versionKey
        peopleWithoutVersion = checked.peopleWithoutVersion
        peopleByChannel = checked.peopleByChannel
        warnings = checked.warnings
        frequentEvents = checked.frequentEvents
    }

    /// Adds another part's input (of the same run): its counts, and its warnings where every part
    /// warns (a name one part sent was sent). `people` are the people each part replayed: a part
    /// whose lines name no channel had them all on production.
    package mutating func add(_ other: Self, people: (own: Int, other: Int)) throws(SimulationReport.MergeError) {
        guard other.versionKey == versionKey else {
            throw SimulationReport.MergeError(
                message:
                    "the reports replayed different version keys (\(versionKey.map { "--version-key \($0.rawValue)" } ?? "each policy's own") and \(other.versionKey.map { "--version-key \($0.rawValue)" } ?? "each policy's own")); merge reports of the same run"
            )
        }
        for source in other.sources where !sources.contains(source) { sources.append(source) }
        lines += other.lines
        events += other.events
        skipped += other.skipped
        peopleWithoutVersion.merge(other.peopleWithoutVersion, uniquingKeysWith: +)
        if peopleByChannel.isEmpty != other.peopleByChannel.isEmpty {
            // The part without channels decided every moment on production.
            let production = peopleByChannel.isEmpty ? people.own : people.other
            peopleByChannel[.production, default: 0] += production
        }
        peopleByChannel.merge(other.peopleByChannel, uniquingKeysWith: +)
        guard other.duplicatesDropped == duplicatesDropped || other.duplicates == 0 || duplicates == 0 else {
            throw SimulationReport.MergeError(
                message:
                    "one report dropped its duplicate lines (--duplicates drop) and the other replayed them; merge reports of the same run"
            )
        }
        duplicatesDropped = duplicatesDropped || other.duplicatesDropped
        linesAfterEnd += other.linesAfterEnd
        wantsSkipped += other.wantsSkipped
        duplicates += other.duplicates
        if firstDuplicate == nil { firstDuplicate = other.firstDuplicate }
        // A warning every part gave; its suggestion the nearest of theirs (for an event, of the
        // names any part sent). Every such part wrote all its event names' lines.
        let othersWarnings = Dictionary(other.warnings.map { ("\($0.kind) \($0.name)", $0) }) { first, _ in first }
        var counts: [String: Int] = [:]
        for count in frequentEvents + other.frequentEvents { counts[count.name, default: 0] += count.lines }
        warnings = warnings.compactMap { warning in
            guard let others = othersWarnings["\(warning.kind) \(warning.name)"] else { return nil }
            var warning = warning
            let candidates =
                warning.kind == "event"
                ? counts.keys.sorted() : [warning.didYouMean, others.didYouMean].compactMap { $0 }.sorted()
            warning.didYouMean = Suggestion.closest(to: warning.name, in: candidates)
            return warning
        }
        frequentEvents = warnings.isEmpty ? [] : InputWarning.mostFrequent(counts)
    }

    /// The warnings' lines for a terminal, one per warning (`FILE:LINE:COL: warning: ...`).
    var warningLines: [String] {
        (duplicateMessage.map { [(duplicatesDropped ? "note: " : "warning: ") + $0] } ?? [])
            + warnings.map { warning in
                (warning.at.map { "\($0): " } ?? "") + "warning: " + warning.message(frequentEvents: frequentEvents)
            }
    }

    /// What was read, the line each report's text starts from: `timeline.jsonl: 40 events, 1 line
    /// skipped, 3 want lines skipped (they go with --budget), 120 lines after --until, 4 people`.
    func readLine(people: Int) -> String {
        let sources = sources.map { $0 == "-" ? "standard input" : $0 }
        var text =
            "\(sources.joined(separator: ", ")): \(SimulationReport.grouped(events)) event\(events == 1 ? "" : "s")"
        if skipped > 0 { text += ", \(SimulationReport.grouped(skipped)) line\(skipped == 1 ? "" : "s") skipped" }
        return text + unreplayed + ", " + SimulationReport.people(people)
    }

    /// `, 3 want lines skipped (they go with --budget), 120 lines after --until`: what was read and
    /// not replayed, for the line that says what was read (the page's too).
    var unreplayed: String {
        var text = ""
        if wantsSkipped > 0 {
            text +=
                ", \(SimulationReport.grouped(wantsSkipped)) want line\(wantsSkipped == 1 ? "" : "s") skipped (they go with --budget)"
        }
        if linesAfterEnd > 0 {
            text += ", \(SimulationReport.grouped(linesAfterEnd)) line\(linesAfterEnd == 1 ? "" : "s") after --until"
        }
        return text
    }

    /// Whether a page's header has a warning (and so its rule), a duplicate line's included.
    var warns: Bool { !warnings.isEmpty || duplicates > 0 }

    /// What the duplicate lines are and what was done with them; `nil` without any.
    var duplicateMessage: String? {
        guard duplicates > 0 else { return nil }
        let what =
            "\(SimulationReport.grouped(duplicates)) line\(duplicates == 1 ? "" : "s") (\(SimulationReport.percent(Double(duplicates) * 100 / Double(max(1, events))))) repeat\(duplicates == 1 ? "s" : "") an earlier line exactly (the same person, time and every column read), the first \(firstDuplicate ?? "-")"
        return duplicatesDropped
            ? what + ": dropped (--duplicates drop), each replayed once"
            : what
                + ": each is replayed and counts again, as if it happened twice, in every figure below; an export without DISTINCT or a join that fans out writes them: --duplicates drop replays each once"
    }

    /// The report's lines on the version: the key every policy replayed with, and the people with
    /// no version on any line.
    var versionLines: [String] {
        var lines: [String] = []
        if let versionKey {
            lines.append(
                "every policy replayed with --version-key \(versionKey.rawValue) (as if its app.version_key were \(versionKey.rawValue))"
            )
        }
        for key in VersionKey.allCases {
            guard let people = peopleWithoutVersion[key] else { continue }
            lines.append(
                "\(SimulationReport.people(people)) with no \(key.rawValue) on any line, replayed as running one version throughout"
            )
        }
        if !peopleByChannel.isEmpty {
            // Semantics §16.1: each moment decided on its line's channel, production where none is given.
            let counts = Channel.allCases.map { "\(SimulationReport.grouped(peopleByChannel[$0] ?? 0)) \($0.rawValue)" }
            lines.append(
                "people by build channel: \(counts.joined(separator: ", ")) (each moment decided on its line's channel; a person on two counts on each)"
            )
        }
        return lines
    }
}

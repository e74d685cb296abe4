@_spi(ReviewGateTools) import ReviewGate

extension SimulationReport.Input {
    /// Takes what a run's input checks found, and the version key the run replayed with.
    mutating func take(_ checked: InputCheck.Checked, versionKey: VersionKey?) {
        self.versionKey = versionKey
        peopleWithoutVersion = checked.peopleWithoutVersion
        warnings = checked.warnings
        frequentEvents = checked.frequentEvents
    }

    /// Adds another part's input (of the same run): its counts, and its warnings where every part
    /// warns (a name one part sent was sent).
    package mutating func add(_ other: Self) throws(SimulationReport.MergeError) {
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
        warnings.map { warning in
            (warning.at.map { "\($0): " } ?? "") + "warning: " + warning.message(frequentEvents: frequentEvents)
        }
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
        return lines
    }
}

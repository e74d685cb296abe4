@_spi(ReviewGateTools) import ReviewGate

/// A comparison's trigger in the policy's words, for the sentences a team reads (Semantics §15): the
/// moment its two groups first differ for a person, said by what differs between them. Two arms
/// whose only difference is a trigger's `at_least` are told by its count ("their 3rd
/// process_completed"); other differences are named by the settings the arms override.
enum ReadoutTriggerWords {
    /// The words of each comparison of `experiment` (groups named `groups`, the holdout first), from
    /// the policy's `settings` when it was read from a file (each arm's override is there).
    static func words(
        _ comparisons: [ReadoutComparison], experiment: Experiment, groups: [String], settings: [PolicySetting]?
    ) -> [String] {
        comparisons.map { comparison in
            let (arm, against) = (groups[comparison.arm], groups[comparison.against])
            guard comparison.against != ReadoutComparison.holdout else {
                return
                    "a moment where \(arm) would ask, or count, otherwise than the holdout (which runs the policy without the experiment's asks)"
            }
            let policies = (experiment.arms[comparison.arm - 1].policy, experiment.arms[comparison.against - 1].policy)
            let overrides = [comparison.arm, comparison.against].map { overridden(groups[$0], in: settings) }
            if let counts = Self.counts(policies.0, policies.1, overrides: overrides, names: (arm, against)) {
                return counts
            }
            let paths = Array(Set(overrides.compactMap { $0 }.flatMap { $0 })).sorted()
            return "a moment that \(arm) and \(against) decide differently"
                + (paths.isEmpty ? "" : " (they differ in \(paths.joined(separator: ", ")))")
        }
    }

    /// The paths an arm's `override` sets, relative to the policy (`triggers.process_completed.at_least`);
    /// `nil` when the settings are not known.
    private static func overridden(_ arm: String, in settings: [PolicySetting]?) -> [String]? {
        guard let settings else { return nil }
        let prefix = "experiment.arms.\(arm.contains(".") ? "\"\(arm)\"" : arm).override."
        return settings.filter { $0.path.hasPrefix(prefix) }.map { String($0.path.dropFirst(prefix.count)) }
    }

    /// "their 3rd process_completed on, where third asks and fifth waits for the 5th": when the two
    /// arms override nothing but one trigger's `at_least`.
    private static func counts(
        _ one: Policy, _ other: Policy, overrides: [[String]?], names: (String, String)
    ) -> String? {
        guard overrides.allSatisfy({ $0 != nil }) else { return nil }
        let paths = Set(overrides.compactMap { $0 }.flatMap { $0 })
        guard paths.count == 1, let path = paths.first, path.hasPrefix("triggers."), path.hasSuffix(".at_least")
        else { return nil }
        let id = String(path.dropFirst("triggers.".count).dropLast(".at_least".count)).replacingQuotes()
        guard let first = one.trigger(id: id), let second = other.trigger(id: id),
            case .atLeast(let m) = first.count.value, case .atLeast(let n) = second.count.value, m != n,
            first.event == second.event
        else { return nil }
        let (sooner, later) = m < n ? (names.0, names.1) : (names.1, names.0)
        let within = first.within.map { " in \($0.value)" } ?? ""
        return
            "their \(ordinal(min(m, n))) \(first.event)\(within), where \(sooner) asks and \(later) waits for the \(ordinal(max(m, n)))"
    }

    /// `1st`, `2nd`, `3rd`, `4th`, `11th`, `21st`.
    static func ordinal(_ number: Int) -> String {
        let tens = number % 100
        let suffix =
            (11...13).contains(tens)
            ? "th" : [1: "st", 2: "nd", 3: "rd"][number % 10] ?? "th"
        return "\(number)\(suffix)"
    }
}

extension String {
    /// A key of a dotted path without the quotes a key holding a `.` is written in.
    fileprivate func replacingQuotes() -> String {
        hasPrefix("\"") && hasSuffix("\"") && count >= 2 ? String(dropFirst().dropLast()) : self
    }
}

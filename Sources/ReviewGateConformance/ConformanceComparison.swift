@_spi(ReviewGateTools) import ReviewGate

/// Another implementation's answers compared with the kit's expectations (Semantics §18): the cases
/// that differ, member by member, and the counts by tag. An answers file has a line per case,
/// `{"id": …, "answer": {…}}`; a case without a line is skipped, and counted so under its tags. An
/// answer holds each member of the case's expectation, at every depth; members the expectation
/// does not have are free.
package struct ConformanceComparison: Sendable {
    /// A case whose answer differs from its expectation.
    package struct Difference: Sendable {
        /// The case's id.
        package var id: String
        /// Its tags.
        package var tags: [String]
        /// The members of the expectation the answer gives otherwise (or not at all), in the
        /// expectation's order, each with the expected value and the answered one (`nil`: missing).
        package var members: [(key: String, expected: JSONValue, answered: JSONValue?)]
    }

    /// How many cases of one tag were the same, differed or were skipped.
    package struct Tally: Sendable, Equatable {
        /// Cases whose every member is as expected.
        package var same = 0
        /// Cases with a member otherwise.
        package var differ = 0
        /// Cases with no answer.
        package var skipped = 0

        /// All the cases of the tag.
        package var cases: Int { same + differ + skipped }

        /// A tally of `same`, `differ` and `skipped` cases.
        package init(same: Int = 0, differ: Int = 0, skipped: Int = 0) {
            self.same = same
            self.differ = differ
            self.skipped = skipped
        }
    }

    /// The kit's version.
    package var kitVersion: String
    /// The cases that differ, in the kit's order.
    package var differences: [Difference] = []
    /// By tag, the cases that were the same, differed or were skipped.
    package var byTag: [String: Tally] = [:]
    /// In all.
    package var total = Tally()
    /// Ids in the answers that no case of the kit has.
    package var unknownIDs: [String] = []

    /// Whether the answers say anything about this kit: some answer names one of its cases.
    package var answersAny: Bool { total.same + total.differ > 0 }

    /// Whether the answers pass: some case answered, none differs, and every answer names a case of
    /// this kit (an answer to another kit's case says the port runs another version of it).
    package var passes: Bool { answersAny && total.differ == 0 && unknownIDs.isEmpty }

    /// Compares `answers` (each line's value, with its line number) with `kit`'s expectations.
    package init(kit: ConformanceKit, answers: [(line: Int, value: JSONValue)]) throws(DiagnosticError) {
        kitVersion = kit.version
        var byID: [String: JSONValue] = [:]
        for (line, value) in answers {
            guard let id = ConformanceValue.string(ConformanceValue.member(value, "id")),
                let answer = ConformanceValue.member(value, "answer"), case .object = answer
            else {
                throw DiagnosticError("line \(line): an answer is {\"id\": …, \"answer\": {…}}", at: nil)
            }
            guard byID.updateValue(answer, forKey: id) == nil else {
                throw DiagnosticError("line \(line): \(id) is answered twice", at: nil)
            }
        }
        var known = Set<String>()
        for (_, kase) in kit.allCases {
            known.insert(kase.id)
            var difference: Difference?
            if let answer = byID[kase.id] {
                for (key, expected) in ConformanceValue.members(kase.expect) {
                    let answered = ConformanceValue.member(answer, key)
                    guard answered.map({ ConformanceValue.covers(expected, $0) }) != true else { continue }
                    difference = difference ?? Difference(id: kase.id, tags: kase.tags, members: [])
                    difference?.members.append((key, expected, answered))
                }
            }
            let count = { (tally: inout Tally) in
                if byID[kase.id] == nil {
                    tally.skipped += 1
                } else if difference == nil {
                    tally.same += 1
                } else {
                    tally.differ += 1
                }
            }
            count(&total)
            for tag in kase.tags { count(&byTag[tag, default: Tally()]) }
            if let difference { differences.append(difference) }
        }
        unknownIDs = answers.compactMap { ConformanceValue.string(ConformanceValue.member($0.value, "id")) }
            .filter { !known.contains($0) }
    }

    /// The most differing cases the text shows one by one.
    package static let shownDifferences = 20

    /// The comparison for a terminal: the totals, the first differing cases with what differs, and
    /// the counts by tag.
    package var text: String {
        var lines = [
            "conformance kit \(kitVersion): \(total.cases.grouped) cases; \(total.same.grouped) the same, \(total.differ.grouped) differ, \(total.skipped.grouped) skipped"
        ]
        if !unknownIDs.isEmpty {
            lines.append(
                "\(unknownIDs.count.grouped) \(unknownIDs.count == 1 ? "answer names" : "answers name") no case of kit \(kitVersion) (first: \(unknownIDs[0])): were they made from another version of the kit?"
            )
        }
        for difference in differences.prefix(Self.shownDifferences) {
            lines.append("")
            lines.append("\(difference.id) [\(difference.tags.joined(separator: ", "))]")
            for member in difference.members {
                let writer = JSONWriter()
                let answered = member.answered.map { writer.string($0) } ?? "nothing"
                lines.append("  \(member.key): expected \(writer.string(member.expected)), answered \(answered)")
            }
        }
        if differences.count > Self.shownDifferences {
            lines.append("")
            lines.append(
                "… and \((differences.count - Self.shownDifferences).grouped) more (--format json lists every one)")
        }
        lines.append("")
        let tags = byTag.keys.sorted()
        let width = max(3, tags.map(\.count).max() ?? 0)
        let header = ["cases", "same", "differ", "skipped"]
        func row(_ name: String, _ cells: [String]) -> String {
            name + String(repeating: " ", count: max(0, width - name.count)) + "  "
                + zip(cells, header).map { String(repeating: " ", count: max(0, $1.count + 2 - $0.count)) + $0 }
                .joined()
        }
        lines.append(row("tag", header.map { $0 }))
        for tag in tags {
            let tally = byTag[tag]!
            lines.append(row(tag, [tally.cases, tally.same, tally.differ, tally.skipped].map(\.grouped)))
        }
        return lines.joined(separator: "\n")
    }

    /// The comparison as JSON: every differing case, and the counts by tag.
    package var json: JSONValue {
        func tally(_ tally: Tally) -> JSONValue {
            .object([
                ("cases", .int(tally.cases)), ("same", .int(tally.same)), ("differ", .int(tally.differ)),
                ("skipped", .int(tally.skipped)),
            ])
        }
        return .object([
            ("kit_version", .string(kitVersion)),
            ("total", tally(total)),
            (
                "differences",
                .array(
                    differences.map { difference in
                        .object([
                            ("id", .string(difference.id)), ("tags", .array(difference.tags.map { .string($0) })),
                            (
                                "members",
                                .array(
                                    difference.members.map {
                                        .object([
                                            ("member", .string($0.key)), ("expected", $0.expected),
                                            ("answered", $0.answered ?? .null),
                                        ])
                                    })
                            ),
                        ])
                    })
            ),
            ("by_tag", .object(byTag.keys.sorted().map { ($0, tally(byTag[$0]!)) })),
            ("unknown_ids", .array(unknownIDs.map { .string($0) })),
        ])
    }
}

extension Int {
    /// The number with thousands apart: `20,412`.
    var grouped: String { NumberText.grouped(self) }
}

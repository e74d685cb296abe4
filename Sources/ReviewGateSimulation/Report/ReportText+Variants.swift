@_spi(ReviewGateTools) import ReviewGate

extension SimulationReport {
    /// The widest a line of the variants' table aims to be.
    static let variantTableWidth = 80

    /// The report of a run with `--vary` (Semantics §10): the policy and the input, then one row per
    /// variant beside the policy as written (people asked, asks, days to the first ask p50, the top
    /// reason people were never asked), and under an experiment a row per arm beneath each.
    var variantText: String {
        var out: [String] = []
        out.append("policy \(Self.named(policy))")
        out.append(readLine)
        let paths = variantPaths
        let counts = paths.indices.map { index in
            Set(variants.compactMap { $0.variant?.settings.dropFirst(index).first?.value }).count
        }
        out.append(
            "\(variants.count) variant\(variants.count == 1 ? "" : "s"): "
                + zip(paths, counts).map { "\($0) (\($1) value\($1 == 1 ? "" : "s"))" }.joined(separator: " × "))
        out.append("")

        let horizonLabel = horizon.map { "in \($0.days) d" }
        var header = ["variant", "people asked", "asks", "p50 d"]
        if let horizonLabel { header.append(horizonLabel) }
        header.append("top blocker")
        // The figures of every row, its name aside.
        func figures(_ result: PolicyResult) -> [String] {
            var cells = [
                "\(Self.grouped(result.tally.peopleAsked)) (\(Self.percent(result.askedPercent)))",
                Self.grouped(result.tally.asks), result.tally.firstAskPercentile(0.5).map(String.init) ?? "-",
            ]
            if horizon != nil {
                let counts = horizonCounts(result) ?? SimulationTally.FirstSeen()
                cells.append(
                    counts.people == 0 ? "-" : Self.percent(Double(counts.asked) * 100 / Double(counts.people)))
            }
            cells.append(Self.topBlocker(result.tally))
            return cells
        }
        let short = Self.shortPaths(paths)
        let usesShort = short != paths
        var rows: [(name: String, shortName: String, cells: [String])] = []
        for result in [policy] + variants {
            let name = result.variant?.name ?? "as written"
            let shortName = result.variant.map { Self.shortName($0, ends: short) } ?? name
            rows.append((name, shortName, figures(result)))
            for arm in result.arms ?? [] { rows.append(("  " + arm.name, "  " + arm.name, figures(arm))) }
        }
        let figureWidths = header.indices.dropFirst().map { column in
            max(header[column].count, rows.map { $0.cells[column - 1].count }.max() ?? 0)
        }
        let figuresWidth = figureWidths.reduce(0) { $0 + $1 + 2 }
        let fullWidth = rows.map(\.name.count).max() ?? 0
        let shortWidth = rows.map(\.shortName.count).max() ?? 0
        // The full names when they fit in 80 columns, else the paths' shortest distinct ends.
        let useFull = !usesShort || fullWidth + figuresWidth <= Self.variantTableWidth
        let nameWidth = min(
            max(header[0].count, useFull ? fullWidth : shortWidth),
            max(header[0].count, Self.variantTableWidth - figuresWidth))
        func line(_ name: String, _ cells: [String]) -> String {
            var text = name + String(repeating: " ", count: max(0, nameWidth - name.count))
            for (index, cell) in cells.enumerated() {
                let last = index == cells.count - 1
                let padding = String(repeating: " ", count: figureWidths[index] - cell.count)
                text += "  " + (last ? cell : padding + cell)
            }
            return String(text.reversed().drop { $0 == " " }.reversed())
        }
        out.append(line(header[0], Array(header.dropFirst())))
        for row in rows {
            let name = useFull ? row.name : row.shortName
            if name.count > nameWidth {
                // A name too long for its column has a line of its own above its figures.
                out.append(name)
                out.append(line("", row.cells))
            } else {
                out.append(line(name, row.cells))
            }
        }
        if !useFull {
            out.append("")
            out += variantPathLegend
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// The reason most people were never asked (`never_reached` or a blocker's id), or `-`.
    static func topBlocker(_ tally: SimulationTally) -> String {
        let top = tally.neverAsked.indices.max { tally.neverAsked[$0] < tally.neverAsked[$1] }
        return top.flatMap { tally.neverAsked[$0] > 0 ? SimulationTally.NeverAsked.ids[$0] : nil } ?? "-"
    }

    /// A variant named by its paths' short ends (``shortPaths(_:)``): `at_least=3, cooldown=7d`.
    static func shortName(_ variant: Variant, ends: [String]) -> String {
        zip(ends, variant.settings).map { "\($0)=\($1.value)" }.joined(separator: ", ")
    }

    /// The variants' paths, each with the short end that names it (``shortPaths(_:)``), as lines
    /// under a table that uses them: `at_least is triggers.process_completed.at_least`.
    var variantPathLegend: [String] {
        zip(Self.shortPaths(variantPaths), variantPaths).compactMap { $0 == $1 ? nil : "\($0) is \($1)" }
    }

    /// The paths `--vary` set, in its order (every variant sets the same); none without `--vary`.
    var variantPaths: [String] {
        variants.first?.variant?.settings.map(\.path) ?? []
    }

    /// Each path's shortest end of whole keys that no other path ends with:
    /// `guards.cooldown` and `triggers.a.at_least` are `cooldown` and `at_least`.
    package static func shortPaths(_ paths: [String]) -> [String] {
        let keys = paths.map(VaryOption.keys(ofPath:))
        return keys.indices.map { index in
            for length in 1...max(1, keys[index].count) {
                let end = keys[index].suffix(length)
                let clashes = keys.indices.contains { other in other != index && keys[other].suffix(length) == end }
                if !clashes { return VaryOption.text(ofPath: end) }
            }
            return paths[index]
        }
    }
}

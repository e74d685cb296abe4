@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateFiles

/// What `simulate --merge` adds up: policy reports or budget reports, as the first report read says.
package enum MergedReport {
    /// The sum of policy reports.
    case policy(SimulationReport)
    /// The sum of budget reports.
    case budget(BudgetSimulationReport)

    /// The sum of the reports in `paths`, of the kind the first one is.
    package init(reading paths: [String]) throws(DiagnosticError) {
        // Read once: standard input cannot be read twice.
        let roots = try Self.roots(in: paths)
        if roots.first?.1.node["reviewgate_simulation_budget"] != nil {
            self = .budget(
                try Self.merged(roots, BudgetSimulationReport.init(json:)) {
                    (total, report) throws(SimulationReport.MergeError) in
                    try total.add(report)
                })
        } else {
            self = .policy(
                try Self.merged(roots, SimulationReport.init(json:)) {
                    (total, report) throws(SimulationReport.MergeError) in
                    try total.add(report)
                })
        }
    }

    /// The sum of the reports in `paths` (`-` for standard input), each file one JSON report or one
    /// per line, each read by `read` and added to the first by `add`.
    static func merged<Report>(
        reading paths: [String], _ read: (DocumentNode) throws(DiagnosticError) -> Report,
        add: (inout Report, Report) throws(SimulationReport.MergeError) -> Void
    ) throws(DiagnosticError) -> Report {
        try merged(try roots(in: paths), read, add: add)
    }

    /// The sum of the reports `roots`, each read by `read` and added to the first by `add`; a report
    /// that cannot be read (one of another kind among them) is refused at its line.
    private static func merged<Report>(
        _ roots: [(path: String, (node: DocumentNode, line: Int?))],
        _ read: (DocumentNode) throws(DiagnosticError) -> Report,
        add: (inout Report, Report) throws(SimulationReport.MergeError) -> Void
    ) throws(DiagnosticError) -> Report {
        var total: Report?
        for (path, root) in roots {
            var report: Report
            do {
                report = try read(root.node)
            } catch {
                // Point the report's diagnostics at its line of the file (one report per line).
                var error = error
                if let line = root.line {
                    for index in error.diagnostics.indices { error.diagnostics[index].location?.line = line }
                }
                throw error
            }
            guard total != nil else {
                total = report
                continue
            }
            do {
                try add(&total!, report)
            } catch {
                throw DiagnosticError("\(path): \(error.message)", at: nil)
            }
        }
        guard let total else { throw DiagnosticError("the files given hold no reports", at: nil) }
        return total
    }

    /// Each report's document in `paths`, with its file and, in a file of one report per line, its line.
    private static func roots(in paths: [String]) throws(DiagnosticError) -> [(
        path: String, (node: DocumentNode, line: Int?)
    )] {
        var roots: [(path: String, (node: DocumentNode, line: Int?))] = []
        for path in paths { roots += try documents(in: path).map { (path, $0) } }
        return roots
    }

    /// The reports' documents in a file: one JSON document, or one per line.
    private static func documents(in path: String) throws(DiagnosticError) -> [(node: DocumentNode, line: Int?)] {
        let bytes: [UInt8]
        do {
            bytes =
                try path == "-"
                ? FileBytes.readStandardInput(maxBytes: 1 << 30) : FileBytes.read(path, maxBytes: 1 << 30)
        } catch {
            throw DiagnosticError(reading: error)
        }
        let file = path == "-" ? "<stdin>" : path
        if let root = try? JSONReader().loadDocument(bytes, file: file) { return [(root, nil)] }
        var documents: [(node: DocumentNode, line: Int?)] = []
        var number = 0
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            number += 1
            guard line.contains(where: { $0 != 0x20 && $0 != 0x0D && $0 != 0x09 }) else { continue }
            do {
                documents.append((try JSONReader().loadDocument(Array(line), file: file), number))
            } catch {
                var error = error
                for index in error.diagnostics.indices { error.diagnostics[index].location?.line = number }
                throw error
            }
        }
        return documents
    }
}

extension BudgetSimulationReport {
    /// The sum of the budget reports in `paths` (`-` for standard input), each file one JSON report
    /// or one per line: a report of every person in them. Throws when a file cannot be read, a
    /// report cannot be, or two are of different runs.
    package static func merged(reading paths: [String]) throws(DiagnosticError) -> BudgetSimulationReport {
        try MergedReport.merged(reading: paths, BudgetSimulationReport.init(json:)) {
            (total, report) throws(SimulationReport.MergeError) in try total.add(report)
        }
    }
}

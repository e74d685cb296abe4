import ArgumentParser
@_spi(ReviewGateTools) import ReviewGate
import ReviewGateConformance
@_spi(ReviewGateTools) import ReviewGateFiles

/// `reviewgate conformance ANSWERS.jsonl [--kit DIR]`: another implementation's answers compared with
/// the conformance kit's expectations (Semantics §18).
struct ConformanceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conformance", _superCommandName: "reviewgate",
        abstract: "Compare another implementation's answers with the conformance kit's expectations.",
        discussion: """
            A port of ReviewGate (Kotlin, JavaScript, another Swift) answers every case of the kit \
            (Conformance/ in the repository: index.json, policies.jsonl and a JSON Lines file per area) \
            and writes one line per case it answers: {"id": "evaluation/g-00001", "answer": {...}}, \
            the answer with the members of the case's expect. This command prints the cases whose \
            answer differs, member by member, and the counts by capability tag. A case with no line is \
            skipped and counted so under its tags: a port that does not implement experiments leaves \
            those cases out. The formats and the tags: Documentation/guides/porting.md.

            Exit codes: 0 every answer given is as expected, 1 an answer differs, 2 an unusable kit \
            or answers file.

            Examples:
              reviewgate conformance answers.jsonl
              reviewgate conformance answers.jsonl --kit ../reviewgate/Conformance
              reviewgate conformance answers.jsonl --format json > differences.json
            """
    )

    @Argument(help: ArgumentHelp("The answers, JSON Lines: one {\"id\", \"answer\"} a line.", valueName: "answers"))
    var answers: String

    @Option(help: ArgumentHelp("The kit's folder.", valueName: "dir"))
    var kit = "Conformance"

    /// How the comparison is printed.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Option(help: "text, or json (every differing case, and the counts by tag).")
    var format: Format = .text

    func run() throws {
        let comparison = try InputFile.orExit { () throws in
            let kit = try ConformanceKit.load(from: kit)
            let bytes = try FileBytes.read(answers, maxBytes: ConformanceKit.maximumFileBytes)
            return try ConformanceComparison(kit: kit, answers: JSONLines.read(bytes, file: answers))
        }
        switch format {
        case .text: Terminal.print(comparison.text)
        case .json: Terminal.print(JSONWriter(pretty: true).string(comparison.json))
        }
        if comparison.total.differ > 0 { throw ExitCode(1) }
    }
}

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

            Exit codes: 0 every answer given is as expected, 1 an answer differs or names a case \
            the kit does not have (answers to another version of the kit), 2 an unusable kit or \
            answers file, or one that answers no case of the kit.

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
            // An answer a case, and room for a few more: a file of millions of lines is no answers.
            let lines = try JSONLines.read(bytes, file: answers, maximumLines: 2 * kit.allCases.count + 1_000)
            return try ConformanceComparison(kit: kit, answers: lines)
        }
        switch format {
        case .text: Terminal.print(comparison.text)
        case .json: Terminal.print(JSONWriter(pretty: true).string(comparison.json))
        }
        guard comparison.answersAny else {
            throw InputFile.usageError(
                "no answer in \(answers) names a case of conformance kit \(comparison.kitVersion) (\(kit))")
        }
        if !comparison.passes { throw ExitCode(1) }
    }
}

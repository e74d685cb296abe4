import ArgumentParser
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateFiles
@_spi(ReviewGateTools) import ReviewGateYAML

/// `reviewgate inspect FILE`: how a YAML file is read, node by node.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect", _superCommandName: "reviewgate",
        abstract: "Show how a YAML file is read: every node with its line:column and how each scalar resolved.",
        discussion: """
            Scalars resolve by the YAML 1.2 core schema: only true/True/TRUE and false/False/FALSE \
            are booleans (NO is a string), 0x1F and 0o17 are integers, 1e3 and .inf are floats, \
            ~ and null are null, and anything quoted is a string. Merge keys (<<) are shown merged. \
            A .json file is read by ReviewGate's own JSON reader (the one an app uses), others by libyaml.
            """
    )

    /// The output forms of `inspect`.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: "The YAML (or JSON) file to read.")
    var file: String

    @Option(help: "text: the annotated tree; json: each document's data as one line of JSON.")
    var format: Format = .text

    func run() throws {
        let documents = try InputFile.orExit {
            let bytes = try FileBytes.read(file, maxBytes: DocumentLimits.default.maxBytes)
            // A .json file through the core's own JSON reader, as an app reads it.
            return file.hasSuffix(".json")
                ? [try JSONReader().loadDocument(bytes, file: file)] : try YAMLLoader().load(bytes, file: file)
        }
        switch format {
        case .json:
            for document in documents { Terminal.print(JSONWriter().string(document.jsonValue)) }
        case .text:
            Terminal.print(NodeTreeRenderer.render(documents, file: file))
        }
    }
}

import ArgumentParser
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateFiles

/// `reviewgate person`: a person's record, carried between their devices (Semantics §16.5).
struct PersonCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "person", _superCommandName: "reviewgate",
        abstract: "Export a person's record from a state file, or merge records into one.",
        discussion: """
            A person record holds what one person was asked and answered on each of their devices \
            (Semantics §16.5): the app carries it between devices through its own store, and each \
            device merges it (Prompter.merge, or `reviewgate record --merge`), so that a person who \
            rated the app on their iPhone is not asked on their iPad. Records of two user_ids never merge.
            """,
        subcommands: [Export.self, Merge.self]
    )

    /// `reviewgate person export --state S`.
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export", _superCommandName: "person",
            abstract: "Print the person's record of a state file, as Prompter.personRecord() makes it.",
            discussion: """
                The first export gives the state its device_id (a random id) and names it on each ask \
                and answer, so the state file is written then (locked and replaced atomically, as by \
                record). The record is JSON (schemas/person.schema.json).

                Example:
                  reviewgate person export --state iphone.state.yaml > person.json
                """
        )

        @Option(help: ArgumentHelp("The state file (YAML or JSON).", valueName: "path"))
        var state: String

        func run() throws {
            let store = FileStateStore(path: state, versionKey: nil, documents: InputFile.documents)
            let record = try InputFile.orExit { try store.personRecord() }
            Terminal.print(JSONWriter(pretty: true).string(record.jsonValue))
        }
    }

    /// `reviewgate person merge A B…`.
    struct Merge: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "merge", _superCommandName: "person",
            abstract: "Merge person records into one, as a server that keeps them would.",
            discussion: """
                The union of every record's asks and answers, one per (prompt, time, device), sorted: \
                merging in any order, any number of times, prints the same bytes. Records of two \
                user_ids are refused (exit 2).

                Example:
                  reviewgate person merge iphone.json ipad.json android.json > person.json
                """
        )

        @Argument(help: ArgumentHelp("The records, JSON files.", valueName: "record"))
        var records: [String]

        func validate() throws {
            if records.isEmpty { throw ValidationError("give at least one record") }
        }

        func run() throws {
            var merged: PersonRecord?
            for path in records {
                let record = try InputFile.personRecord(path)
                do {
                    merged = try merged.map { try $0.merging(record) } ?? record
                } catch {
                    throw InputFile.usageError("\(path): \(error)")
                }
            }
            if let merged { Terminal.print(JSONWriter(pretty: true).string(merged.jsonValue)) }
        }
    }
}

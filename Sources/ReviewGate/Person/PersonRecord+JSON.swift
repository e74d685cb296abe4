extension PersonRecord {
    /// The record's first key, which names a person record.
    public static let formatKey = "reviewgate_person"

    /// The record as JSON (Semantics §16.5): `reviewgate_person: 1`, `user_id` when set, and
    /// `asks` (`at`, `device`, `prompt`, `short`, `build`) and `answers` (`at`, `device`,
    /// `prompt`, `kind`) in the union's order. Compact, the same bytes for the same record.
    public var json: String { JSONWriter(pretty: false).string(jsonValue) }

    /// The record as a JSON value.
    @_spi(ReviewGateTools) public var jsonValue: JSONValue {
        var members: [(key: String, value: JSONValue)] = [(Self.formatKey, .int(Self.formatVersion))]
        if let userID { members.append(("user_id", .string(userID))) }
        members.append(
            (
                "asks",
                .array(
                    asks.map { ask in
                        var fields: [(key: String, value: JSONValue)] = [("at", .string(ask.at.description))]
                        if let device = ask.device { fields.append(("device", .string(device))) }
                        fields.append(("prompt", .string(ask.prompt)))
                        if let short = ask.short { fields.append(("short", .string(short))) }
                        if let build = ask.build { fields.append(("build", .string(build))) }
                        return .object(fields)
                    })
            ))
        members.append(
            (
                "answers",
                .array(
                    answers.map { answer in
                        var fields: [(key: String, value: JSONValue)] = [("at", .string(answer.at.description))]
                        if let device = answer.device { fields.append(("device", .string(device))) }
                        fields.append(("prompt", .string(answer.prompt)))
                        fields.append(("kind", .string(answer.kind.rawValue)))
                        return .object(fields)
                    })
            ))
        return .object(members)
    }

    /// Reads a record from its JSON text; `file` names it in the diagnostics, which point at their
    /// `line:column`.
    public init(json text: String, file: String = "<record>") throws(DiagnosticError) {
        self = try Self.decode(JSONReader().loadDocument(text, file: file))
    }

    /// Reads a record from its node tree, reporting every problem at its node.
    @_spi(ReviewGateTools) public static func decode(_ root: DocumentNode) throws(DiagnosticError) -> PersonRecord {
        var reader = NodeReader()
        let record = decode(root, &reader)
        guard let record, !reader.hasErrors else { throw reader.failure }
        return record
    }

    /// Reads a record from its node tree (a file's, or one written inline in a scenario's `merge:`
    /// step), reporting its problems to `reader`.
    package static func decode(_ root: DocumentNode, _ reader: inout NodeReader) -> PersonRecord? {
        guard let fields = reader.fields(root, "a person record", LanguageCatalogue.section(.person, "")) else {
            return nil
        }
        reader.require([formatKey], in: fields, "a person record")
        if let refusal = FormatVersion(file: "this person record", name: "format", supported: formatVersion).refusal(
            fields[formatKey])
        {
            reader.report(refusal)
            return nil
        }
        if let node = fields[formatKey] { _ = reader.int(node, formatKey, minimum: 1) }
        let userID = fields["user_id"].flatMap { reader.string($0, "user_id") }
        var asks: [Ask] = []
        for key in ["asks", "answers"] {
            guard let node = fields[key], let count = node.sequence?.count, count > maximumEntries else { continue }
            reader.error(
                "\(key) lists \(count) entries, more than a person's record holds (\(maximumEntries))",
                at: node.location)
            return nil
        }
        if let node = fields["asks"], let items = reader.list(node, "asks") {
            asks = items.compactMap { ask($0, &reader) }
        }
        var answers: [Response] = []
        if let node = fields["answers"], let items = reader.list(node, "answers") {
            answers = items.compactMap { answer($0, &reader) }
        }
        return PersonRecord(userID: userID, asks: asks, answers: answers)
    }

    private static func ask(_ node: DocumentNode, _ reader: inout NodeReader) -> Ask? {
        guard let fields = reader.fields(node, "an ask", LanguageCatalogue.section(.person, "/asks/*")) else {
            return nil
        }
        reader.require(["at", "device"], in: fields, "an ask")
        guard let at = fields["at"].flatMap({ reader.timestamp($0, "at") }),
            let device = fields["device"].flatMap({ reader.string($0, "device") })
        else { return nil }
        return Ask(
            at: at, short: fields["short"].flatMap { reader.string($0, "short") },
            build: fields["build"].flatMap { reader.string($0, "build") },
            prompt: fields["prompt"].flatMap { reader.identifier($0, "a prompt name") } ?? Ask.review,
            device: device)
    }

    private static func answer(_ node: DocumentNode, _ reader: inout NodeReader) -> Response? {
        guard let fields = reader.fields(node, "an answer", LanguageCatalogue.section(.person, "/answers/*")) else {
            return nil
        }
        reader.require(["at", "device", "kind"], in: fields, "an answer")
        guard let at = fields["at"].flatMap({ reader.timestamp($0, "at") }),
            let device = fields["device"].flatMap({ reader.string($0, "device") }),
            let kind = fields["kind"].flatMap({ reader.choice($0, "kind", as: ResponseKind.self) })
        else { return nil }
        return Response(
            at: at, kind: kind,
            prompt: fields["prompt"].flatMap { reader.identifier($0, "a prompt name") } ?? Ask.review,
            device: device)
    }
}

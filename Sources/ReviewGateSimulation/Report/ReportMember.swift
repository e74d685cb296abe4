@_spi(ReviewGateTools) import ReviewGate

/// A member of an object in one of the three reports (a policy's result, a budget's prompt, a
/// readout and its groups and comparisons), defined once: its key, what it holds as the reference
/// page says it, how it is written and how `--merge` reads it back (the report's tally then adds
/// partitions up). A report's list of them gives its JSON (``Swift/Array/json(_:_:)``), its reading
/// (``Swift/Array/read(_:into:_:)``) and its reference table, in the order the report writes them.
struct ReportMember<Row, Context>: Sendable {
    /// Its key in the JSON report.
    let key: String
    /// What it holds, as the reference page says it (`Documentation/reference/`).
    let meaning: String
    /// Its value in the row's object; `nil` leaves it out.
    let write: @Sendable (_ row: Row, _ context: Context) -> JSONValue?
    /// Reads it from the row's object into the row being read.
    let read: @Sendable (_ reader: inout ReportReader, _ node: DocumentNode, _ row: inout Row) -> Void
}

extension ReportMember {
    /// A count the row always has, held at `field`.
    static func count(_ key: String, _ meaning: String, _ field: WritableKeyPath<Row, Int> & Sendable) -> Self {
        Self(
            key: key, meaning: meaning, write: { row, _ in .int(row[keyPath: field]) },
            read: { reader, node, row in row[keyPath: field] = reader.int(node, key) })
    }

    /// A member that is not a count (a name, a figure worked out from counts): written, not read back.
    static func written(
        _ key: String, _ meaning: String, _ write: @escaping @Sendable (_ row: Row, _ context: Context) -> JSONValue?
    ) -> Self {
        Self(key: key, meaning: meaning, write: write, read: { _, _, _ in })
    }

    /// A member whose value is an object of `members` of the same row.
    static func object(_ key: String, _ meaning: String, _ members: [Self]) -> Self {
        Self(
            key: key, meaning: meaning, write: { row, context in .object(members.json(row, context)) },
            read: { reader, node, row in
                if let object = reader.node(node, key) { members.read(object, into: &row, &reader) }
            })
    }
}

extension Array {
    /// The members' keys and values for `row`, in order, leaving out those it does not have.
    func json<Row, Context>(_ row: Row, _ context: Context) -> [(key: String, value: JSONValue)]
    where Element == ReportMember<Row, Context> {
        compactMap { member in member.write(row, context).map { (member.key, $0) } }
    }

    /// The members' keys and values for `row`, in order, leaving out those it does not have.
    func json<Row>(_ row: Row) -> [(key: String, value: JSONValue)] where Element == ReportMember<Row, Void> {
        json(row, ())
    }

    /// Reads each member from `node` into `row`, noting what is missing or wrong in `reader`.
    func read<Row, Context>(_ node: DocumentNode, into row: inout Row, _ reader: inout ReportReader)
    where Element == ReportMember<Row, Context> {
        for member in self { member.read(&reader, node, &row) }
    }

    /// The reference page's table of the members: `| member | what |`, a row each.
    func referenceTable<Row, Context>() -> String where Element == ReportMember<Row, Context> {
        "| member | what |\n| --- | --- |\n" + map { "| `\($0.key)` | \($0.meaning) |\n" }.joined()
    }
}

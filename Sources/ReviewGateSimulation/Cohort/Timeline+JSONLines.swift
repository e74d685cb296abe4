@_spi(ReviewGateTools) import ReviewGate

extension Timeline {
    /// The timeline as JSON Lines in simulate's columns, person by person in time order: what
    /// `simulate --synthetic C --write-timeline FILE` writes, and reads back to the same report.
    package func jsonLines() -> String {
        var out = ""
        writeJSONLines { out += $0 }
        return out
    }

    /// The timeline as ``jsonLines()`` writes it, a person's lines at a time, so that a timeline of
    /// millions of people is written without building its whole text.
    package func writeJSONLines(_ write: (String) -> Void) {
        let writer = JSONWriter(pretty: false)
        for person in 0..<people.count {
            let name = people[Symbols.ID(person)]
            var lines = ""
            withEvents(of: person) { events in
                for event in events {
                    lines += writer.string(Self.json(event, person: name, symbols: symbols))
                    lines += "\n"
                }
            }
            write(lines)
        }
    }

    /// One line, as ``jsonLines()`` writes it (its time in UTC).
    static func jsonLine(_ event: TimelineEvent, person: String, symbols: Symbols) -> String {
        JSONWriter(pretty: false).string(json(event, person: person, symbols: symbols))
    }

    private static func json(_ event: TimelineEvent, person: String, symbols: Symbols) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("user", .string(person)), ("time", .string(event.time.description)), ("type", .string(event.kind.word)),
        ]
        func add(_ column: TimelineColumn, _ id: Symbols.ID) {
            if id != TimelineEvent.none { members.append((column.name, .string(symbols[id]))) }
        }
        add(.name, event.name)
        add(.scene, event.scene)
        if let source = event.source { members.append(("source", .string(source.rawValue))) }
        if event.namesChannel { members.append(("channel", .string(event.channel.rawValue))) }
        add(.short, event.short)
        add(.build, event.build)
        switch (event.kind, event.valueKind) {
        case (.response, _): members.append(("value", .string(ResponseKind.allCases[Int(event.value)].rawValue)))
        case (_, .bool): members.append(("value", .bool(event.value == 1)))
        case (_, .number): members.append(("value", .number(symbols[event.value])))
        case (_, .string): members.append(("value", .string(symbols[event.value])))
        case (_, .none): break
        }
        add(.arm, event.arm)
        return .object(members)
    }
}

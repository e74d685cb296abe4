import ReviewGate

/// Turns a line's columns into a ``TimelineEvent``: checks that each is there when its type needs
/// it and reads as it should, and interns the names.
enum TimelineLine {
    private static let kinds = TimelineEvent.Kind.allCases.map { (Array($0.word.utf8), $0) }
    private static let sources = MomentSource.allCases.map { (Array($0.rawValue.utf8), $0) }
    private static let answers = ResponseKind.allCases.map { Array($0.rawValue.utf8) }

    static func event(
        from fields: LineFields, symbols: inout Symbols, people: inout Symbols, scratch: inout [UInt8]
    ) throws(LineProblem) -> TimelineEvent {
        let person = try required(.user, fields) { (bytes) throws(LineProblem) in people.intern(bytes) }
        let time = try required(.time, fields) { (bytes) throws(LineProblem) in
            guard fields.kind(.time) == .string || fields.kind(.time) == .number,
                let time = TimeColumn.parse(bytes, scratch: &scratch)
            else {
                throw LineProblem(
                    message:
                        "time \"\(Quote.prefix(fields.text(.time)))\" is not an RFC 3339 time or a number of seconds, milliseconds or microseconds since 1970",
                    column: fields.position(.time))
            }
            return time
        }
        let kind = try required(.type, fields) { (bytes) throws(LineProblem) in
            guard let kind = kinds.first(where: { $0.0.elementsEqual(bytes) })?.1 else {
                let text = fields.text(.type)
                let words = TimelineEvent.Kind.allCases.map(\.word)
                let hint = Suggestion.closest(to: text, in: words).map { "did you mean \"\($0)\"?" }
                throw LineProblem(
                    message: "type \"\(Quote.prefix(text))\" is not one of \(words.joined(separator: ", "))"
                        + (hint.map { "; \($0)" } ?? ""),
                    column: fields.position(.type))
            }
            return kind
        }
        var event = TimelineEvent(person: person, time: time, kind: kind)
        switch kind {
        case .event, .trigger, .flag, .attribute:
            event.name = try required(.name, fields) { (bytes) throws(LineProblem) in
                try name(bytes, .name, fields, symbols: &symbols)
            }
        case .install, .launch, .update, .response: break
        }
        if fields.kind(.scene) != .absent {
            event.scene = try fields.withBytes(.scene) { (bytes) throws(LineProblem) in
                try name(bytes, .scene, fields, symbols: &symbols)
            }
        }
        if fields.kind(.source) != .absent {
            event.source = try fields.withBytes(.source) { (bytes) throws(LineProblem) in
                guard let source = sources.first(where: { $0.0.elementsEqual(bytes) })?.1 else {
                    throw LineProblem(
                        message:
                            "source \"\(Quote.prefix(fields.text(.source)))\" is not system, launch or user_action",
                        column: fields.position(.source))
                }
                return source
            }
        }
        for column in [TimelineColumn.short, .build] where fields.kind(column) != .absent {
            guard fields.kind(column) == .string || fields.kind(column) == .number else {
                throw LineProblem(message: "\(column.name) must be a version string", column: fields.position(column))
            }
            let id = fields.withBytes(column) { symbols.intern($0) }
            if column == .short { event.short = id } else { event.build = id }
        }
        if kind == .update, event.short == TimelineEvent.none, event.build == TimelineEvent.none {
            throw LineProblem(
                message: "an update needs the new short or build (or both)", column: fields.position(.type))
        }
        try value(of: &event, fields, symbols: &symbols)
        return event
    }

    /// Reads the `value` column as the line's type needs it.
    private static func value(
        of event: inout TimelineEvent, _ fields: LineFields, symbols: inout Symbols
    ) throws(LineProblem) {
        let kind = fields.kind(.value)
        switch event.kind {
        case .response:
            let index = try required(.value, fields) { (bytes) throws(LineProblem) in
                guard let index = answers.firstIndex(where: { $0.elementsEqual(bytes) }) else {
                    throw LineProblem(
                        message:
                            "a response's value must be rated, declined or later; found \"\(Quote.prefix(fields.text(.value)))\"",
                        column: fields.position(.value))
                }
                return index
            }
            event.value = Symbols.ID(index)
        case .flag:
            let flag = try required(.value, fields) { (bytes) throws(LineProblem) in
                if kind == .yes || (kind == .string && bytes.elementsEqual("true".utf8)) { return true }
                if kind == .no || (kind == .string && bytes.elementsEqual("false".utf8)) { return false }
                throw LineProblem(message: "a flag's value must be true or false", column: fields.position(.value))
            }
            event.valueKind = .bool
            event.value = flag ? 1 : 0
        case .attribute:
            _ = try required(.value, fields) { _ in () }
            event.value = fields.withBytes(.value) { symbols.intern($0) }
            switch kind {
            case .yes, .no:
                event.valueKind = .bool
                event.value = kind == .yes ? 1 : 0
            case .number: event.valueKind = .number
            case .string:
                // A CSV value, or a JSON string: a number or true/false in CSV reads as one.
                let text = symbols[event.value]
                if text == "true" || text == "false" {
                    event.valueKind = .bool
                    event.value = text == "true" ? 1 : 0
                } else if Double(text) != nil, text.first.map({ $0.isNumber || $0 == "-" }) == true {
                    event.valueKind = .number
                } else {
                    event.valueKind = .string
                }
            case .absent: break
            }
        default: break
        }
    }

    /// A name column, checked as SPEC §2 *Values* says.
    private static func name(
        _ bytes: UnsafeBufferPointer<UInt8>, _ column: TimelineColumn, _ fields: LineFields, symbols: inout Symbols
    ) throws(LineProblem) -> Symbols.ID {
        guard fields.kind(column) == .string, isName(bytes) else {
            let text = fields.text(column)
            let reason =
                fields.kind(column) == .string
                ? Name.problem(text) ?? "" : "it must be a string"
            throw LineProblem(
                message: "\(column.name) \"\(Quote.prefix(text))\" is not a valid name: \(reason)",
                column: fields.position(column))
        }
        return symbols.intern(bytes)
    }

    /// `[A-Za-z0-9_][A-Za-z0-9_.-]*`, at most 100 characters.
    private static func isName(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, first != UInt8(ascii: "."), first != UInt8(ascii: "-"),
            bytes.count <= Name.maximumLength
        else { return false }
        for byte in bytes {
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "-"):
                continue
            default: return false
            }
        }
        return true
    }

    /// A column that must be there, read by `body`.
    private static func required<T>(
        _ column: TimelineColumn, _ fields: LineFields,
        _ body: (UnsafeBufferPointer<UInt8>) throws(LineProblem) -> T
    ) throws(LineProblem) -> T {
        guard fields.kind(column) != .absent else {
            throw LineProblem(message: "the line has no \(column.name)", column: 1)
        }
        return try fields.withBytes(column) { (bytes) throws(LineProblem) in try body(bytes) }
    }
}

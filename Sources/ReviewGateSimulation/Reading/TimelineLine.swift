@_spi(ReviewGateTools) import ReviewGate

/// Turns a line's columns into a ``TimelineEvent``: checks that each is there when its type needs
/// it and reads as it should, and interns the names.
enum TimelineLine {

    /// The event of a line's columns; `hints`, the symbols the last lines named, are checked
    /// before a name is looked up, and kept.
    static func event(
        from fields: LineFields, symbols: inout Symbols, people: inout Symbols, hints: inout SymbolHints,
        scratch: inout TimeColumn.Scratch
    ) throws(LineProblem) -> TimelineEvent {
        try fields.withView { (view) throws(LineProblem) in
            try event(from: view, symbols: &symbols, people: &people, hints: &hints, scratch: &scratch)
        }
    }

    /// What is likely wrong with a time that does not read, when its shape says: an offset without
    /// its colon (`+0900`, which some warehouses write), or none at all (a naive local time).
    static func timeHint(_ text: String) -> String? {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count >= 19, scalars.count <= 40, text.contains("T") || text.contains(" ") else { return nil }
        let digits = { (range: Range<Int>) in range.allSatisfy { ("0"..."9").contains(scalars[$0]) } }
        let end = scalars.count
        if end >= 24, scalars[end - 5] == "+" || scalars[end - 5] == "-", digits(end - 4..<end) {
            let offset = String(String.UnicodeScalarView(scalars[end - 5..<end - 2]))
            return
                "write the UTC offset with a colon: \(offset):\(String(String.UnicodeScalarView(scalars[end - 2..<end])))"
        }
        if digits(end - 2..<end), !text.hasSuffix("Z"),
            !scalars[(end - 6)...].contains(where: { $0 == "+" || $0 == "-" })
        {
            return "it has no UTC offset: add Z for UTC, or the device's offset (+hh:mm)"
        }
        return nil
    }

    private static func event(
        from fields: LineView, symbols: inout Symbols, people: inout Symbols, hints: inout SymbolHints,
        scratch: inout TimeColumn.Scratch
    ) throws(LineProblem) -> TimelineEvent {
        let person = try required(.user, fields) { (bytes) throws(LineProblem) in
            people.intern(bytes, hint: &hints.person)
        }
        let time = try required(.time, fields) { (bytes) throws(LineProblem) in
            guard fields.kind(.time) == .string || fields.kind(.time) == .number,
                let time = TimeColumn.parse(bytes, scratch: &scratch)
            else {
                let text = fields.text(.time)
                throw LineProblem(
                    message:
                        "time \"\(Quote.prefix(text))\" is not an RFC 3339 time or a number of seconds, milliseconds or microseconds since 1970"
                        + (Self.timeHint(text).map { "; \($0)" } ?? ""),
                    column: fields.position(.time))
            }
            return time
        }
        let kind = try required(.type, fields) { (bytes) throws(LineProblem) in
            guard let kind = Self.kind(bytes) else {
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
        event.utcOffsetQuarters = scratch.offsetQuarters
        switch kind {
        case .event, .trigger, .flag, .attribute, .want:
            event.name = try required(.name, fields) { (bytes) throws(LineProblem) in
                try name(bytes, .name, fields, symbols: &symbols, hint: &hints.name)
            }
        case .install, .launch, .update, .response: break
        }
        if fields.kind(.scene) != .absent {
            event.scene = try name(fields.bytes(.scene), .scene, fields, symbols: &symbols, hint: &hints.scene)
        }
        if fields.kind(.source) != .absent {
            event.source = try { (bytes: UnsafeBufferPointer<UInt8>) throws(LineProblem) in
                guard let source = Self.source(bytes) else {
                    throw LineProblem(
                        message:
                            "source \"\(Quote.prefix(fields.text(.source)))\" is not system, launch or user_action",
                        column: fields.position(.source))
                }
                return source
            }(fields.bytes(.source))
        }
        if fields.kind(.channel) != .absent {
            guard fields.kind(.channel) == .string, let channel = Self.channel(fields.bytes(.channel)) else {
                throw LineProblem(
                    message:
                        "channel \"\(Quote.prefix(fields.text(.channel)))\" is not production, testflight or development",
                    column: fields.position(.channel))
            }
            event.channel = channel
        }
        event.short = try version(.short, fields, symbols: &symbols, hint: &hints.short)
        event.build = try version(.build, fields, symbols: &symbols, hint: &hints.build)
        if kind == .update, event.short == TimelineEvent.none, event.build == TimelineEvent.none {
            throw LineProblem(
                message: "an update needs the new short or build (or both)", column: fields.position(.type))
        }
        // An arm is a name or a number (an arm's index, as some apps log it); `true` or `false`
        // names no arm, and `simulate`, which never reads it, keeps the line.
        switch fields.kind(.arm) {
        case .string, .number: event.arm = symbols.intern(fields.bytes(.arm))
        default: break
        }
        try value(of: &event, fields, symbols: &symbols)
        return event
    }

    /// Reads the `value` column as the line's type needs it.
    private static func value(
        of event: inout TimelineEvent, _ fields: LineView, symbols: inout Symbols
    ) throws(LineProblem) {
        let kind = fields.kind(.value)
        switch event.kind {
        case .response:
            let index = try required(.value, fields) { (bytes) throws(LineProblem) in
                guard let index = Self.answer(bytes) else {
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
            event.value = symbols.intern(fields.bytes(.value))
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

    /// A version column's symbol, or ``TimelineEvent/none``; `hint` is the column's last.
    private static func version(
        _ column: TimelineColumn, _ fields: LineView, symbols: inout Symbols, hint: inout Symbols.ID
    ) throws(LineProblem) -> Symbols.ID {
        switch fields.kind(column) {
        case .absent: return TimelineEvent.none
        case .string: return symbols.intern(fields.bytes(column), hint: &hint)
        case .number:
            // As policies and states refuse it: 2.40 read as a number is 2.4, and 1.10 is 1.1.
            let text = Quote.prefix(fields.text(column))
            throw LineProblem(
                message:
                    "\(column.name) must be a version string; found the number \"\(text)\": write it in quotes",
                column: fields.position(column))
        case .yes, .no:
            throw LineProblem(message: "\(column.name) must be a version string", column: fields.position(column))
        }
    }

    /// Whether `bytes` are `word`.
    @inline(__always)
    static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        ByteSearch.equal(bytes, UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
    }

    /// The line type these bytes name.
    @inline(__always)
    static func kind(_ bytes: UnsafeBufferPointer<UInt8>) -> TimelineEvent.Kind? {
        switch bytes.first {
        case UInt8(ascii: "e"): equals(bytes, "event") ? .event : nil
        case UInt8(ascii: "l"): equals(bytes, "launch") ? .launch : nil
        case UInt8(ascii: "i"): equals(bytes, "install") ? .install : nil
        case UInt8(ascii: "t"): equals(bytes, "trigger") ? .trigger : nil
        case UInt8(ascii: "u"): equals(bytes, "update") ? .update : nil
        case UInt8(ascii: "r"): equals(bytes, "response") ? .response : nil
        case UInt8(ascii: "f"): equals(bytes, "flag") ? .flag : nil
        case UInt8(ascii: "a"): equals(bytes, "attribute") ? .attribute : nil
        case UInt8(ascii: "w"): equals(bytes, "want") ? .want : nil
        default: nil
        }
    }

    /// The moment source these bytes name.
    static func source(_ bytes: UnsafeBufferPointer<UInt8>) -> MomentSource? {
        equals(bytes, "system")
            ? .system : equals(bytes, "launch") ? .launch : equals(bytes, "user_action") ? .userAction : nil
    }

    /// The build channel these bytes name (Semantics §16.1).
    static func channel(_ bytes: UnsafeBufferPointer<UInt8>) -> Channel? {
        equals(bytes, "production")
            ? .production
            : equals(bytes, "testflight") ? .testFlight : equals(bytes, "development") ? .development : nil
    }

    /// The index in `ResponseKind.allCases` of the answer these bytes name.
    static func answer(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        ResponseKind.allCases.firstIndex { kind in
            kind.rawValue.utf8.count == bytes.count && kind.rawValue.utf8.elementsEqual(bytes)
        }
    }

    /// A name column, checked as Semantics §2 *Values* says; `hint` is the column's last.
    private static func name(
        _ bytes: UnsafeBufferPointer<UInt8>, _ column: TimelineColumn, _ fields: LineView, symbols: inout Symbols,
        hint: inout Symbols.ID
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
        return symbols.intern(bytes, hint: &hint)
    }

    /// `[A-Za-z0-9_][A-Za-z0-9_.-]*`, at most 100 characters: each byte looked up as a bit of
    /// one of two words, the bytes below 64 and those from 64 to 127.
    static func isName(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, first != UInt8(ascii: "."), first != UInt8(ascii: "-"),
            bytes.count <= Name.maximumLength
        else { return false }
        // `-`, `.` and the digits; then the letters and `_`, less 64.
        let low: UInt64 = 1 << 0x2D | 1 << 0x2E | 0x3FF << 0x30
        let high: UInt64 = 0x3FF_FFFF << 0x01 | 1 << 0x1F | 0x3FF_FFFF << 0x21
        for byte in bytes {
            let word = byte < 64 ? low : high
            guard byte < 128, word >> UInt64(byte & 63) & 1 != 0 else { return false }
        }
        return true
    }

    /// A column that must be there, read by `body`.
    private static func required<T>(
        _ column: TimelineColumn, _ fields: LineView,
        _ body: (UnsafeBufferPointer<UInt8>) throws(LineProblem) -> T
    ) throws(LineProblem) -> T {
        guard fields.kind(column) != .absent else {
            throw LineProblem(message: "the line has no \(column.name)", column: 1)
        }
        return try body(fields.bytes(column))
    }
}

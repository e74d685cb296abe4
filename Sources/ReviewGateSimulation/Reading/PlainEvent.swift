@_spi(ReviewGateTools) import ReviewGate

extension TimelineLine {
    /// The event of a line ``JSONLineFastPath`` read, as ``event(from:symbols:people:scratch:)``
    /// makes it from the same columns, with the same symbols interned in the same order; `nil`,
    /// with nothing interned, when that would refuse the line, or for the lines it leaves to it
    /// (an attribute, a `user` or `type` that is not a string). Every check comes before the
    /// first symbol is interned, so a line left to it is read there as if never seen here.
    @inline(__always)
    static func plainEvent(
        _ line: inout PlainLine, symbols: inout Symbols, people: inout Symbols, hints: inout SymbolHints,
        scratch: inout TimeColumn.Scratch
    ) -> TimelineEvent? {
        guard line.user.kind == .string, line.type.kind == .string,
            line.time.kind == .string || line.time.kind == .number,
            let time = TimeColumn.parse(line.time.bytes, scratch: &scratch),
            let kind = kind(line.type.bytes)
        else { return nil }
        var event = TimelineEvent(person: TimelineEvent.none, time: time, kind: kind)
        event.utcOffsetQuarters = scratch.offsetQuarters
        let named: Bool
        switch kind {
        case .event, .trigger, .flag, .want: named = true
        case .attribute: return nil
        case .install, .launch, .update, .response: named = false
        }
        // A name's and a scene's symbols found (not added: nothing is interned before every check).
        var name = TimelineEvent.none
        var scene = TimelineEvent.none
        if named {
            guard line.name.kind == .string,
                let found = nameSymbol(line.name.bytes, hint: hints.name, symbols: symbols, hints: &hints)
            else { return nil }
            name = found
        }
        if line.scene.kind != .absent {
            guard line.scene.kind == .string,
                let found = nameSymbol(line.scene.bytes, hint: hints.scene, symbols: symbols, hints: &hints)
            else { return nil }
            scene = found
        }
        if line.source.kind != .absent {
            guard let source = source(line.source.bytes) else { return nil }
            event.source = source
        }
        if line.channel.kind != .absent {
            guard line.channel.kind == .string, let channel = TimelineLine.channel(line.channel.bytes) else {
                return nil
            }
            event.channel = channel
        }
        guard line.short.kind == .absent || line.short.kind == .string,
            line.build.kind == .absent || line.build.kind == .string,
            kind != .update || line.short.kind != .absent || line.build.kind != .absent,
            line.arm.kind == .absent || line.arm.kind == .string || line.arm.kind == .number
        else { return nil }
        switch kind {
        case .response:
            guard line.value.kind != .absent, let index = answer(line.value.bytes) else { return nil }
            event.value = Symbols.ID(index)
        case .flag:
            let value = line.value
            let flag: Bool
            if value.kind == .yes || (value.kind == .string && equals(value.bytes, "true")) {
                flag = true
            } else if value.kind == .no || (value.kind == .string && equals(value.bytes, "false")) {
                flag = false
            } else {
                return nil
            }
            event.valueKind = .bool
            event.value = flag ? 1 : 0
        default: break
        }
        // Interned as the line's event interns them: the person, the name, the scene, the versions.
        event.person = people.intern(line.user.bytes, hint: &hints.person)
        if named { event.name = interned(name, line.name.bytes, symbols: &symbols, hint: &hints.name) }
        if line.scene.kind == .string {
            event.scene = interned(scene, line.scene.bytes, symbols: &symbols, hint: &hints.scene)
        }
        if line.short.kind == .string { event.short = symbols.intern(line.short.bytes, hint: &hints.short) }
        if line.build.kind == .string { event.build = symbols.intern(line.build.bytes, hint: &hints.build) }
        if line.arm.kind == .string || line.arm.kind == .number { event.arm = symbols.intern(line.arm.bytes) }
        return event
    }

    /// The number of a name or a scene ``nameSymbol(_:hint:symbols:hints:)`` found (`found`), or,
    /// when the table did not have it, its number added; kept as the column's `hint`.
    @inline(__always)
    private static func interned(
        _ found: Symbols.ID, _ bytes: UnsafeBufferPointer<UInt8>, symbols: inout Symbols, hint: inout Symbols.ID
    ) -> Symbols.ID {
        hint = found == TimelineEvent.none ? symbols.intern(bytes) : found
        return hint
    }

    /// A name or a scene: the number of its symbol, when the table has it; ``TimelineEvent/none``
    /// for a valid name the table does not have yet; `nil` when `bytes` are not a valid name. A
    /// symbol found is checked once (`hints`), however many lines name it.
    @inline(__always)
    private static func nameSymbol(
        _ bytes: UnsafeBufferPointer<UInt8>, hint: Symbols.ID, symbols: Symbols, hints: inout SymbolHints
    ) -> Symbols.ID? {
        if symbols.matches(hint, bytes) { return hint }
        guard let id = symbols.lookUp(bytes) else { return isName(bytes) ? TimelineEvent.none : nil }
        return hints.checkedName(id, bytes) ? id : nil
    }
}

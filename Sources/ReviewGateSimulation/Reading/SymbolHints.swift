/// The symbols the last line read by the fast path named, column by column: a line's bytes are
/// compared with them before they are hashed, since a person's lines come one after another and
/// repeat the person, the versions and often the names. A name's or a scene's hint is a valid name.
/// With them, whether each name found is a valid one. Every number is one of the reader's tables
/// as they are: a reader whose tables are taken (``TimelineReader/takeTables()``) forgets them.
struct SymbolHints {
    var person = TimelineEvent.none
    var name = TimelineEvent.none
    var scene = TimelineEvent.none
    var short = TimelineEvent.none
    var build = TimelineEvent.none
    /// Whether each symbol the fast path found for a name or a scene is a valid name, by number:
    /// 0 not yet known, 1 no, 2 yes; so that a name seen before is not checked byte by byte again.
    var validNames: [UInt8] = []

    /// Whether symbol `id`, whose bytes are `bytes`, is a valid name, checked once.
    @inline(__always)
    mutating func checkedName(_ id: Symbols.ID, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let index = Int(id)
        if index >= validNames.count {
            validNames.append(contentsOf: repeatElement(0, count: index + 1 - validNames.count))
        }
        if validNames[index] == 0 { validNames[index] = TimelineLine.isName(bytes) ? 2 : 1 }
        return validNames[index] == 2
    }
}

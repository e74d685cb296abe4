/// One JSON line's columns as ``JSONLineFastPath`` read them: each a run of the input's bytes and
/// how it was written. A column not given is ``LineFields/Kind/absent``, as one given as `null` or
/// `""` is, since a line's event reads them alike.
struct PlainLine {
    /// One column's value.
    struct Value {
        /// Its bytes in the input (a string's without its quotes); valid while the input is.
        var bytes = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        /// How it was written.
        var kind = LineFields.Kind.absent
    }

    var user = Value()
    var time = Value()
    var type = Value()
    var name = Value()
    var scene = Value()
    var source = Value()
    var short = Value()
    var build = Value()
    var value = Value()
    var arm = Value()
    var channel = Value()

    /// Sets `column`'s value.
    @inline(__always)
    mutating func set(_ column: TimelineColumn, _ given: Value) {
        switch column {
        case .user: user = given
        case .time: time = given
        case .type: type = given
        case .name: name = given
        case .scene: scene = given
        case .source: source = given
        case .short: short = given
        case .build: build = given
        case .value: value = given
        case .arm: arm = given
        case .channel: channel = given
        }
    }
}

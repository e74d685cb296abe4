/// The symbols the last line read by the fast path named, column by column: a line's bytes are
/// compared with them before they are hashed, since a person's lines come one after another and
/// repeat the person, the versions and often the names. A name's or a scene's hint is a valid name.
struct SymbolHints {
    var person = TimelineEvent.none
    var name = TimelineEvent.none
    var scene = TimelineEvent.none
    var short = TimelineEvent.none
    var build = TimelineEvent.none
}

/// The keys a decoder asked a file's mappings for, by path (`/guards/cooldown`), whether the file
/// had them or not: how `LanguageCatalogue`'s tests find a key a decoder reads that the catalogue
/// lacks, and a catalogue key no decoder reads. A reader records into one only when a test gives
/// it one (``NodeReader/audit``, from ``current`` when the reader is made); decoding costs nothing
/// more otherwise.
package final class KeyAudit: @unchecked Sendable {
    /// The record every reader made in this task records into (a test sets it around what it decodes).
    @TaskLocal package static var current: KeyAudit?

    /// The paths asked for, each with its file.
    package private(set) var asked: Set<String> = []

    /// An empty record.
    package init() {}

    /// Records that `key` of the mapping `section` was asked for.
    package func record(_ key: String, in section: LanguageCatalogue.Section) {
        asked.insert("\(section.file.rawValue):\(section.mapping)/\(key)")
    }
}

@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateSchemas
import Testing

/// The words of the language (``KeyWords``) and its catalogue (``LanguageCatalogue``) name the same
/// keys: every key has its description, and every description is of a key.
@Suite struct KeyWordsTests {
    @Test func everyKeyOfTheCatalogueHasItsWords() {
        let missing = LanguageCatalogue.keys.filter { KeyWords.of($0) == nil }.map { "\($0.file.rawValue):\($0.path)" }
        #expect(missing.isEmpty, "keys without words: \(missing)")
    }

    @Test func everyWordIsOfAKeyOfTheCatalogue() {
        let keys = Set(LanguageCatalogue.keys.map { "\($0.file.rawValue):\($0.path)" })
        let strays = KeyWords.all.keys.filter { !keys.contains($0) }.sorted()
        #expect(strays.isEmpty, "words of no key: \(strays)")
    }

    /// The release note is worked out from the catalogue, never written in the words.
    @Test func aReleaseNoteComesFromTheCatalogue() throws {
        for (id, words) in KeyWords.all {
            #expect(
                !words.description.contains("needs reviewgate") && !words.description.contains("Needs reviewgate"),
                "\(id)")
        }
        let renamed = try #require(LanguageCatalogue.key(.policy, "/renamed"))
        #expect(KeyWords.releaseNote(renamed) == " Needs reviewgate 0.5.")
        let cooldown = try #require(LanguageCatalogue.key(.policy, "/guards/cooldown"))
        #expect(KeyWords.releaseNote(cooldown) == " A list needs reviewgate 0.5.")
        let prompt = try #require(LanguageCatalogue.key(.policy, "/prompt"))
        #expect(KeyWords.releaseNote(prompt) == "")
        let events = try #require(LanguageCatalogue.key(.policy, "/renamed/events"))
        #expect(KeyWords.releaseNote(events) == "", "under a key that has the note")
        #expect(KeyWords.markdown(renamed)?.hasSuffix("\n\nDefault: none. Read from reviewgate 0.5 on.") == true)
    }
}

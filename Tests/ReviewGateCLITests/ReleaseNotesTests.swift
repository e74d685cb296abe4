import Foundation
@_spi(ReviewGateTools) import ReviewGate
import ReviewGateTestSupport
import Testing

/// The release identity (Semantics §2): `CHANGELOG.md` has a section per release
/// and an *Unreleased* one for this library's `-dev` version, every compatibility folder is of a
/// release it lists, and every note of a version in the sources and pages ("before 0.5", "since
/// 0.4", "Needs reviewgate 0.5") names a release or the one under way, so that a note never points
/// at a version that was not made.
@Suite struct ReleaseNotesTests {
    /// The releases `CHANGELOG.md` has a section of, newest first: `## 0.5.0 — …`.
    static func releases() -> [String] {
        DocumentationPages.text("CHANGELOG.md").split(separator: "\n").compactMap { line in
            guard let match = line.wholeMatch(of: /## (\d+\.\d+\.\d+) .*/) else { return nil }
            return String(match.1)
        }
    }

    @Test func theChangelogHasASectionPerReleaseAndOneForTheVersionUnderWay() throws {
        let releases = Self.releases()
        #expect(releases.count >= 4, "\(releases)")
        let numbers = releases.compactMap { AppVersionNumber($0) }
        #expect(numbers.count == releases.count)
        #expect(zip(numbers, numbers.dropFirst()).allSatisfy { $0 > $1 }, "newest first: \(releases)")
        let changelog = DocumentationPages.text("CHANGELOG.md")
        if LibraryVersion.isRelease {
            #expect(releases.first == LibraryVersion.text, "\(LibraryVersion.text) has no section of its own")
        } else {
            #expect(changelog.contains("\n## Unreleased (\(LibraryVersion.text))\n"))
            #expect(try #require(numbers.first) < LibraryVersion.current)
        }
        for folder in CompatibilityFolder.releases() {
            #expect(releases.contains(folder), "Tests/Compatibility/\(folder) is of no release in CHANGELOG.md")
        }
    }

    /// The notes that date a thing by a release: `before X`, `since X`, `from X` and `needs reviewgate X`.
    static var note: Regex<(Substring, Substring)> {
        /(?i)\b(?:before|since|from|needs reviewgate|needing reviewgate) (\d+\.\d+(?:\.\d+)?)\b/
    }

    /// The notes of `text` that name a version neither released nor under way.
    static func unmade(in text: String) -> [String] {
        let known = releases().compactMap { AppVersionNumber($0) } + [LibraryVersion.current]
        return text.matches(of: note).compactMap { match in
            AppVersionNumber(String(match.1)).map(known.contains) == true ? nil : String(match.0)
        }
    }

    @Test func everyNoteOfAVersionNamesAReleaseOrTheOneUnderWay() throws {
        var notes = 0
        var files = ["README.md", "CONTRIBUTING.md", "CHANGELOG.md", "Tests/Compatibility/README.md"]
        for root in ["Sources", "Documentation", "API", "schemas"] {
            let base = Repository.root.appending(path: root)
            let found = FileManager.default.enumerator(atPath: base.path)?.allObjects as? [String] ?? []
            files += found.filter { [".swift", ".md", ".json", ".txt"].contains(where: $0.hasSuffix) }.map {
                "\(root)/\($0)"
            }
        }
        for file in files {
            let text = DocumentationPages.text(file)
            notes += text.matches(of: Self.note).count
            for unmade in Self.unmade(in: text) {
                Issue.record("\(file): \"\(unmade)\" names no release of CHANGELOG.md")
            }
        }
        #expect(notes >= 20)
    }

    /// The check itself: a note of a version never made is caught, and one of a release is not.
    @Test func aNoteOfAVersionNeverMadeIsCaught() throws {
        let text = "deprecated since 0.9; its name before 0.7; Needs reviewgate 2.0. Since 0.5, and before 0.4.0."
        #expect(Self.unmade(in: text) == ["since 0.9", "before 0.7", "Needs reviewgate 2.0"])
    }
}

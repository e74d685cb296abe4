import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
import ReviewGateTestSupport
import Testing

/// What each release reads (`Documentation/releases/X.Y.Z-keys.json`): written from the language
/// catalogue (``LanguageCatalogue/releasedKeysText(_:)``) and frozen like the compatibility folders.
/// A release's file is recorded by running the code when it is missing (never under CI), and
/// recording fails, so that it is read before it is kept; a file that exists is never written
/// again, and the catalogue must keep saying what it says: a key's release, form or default moved
/// under a released file fails here.
@Suite struct ReleasedKeysTests {
    /// The releases with a file: 0.4.0 (the first whose defaults a compiled policy writes, Semantics
    /// §9 *Compatibility*) and every release after it.
    static let releases: [String] = ReleaseNotesTests.releases().filter {
        AppVersionNumber($0)! >= AppVersionNumber("0.4.0")!
    }

    static func path(_ release: String) -> String { "Documentation/releases/\(release)-keys.json" }

    @Test(arguments: releases)
    func theCatalogueSaysWhatAReleasedFileSays(_ release: String) throws {
        let generated = LanguageCatalogue.releasedKeysText(AppVersionNumber(release)!)
        let file = Repository.root.appending(path: Self.path(release))
        guard let kept = try? String(contentsOf: file, encoding: .utf8) else {
            guard ProcessInfo.processInfo.environment["CI"] == nil else {
                Issue.record("\(Self.path(release)) is missing; run the tests outside CI to record it")
                return
            }
            try generated.write(to: file, atomically: true, encoding: .utf8)
            Issue.record("recorded \(Self.path(release)): read it, then run again")
            return
        }
        let keptLines = kept.split(separator: "\n", omittingEmptySubsequences: false)
        let generatedLines = generated.split(separator: "\n", omittingEmptySubsequences: false)
        for line in keptLines where !generatedLines.contains(line) {
            Issue.record("the catalogue no longer says what \(release) read: \(line)")
        }
        for line in generatedLines where !keptLines.contains(line) {
            Issue.record("the catalogue says \(release) read what its file does not: \(line)")
        }
    }

    /// The files are JSON, and a release reads every key of the one before it.
    @Test func eachReleaseReadsWhatTheOneBeforeRead() throws {
        var before: Set<String> = []
        for release in Self.releases.reversed() {
            let data = try Data(contentsOf: Repository.root.appending(path: Self.path(release)))
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(object["release"] as? String == release)
            let keys = try #require(object["keys"] as? [[String: String]])
            let paths = Set(keys.map { "\($0["file"]!):\($0["path"]!)" })
            #expect(before.isSubset(of: paths), "\(release) reads no \(before.subtracting(paths).sorted())")
            before = paths
        }
        #expect(before.count > 100)
    }

    /// The check itself: a key moved to a later release changes a released file's lines.
    @Test func aKeyMovedUnderAReleasedFileIsCaught() {
        let release = AppVersionNumber("0.4.0")!
        let text = LanguageCatalogue.releasedKeysText(release)
        #expect(text.contains(#"{"file": "policy", "path": "/experiment", "form": "mapping", "default": "null"}"#))
        #expect(text.contains(#""path": "/guards/cooldown", "form": "duration","#))
        #expect(!text.contains(#""path": "/renamed""#))
        #expect(
            LanguageCatalogue.releasedKeysText(AppVersionNumber("0.5.0")!).contains(
                #""path": "/guards/cooldown", "form": "duration, or a list of them","#))
    }
}

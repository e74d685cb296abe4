/// `requires`: the oldest app and library a policy may run in (Semantics §9), so that a policy using a
/// newer feature, or one that counts on an app change, is never put to work where it cannot be
/// evaluated as the team meant. A remote update that asks for more is refused and the app keeps the
/// policy it had.
package struct Requirements: Sendable {
    /// The oldest app version, compared with the app's version string under the policy's
    /// `app.version_key` (`short` unless set).
    package var appVersion: Located<AppVersionNumber>?
    /// The oldest ReviewGate library, compared with ``LibraryVersion/current`` before the policy's
    /// other keys are read (a newer library's policy may have keys this one does not know).
    package var libraryVersion: Located<AppVersionNumber>?

    /// No requirement.
    package static let none = Requirements(appVersion: nil, libraryVersion: nil)

    /// Why an app at `version` (under `key`) cannot run the policy, or `nil` when it can. An app
    /// version that is not dotted digits (`3.2-beta`) is read up to its first other character;
    /// one that does not start with a digit does not meet a requirement.
    package func unmetByApp(_ version: AppVersion, key: VersionKey) -> String? {
        guard let needed = appVersion?.value else { return nil }
        guard let text = version[key] else {
            return "needs app \(key.fullName) \(needed) or later, and the app's \(key.fullName) is not known"
        }
        guard let running = Self.leadingVersion(text), running >= needed else {
            return "needs app \(key.fullName) \(needed) or later, and this app is \(key.name) \(Quote.prefix(text))"
        }
        return nil
    }

    /// The dotted digits a version string starts with: `3.2` of `3.2-beta (41)`.
    static func leadingVersion(_ text: String) -> AppVersionNumber? {
        var end = text.startIndex
        var previousWasDot = true
        for index in text.indices {
            let character = text[index]
            if character.isASCII, character.isNumber {
                previousWasDot = false
            } else if character == ".", !previousWasDot {
                previousWasDot = true
            } else {
                break
            }
            end = text.index(after: index)
        }
        var prefix = text[..<end]
        if prefix.last == "." { prefix = prefix.dropLast() }
        return prefix.isEmpty ? nil : AppVersionNumber(String(prefix))
    }
}

/// This library's version, which a policy's `requires.library_version` is compared with. The CLI
/// reports it as `reviewgate --version`.
package enum LibraryVersion {
    /// The version as written: a release's dotted digits (`0.5.0`), or the next release's with
    /// `-dev` between releases (`0.6.0-dev`). `CHANGELOG.md` has a section for each release.
    package static let text = "0.6.0-dev"
    /// The version as a number, its pre-release suffix ignored as Semantics §2 says (`0.6.0-dev`
    /// is read as `0.6.0`, so a policy that needs 0.6 runs in it).
    package static let current = AppVersionNumber(release: text)!
    /// Whether this is a release (no pre-release suffix), which has a compatibility folder and a
    /// section of its own in `CHANGELOG.md`.
    package static var isRelease: Bool { current.dotted == text }
}

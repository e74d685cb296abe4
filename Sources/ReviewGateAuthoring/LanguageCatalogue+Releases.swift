@_spi(ReviewGateTools) import ReviewGate

extension LanguageCatalogue {
    /// What release `release` reads, as `Documentation/releases/RELEASE-keys.json` keeps it: every
    /// key of every kind of file it reads, with the value form and default it reads, one key a line.
    /// Written at a release from the catalogue and frozen like the compatibility folders:
    /// `ReleasedKeysTests` fails when the catalogue changes what a released file says, so that a
    /// key's release, form or default is never moved under a file an app already carries.
    package static func releasedKeysText(_ release: AppVersionNumber) -> String {
        var out = "{\n  \"release\": "
        JSONWriter.quote(release.description, to: &out)
        out += ",\n  \"keys\": ["
        let read = keys.filter { $0.since <= release }
        for (index, key) in read.enumerated() {
            out += index == 0 ? "\n    {" : ",\n    {"
            for (name, value) in [
                ("file", key.file.rawValue), ("path", key.path), ("form", key.form(in: release)),
                ("default", key.defaultValue),
            ] {
                if name != "file" { out += ", " }
                JSONWriter.quote(name, to: &out)
                out += ": "
                JSONWriter.quote(value, to: &out)
            }
            out += "}"
        }
        out += "\n  ]\n}\n"
        return out
    }
}

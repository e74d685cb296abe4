import ArgumentParser
@_spi(ReviewGateTools) import ReviewGate

/// The app's version on the command line: `short=1.5,build=77` (either or both), as `record
/// --update` and `--app`, and `verify --app-version` take it.
enum AppVersionOption {
    /// `short=1.5,build=77` as a version; `option` names the flag in the error.
    static func parse(_ text: String, option: String) throws -> AppVersion {
        var version = AppVersion()
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pieces.count == 2, !pieces[1].isEmpty else {
                throw ValidationError("\(option) takes short=...,build=... (either or both); found \"\(text)\"")
            }
            switch pieces[0] {
            case "short": version.short = String(pieces[1])
            case "build": version.build = String(pieces[1])
            default: throw ValidationError("\(option) knows short and build; found \"\(pieces[0])\"")
            }
        }
        return version
    }
}

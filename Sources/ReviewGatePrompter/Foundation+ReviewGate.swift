import Foundation
@_spi(ReviewGateTools) import ReviewGate

extension Timestamp {
    /// `date`, to the whole millisecond: a `Date` holds a `Double` of seconds, whose last digits
    /// are noise (`…06.396362752Z`), and a state file keeps what it is given.
    public init(roundedToMilliseconds date: Date) {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        self.init(nanosecondsSince1970: Int64(max(min(milliseconds, 9.2e15), -9.2e15)) * 1_000_000)
    }
}

extension AppVersion {
    /// The main bundle's `CFBundleShortVersionString` and `CFBundleVersion`.
    public static var main: AppVersion {
        let info = Bundle.main.infoDictionary
        return AppVersion(
            short: info?["CFBundleShortVersionString"] as? String, build: info?["CFBundleVersion"] as? String)
    }
}

extension Policy {
    /// Loads the compiled policy at `url` (the build plugin's resource: `Bundle.main.url(forResource:
    /// "review-policy", withExtension: "json")`). Throws a `DiagnosticError` when it is not a valid
    /// compiled policy or was edited after compiling (its digest is worked out again, and both are
    /// named), and Foundation's error when it cannot be read.
    public init(compiledAt url: URL) throws {
        let bytes = try Data(contentsOf: url)
        self = try CompiledPolicy.load(Array(bytes), file: url.lastPathComponent)
    }
}

extension Budget {
    /// Loads the compiled budget at `url` (`reviewgate compile calm-app.budget.yaml` writes it, with
    /// its policies, into one file). Throws a `DiagnosticError` when it is not a valid compiled
    /// budget or was edited after compiling (its digests are worked out again, and both are named),
    /// and Foundation's error when it cannot be read.
    public init(compiledAt url: URL) throws {
        let bytes = try Data(contentsOf: url)
        self = try CompiledBudget.load(Array(bytes), file: url.lastPathComponent)
    }
}

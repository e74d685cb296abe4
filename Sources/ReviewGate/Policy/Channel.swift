/// How the app was installed, which decides whether the system's dialog can show (Semantics §16.1):
/// the app says it, since detecting it on the device is unreliable.
public enum Channel: String, Sendable, Hashable, CaseIterable {
    /// An App Store or Play install (Play's internal test tracks too): the dialog shows at the
    /// system's discretion, within the OS quota. What an app that cannot tell passes.
    case production
    /// A TestFlight build: the App Store review dialog never shows.
    case testFlight = "testflight"
    /// A development build (Xcode, a debug install, Play's `FakeReviewManager`): the dialog shows
    /// every time and counts against no quota.
    case development
}

/// What a channel does to a policy's prompt (`channels:`, Semantics §16.1).
package enum ChannelAction: String, Sendable, Hashable, CaseIterable {
    /// As in production.
    case decide
    /// Blocked by one check, `channel`; every other check made as in production.
    case block
    /// The `system_quota` check passes: the OS quota does not apply; the rest as in production.
    case noQuota = "no_quota"
}

/// A policy's `channels`: what each channel other than production does, where written.
package struct ChannelRules: Sendable {
    /// The channels a policy may set: production always decides.
    package static let settable: [Channel] = [.testFlight, .development]

    /// What the policy (or its budget's prompt) writes for each channel, where; a channel left out
    /// takes its default.
    package var written: [Channel: Located<ChannelAction>] = [:]

    /// No channel written: every one takes its default.
    package static let none = ChannelRules()

    /// Creates rules from what is written.
    package init(_ written: [Channel: Located<ChannelAction>] = [:]) { self.written = written }

    /// What `channel` does, with where it is written (`nil` for a default): a channel not written
    /// takes ``defaultAction(for:systemQuota:)``.
    package func action(for channel: Channel, systemQuota: Bool) -> Located<ChannelAction> {
        guard channel != .production else { return Located(.decide, at: nil) }
        return written[channel] ?? Located(Self.defaultAction(for: channel, systemQuota: systemQuota), at: nil)
    }

    /// A channel's default: where a `system_quota` applies, TestFlight blocks and development takes no
    /// quota; elsewhere (Android, `system_quota: false`, a prompt other than `review`) every channel decides.
    package static func defaultAction(for channel: Channel, systemQuota: Bool) -> ChannelAction {
        guard systemQuota else { return .decide }
        switch channel {
        case .production: return .decide
        case .testFlight: return .block
        case .development: return .noQuota
        }
    }

    /// These rules with `other`'s written channels where these write none (a budget prompt's
    /// `channels` under a policy's own, which wins).
    package func filling(from other: ChannelRules) -> ChannelRules {
        ChannelRules(written.merging(other.written) { own, _ in own })
    }

    /// Whether any channel is written.
    package var isEmpty: Bool { written.isEmpty }
}

extension Channel {
    /// The channel's name as people read it: `TestFlight`, `development`.
    package var spoken: String {
        switch self {
        case .production: "production"
        case .testFlight: "TestFlight"
        case .development: "development"
        }
    }
}

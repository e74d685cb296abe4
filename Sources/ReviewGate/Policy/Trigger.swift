/// A moment that may ask: an event's donation counted against a threshold.
package struct Trigger: Sendable {
    /// The trigger's id, its key under `triggers`.
    package var id: String
    /// The event whose donation is this moment (`launch` is the app's launch).
    package var event: String
    /// The count that must be reached, including the donation being evaluated.
    package var count: Located<CountRule>
    /// Count only donations in `(now − within, now]`.
    package var within: Located<TimeSpan>?
    /// Count only donations after the prompt's last ask (`since: last_ask`, Semantics §14.1).
    package var since: Located<CountSince>?
    /// The scenes the moment must be on, if limited.
    package var scenes: Located<[String]>?
    /// A further condition.
    package var when: Condition?
    /// Where the trigger's id is written.
    package var location: SourceLocation

    /// The built-in event of the app's launch, counted as `launches`.
    package static let launchEvent = "launch"
}

/// Where a count starts (`since:`, Semantics §14.1).
package enum CountSince: String, Sendable, Hashable, CaseIterable {
    /// After the last ask of the policy's prompt: a person never asked counts every donation.
    case lastAsk = "last_ask"
}

/// How a trigger's count must compare.
package enum CountRule: Sendable, Hashable {
    /// `at_least: n`: count ≥ n.
    case atLeast(Int)
    /// `exactly: n`: count = n, so it fires once.
    case exactly(Int)
    /// `every: n`: on the nth, 2nth, ... donation.
    case every(Int)

    /// Whether only a donation of the event can reach the count (Semantics §4.9): `exactly` and
    /// `every` pass only on a moment that donates it; `at_least` on any candidate moment.
    package var needsDonation: Bool {
        switch self {
        case .atLeast: false
        case .exactly, .every: true
        }
    }

    /// Whether a count passes, by its number alone.
    package func passes(_ count: Int) -> Bool {
        switch self {
        case .atLeast(let n): count >= n
        case .exactly(let n): count == n
        case .every(let n): count >= n && count % n == 0
        }
    }

    /// How many more donations would make a count that did not pass pass, or `nil` when none can
    /// (an `exactly` reached or passed).
    package func more(after count: Int) -> Int? {
        switch self {
        case .atLeast(let n): max(0, n - count)
        case .exactly(let n): count < n ? n - count : nil
        case .every(let n): n - count % n
        }
    }
}

import ReviewGate

/// What a replay counted for one policy: every figure of the report, as sums that add up across
/// partitions of people, so that reports of parts merge into the report of the whole.
public struct SimulationTally: Sendable, Hashable {
    /// A blocker's count: trigger moments it blocked, and people it blocked at least once.
    public struct Blocked: Sendable, Hashable {
        /// Trigger moments that did not ask because of it.
        public var moments = 0
        /// People with at least one such moment.
        public var people = 0
    }

    /// People replayed.
    public var people = 0
    /// People asked at least once.
    public var peopleAsked = 0
    /// Moments decided (launches, events, triggers).
    public var moments = 0
    /// Asks.
    public var asks = 0
    /// Asks past the OS's quota (3 in 365 days on iOS), which it would have dropped silently.
    public var asksPastOSQuota = 0
    /// Asks by trigger, in the policy's trigger order.
    public var asksByTrigger: [Int]
    /// People by whole days from first seen to first ask: `firstAskDays[d]` were first asked on day `d`.
    public var firstAskDays: [Int] = []
    /// Trigger moments (a trigger listened) that did not ask.
    public var blockedMoments = 0
    /// By blocker, in ``Blocker/allCases`` order.
    public var blockedBy: [Blocked] = Array(repeating: Blocked(), count: Blocker.allCases.count)
    /// People whose count never passed a trigger's count rule, in the policy's trigger order.
    public var neverReached: [Int]
    /// Moments naming a trigger the policy does not have (`type: trigger` lines), not decided.
    public var unknownTriggerMoments = 0

    /// An empty tally for a policy with `triggers` triggers.
    public init(triggers: Int) {
        asksByTrigger = Array(repeating: 0, count: triggers)
        neverReached = Array(repeating: 0, count: triggers)
    }

    /// Adds another part's counts (of the same policy).
    public mutating func add(_ other: SimulationTally) {
        people += other.people
        peopleAsked += other.peopleAsked
        moments += other.moments
        asks += other.asks
        asksPastOSQuota += other.asksPastOSQuota
        for index in asksByTrigger.indices where index < other.asksByTrigger.count {
            asksByTrigger[index] += other.asksByTrigger[index]
        }
        if other.firstAskDays.count > firstAskDays.count {
            firstAskDays += Array(repeating: 0, count: other.firstAskDays.count - firstAskDays.count)
        }
        for (day, count) in other.firstAskDays.enumerated() { firstAskDays[day] += count }
        blockedMoments += other.blockedMoments
        for index in blockedBy.indices {
            blockedBy[index].moments += other.blockedBy[index].moments
            blockedBy[index].people += other.blockedBy[index].people
        }
        for index in neverReached.indices where index < other.neverReached.count {
            neverReached[index] += other.neverReached[index]
        }
        unknownTriggerMoments += other.unknownTriggerMoments
    }

    /// Counts `count` people first asked on day `day`.
    mutating func firstAsk(onDay day: Int, count: Int = 1) {
        if day >= firstAskDays.count { firstAskDays += Array(repeating: 0, count: day + 1 - firstAskDays.count) }
        firstAskDays[day] += count
    }

    /// The day by which a share `quantile` (0–1) of the people asked had their first ask: the
    /// nearest-rank percentile of whole days; `nil` when nobody was asked.
    public func firstAskPercentile(_ quantile: Double) -> Int? {
        let total = firstAskDays.reduce(0, +)
        guard total > 0 else { return nil }
        var rank = Int((quantile * Double(total)).rounded(.up))
        rank = min(max(rank, 1), total)
        var seen = 0
        for (day, count) in firstAskDays.enumerated() {
            seen += count
            if seen >= rank { return day }
        }
        return firstAskDays.count - 1
    }
}

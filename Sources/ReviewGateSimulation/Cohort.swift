import ReviewGate

/// A short description of usage that `simulate --synthetic` makes timelines from, for a team
/// without data (README, "Simulating a policy"). The same file and seed always give the same lines.
public struct Cohort: Sendable {
    /// How often an event happens, and where.
    public struct EventRate: Sendable {
        /// The event's name.
        public var name: String
        /// Donations per active day, on average.
        public var perDay: Double
        /// The scene it happens on, if any.
        public var scene: String?
    }

    /// The cohort's name.
    public var name: String
    /// The seed of the generator.
    public var seed: UInt64
    /// How many people.
    public var people: Int
    /// When the first person installs.
    public var start: Timestamp
    /// Installs are spread evenly over this span from `start`.
    public var installsOver: TimeSpan
    /// How long the simulated period lasts, from `start`.
    public var days: Int
    /// The version everyone installs.
    public var app: AppVersion
    /// A new version every this long (the build's number and the marketing version's last part
    /// go up by one); `nil` for none.
    public var updateEvery: TimeSpan?
    /// Launches per active day, on average (the install day has at least one).
    public var launchesPerDay: Double
    /// Events per active day.
    public var events: [EventRate]
    /// The chance, each day after the first, that a person stops using the app for good.
    public var churnPerDay: Double
}

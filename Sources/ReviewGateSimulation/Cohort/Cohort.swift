@_spi(ReviewGateTools) import ReviewGate

/// A short description of usage that `simulate --synthetic` makes timelines from, for a team
/// without data (Documentation/guides/simulating.md). The same file and seed always give the same lines.
package struct Cohort: Sendable {
    /// How often an event happens (or an external prompt is wanted), and where.
    package struct EventRate: Sendable {
        /// The event's (or the wanted prompt's) name.
        package var name: String
        /// Donations (or wants) per active day, on average.
        package var perDay: Double
        /// The scene it happens on, if any.
        package var scene: String?
    }

    /// The cohort's name.
    package var name: String
    /// The seed of the generator.
    package var seed: UInt64
    /// How many people.
    package var people: Int
    /// When the first person installs.
    package var start: Timestamp
    /// Installs are spread evenly over this span from `start`.
    package var installsOver: TimeSpan
    /// How long the simulated period lasts, from `start`.
    package var days: Int
    /// The version everyone installs.
    package var app: AppVersion
    /// A new version every this long (the build's number and the marketing version's last part
    /// go up by one); `nil` for none.
    package var updateEvery: TimeSpan?
    /// Launches per active day, on average (the install day has at least one).
    package var launchesPerDay: Double
    /// Events per active day.
    package var events: [EventRate]
    /// External prompts of a budget the app wants per active day (`want` lines, Semantics §12).
    package var wants: [EventRate] = []
    /// The chance, each day after the first, that a person stops using the app for good.
    package var churnPerDay: Double
}

@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateFiles

/// How a run reads and replays its timelines, whatever it reports: what `simulate` and `readout`
/// share. Each member is one option of the commands' `ReplayOptions` (the command line's one route
/// into the library for them), and a ``SimulationRequest`` holds them as one value.
package struct ReplaySettings: Sendable, Equatable {
    /// The timelines' format when their names do not say (`--input-format`).
    package var format: TimelineFormat?
    /// The version key every policy of the run is replayed with (`--version-key`), whatever its
    /// `app.version_key` says; `nil` for each policy's own.
    package var versionKey: VersionKey?
    /// Whether each person is replayed as their lines end (`--grouped`).
    package var grouped = false
    /// Whether the first unreadable line stops the run (`--strict`).
    package var strict = false
    /// How many people are replayed at once (`--jobs`); `nil` for every core.
    package var jobs: Int?
    /// Whether lines that repeat an earlier line of their person exactly are dropped
    /// (`--duplicates drop`); they are counted and warned of either way.
    package var dropsDuplicates = false
    /// Where observation ends (`--until`): a person's lines after it are not replayed, so nothing
    /// after it counts (Semantics §10 *What the input can tell*); `nil` for the latest line.
    package var until: Timestamp?

    /// The settings of a run given none: each policy's own version key, every core, lines kept.
    package init() {}

    /// How many people are replayed at once: `jobs`, or every core.
    package var cores: Int { max(1, jobs ?? SystemCalls.processorCount) }
}

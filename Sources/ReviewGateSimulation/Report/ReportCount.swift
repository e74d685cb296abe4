/// A count of a policy's result, defined once: its key in the JSON report, its label in the
/// tables, and the field of ``SimulationTally`` that holds it. ``SimulationReport/PolicyResult/members`` places it in
/// the JSON (written, read back, added up), ``HeadlineRow/all`` in the text's and the page's tables.
package struct ReportCount: Sendable {
    /// Its key in the JSON report.
    let key: String
    /// Its label in the headline tables.
    let label: String
    /// What it counts, as the reference page says it.
    let meaning: String
    /// Where a tally holds it.
    let field: WritableKeyPath<SimulationTally, Int> & Sendable

    /// People replayed.
    static let people = Self(key: "people", label: "people", meaning: "people replayed", field: \.people)
    /// People asked at least once.
    static let peopleAsked = Self(
        key: "people_asked", label: "people asked", meaning: "people asked at least once", field: \.peopleAsked)
    /// Moments decided.
    static let moments = Self(
        key: "moments", label: "moments", meaning: "moments decided (launches, events, triggers)", field: \.moments)
    /// Asks.
    static let asks = Self(key: "asks", label: "asks", meaning: "asks", field: \.asks)
    /// Trigger moments that did not ask.
    static let blockedMoments = Self(
        key: "blocked_moments", label: "trigger moments not asked",
        meaning: "trigger moments (a trigger listened) that did not ask", field: \.blockedMoments)
    /// Moments naming a trigger the policy does not have.
    static let unknownTriggerMoments = Self(
        key: "unknown_trigger_moments", label: "moments of an unknown trigger",
        meaning: "`type: trigger` lines naming a trigger the policy does not have, not decided",
        field: \.unknownTriggerMoments)
    /// People first seen before observation started.
    static let peopleBeforeStart = Self(
        key: "people_before_start", label: "first seen before the data starts",
        meaning:
            "people first seen before observation started (`start`; an export's install line from before its first day, or a line before `--since`), so their first days are not in the data: left out of `days_to_first_ask` and of `within_days` (never counted there as not asked), counted in every other figure",
        field: \.peopleBeforeStart)
    /// People first seen before observation started who were asked.
    static let peopleBeforeStartAsked = Self(
        key: "people_before_start_asked", label: "of them asked",
        meaning:
            "of `people_before_start`, those asked: `days_to_first_ask` holds `people_asked` less these",
        field: \.peopleBeforeStartAsked)
    /// Under an experiment: people exposed.
    static let peopleExposed = Self(
        key: "people_exposed", label: "people exposed",
        meaning: "people exposed, at the first moment the arms would decide differently", field: \.peopleExposed)
    /// Under an experiment: asks before exposure.
    static let asksBeforeExposure = Self(
        key: "asks_before_exposure", label: "asks before exposure (decided alike by every arm)",
        meaning:
            "asks before the person's exposure, decided alike by every arm (the arms had not yet differed for them); an arm's count differs from another's only by the people in it",
        field: \.asksBeforeExposure)
    /// Under an experiment: exposed people asked at or after their exposure.
    static let exposedPeopleAsked = Self(
        key: "exposed_people_asked", label: "exposed people asked at or after exposure",
        meaning: "exposed people asked at or after their exposure", field: \.exposedPeopleAsked)
}

/// A row (or rows) of the headline figures, in ``all``'s order in the text report's table and the
/// page's: a count shown as it is, or one of the rows drawn their own way.
package enum HeadlineRow: Sendable {
    /// A count, in the tables `shown` names: its figure, and beside a baseline the change.
    case count(ReportCount, shown: Set<Table>)
    /// People asked, with their share of the people, and the change in points.
    case peopleAsked
    /// Asks by trigger, a row each, indented.
    case asksByTrigger
    /// Asks past the OS's quota, when a result models one.
    case asksPastOSQuota
    /// Days from first seen to first ask: p10, p50 and p90.
    case firstAskPercentiles
    /// In the text: the trigger moments each blocker blocked, and beside a baseline, the people.
    case blockedBy
    /// On the page, under an experiment: the people exposed and the asks around exposure.
    case exposure
    /// Under `--within-days`: the cohort, and those asked within the horizon.
    case horizon
    /// In the text: the people never asked, each once, by why.
    case neverAsked
    /// The people who never reached each trigger's count.
    case neverReached

    /// The tables of headline figures.
    package enum Table: Sendable {
        /// The text report's (`simulate` in a terminal).
        case text
        /// The HTML page's (`--html`).
        case page
    }

    /// The headline rows, in order.
    static let all: [HeadlineRow] = [
        .count(.people, shown: [.page]),
        .peopleAsked,
        .count(.asks, shown: [.text, .page]),
        .asksByTrigger,
        .asksPastOSQuota,
        .firstAskPercentiles,
        .count(.blockedMoments, shown: [.text, .page]),
        .blockedBy,
        .exposure,
        .horizon,
        .neverAsked,
        .neverReached,
    ]

    /// The keys (paths below a result, dotted) of the figures every column of the page shows,
    /// whatever the result: what a check of the page looks for in each column.
    package static var pageFigureKeys: [String] {
        all.flatMap { row -> [String] in
            switch row {
            case .count(let count, let shown): shown.contains(.page) ? [count.key] : []
            case .peopleAsked: ["people_asked", "people_asked_percent"]
            case .firstAskPercentiles: ["p10", "p50", "p90"].map { "days_to_first_ask.\($0)" }
            default: []
            }
        }
    }

    /// The labels of the rows drawn their own way, the same in the text's table and the page's (the
    /// text indents a row under another with two spaces, the page with its `sub` class).
    enum Label {
        /// A trigger's asks, under `asks`.
        static func byTrigger(_ id: String) -> String { "by \(id)" }
        /// Asks past the OS's quota.
        static let pastOSQuota = "asks past the OS quota"
        /// A percentile of days to the first ask.
        static func percentile(_ name: String) -> String { "first ask, \(name) (days)" }
        /// The horizon's people asked within it.
        static func askedWithin(_ days: String) -> String { "asked within \(days)" }
        /// The heading of the people who never reached each trigger's count.
        static let neverReached = "people who never reached a trigger's count"
    }

    /// The percentiles of days to the first ask: their name (the JSON key) and quantile.
    static let percentiles: [(name: String, quantile: Double)] = [("p10", 0.1), ("p50", 0.5), ("p90", 0.9)]
}

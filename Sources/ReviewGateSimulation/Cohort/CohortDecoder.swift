@_spi(ReviewGateTools) import ReviewGate

/// Reads a cohort file (`reviewgate_cohort: 1`) from its node tree, reporting every problem at its node.
package enum CohortDecoder {
    /// The cohort format this reviewgate reads.
    package static let formatVersion = 1
    /// The most people a cohort may have.
    package static let maximumPeople = 10_000_000
    /// The longest period a cohort may cover.
    package static let maximumDays = 3650
    /// The most of anything per day.
    package static let maximumPerDay = 1000.0

    /// Decodes a cohort document. Throws every problem found.
    package static func decode(_ root: DocumentNode) throws(DiagnosticError) -> Cohort {
        var reader = NodeReader()
        guard let fields = reader.fields(root, "the cohort", LanguageCatalogue.section(.cohort, "")) else {
            throw reader.failure
        }
        reader.require(["reviewgate_cohort", "name", "people", "start", "days"], in: fields, "the cohort")
        let format = FormatVersion(file: "this cohort", name: "format", supported: formatVersion)
        if let refusal = format.refusal(fields["reviewgate_cohort"]) { throw DiagnosticError([refusal]) }
        if let node = fields["reviewgate_cohort"] { _ = reader.int(node, "reviewgate_cohort", minimum: 1) }
        let name = fields["name"].flatMap { reader.string($0, "name") }
        // A description is for people, any value (a cohort's is never shown).
        _ = fields.has("description")
        let seed = fields["seed"].flatMap { reader.int($0, "seed", minimum: 0) } ?? 1
        let people = fields["people"].flatMap { reader.int($0, "people", minimum: 1, maximum: maximumPeople) }
        let start = fields["start"].flatMap { reader.timestamp($0, "start") }
        let installsOver = fields["installs_over"].flatMap { reader.duration($0, "installs_over") }
        let days = fields["days"].flatMap { reader.int($0, "days", minimum: 1, maximum: maximumDays) }
        var app = AppVersion(short: "1.0", build: "1")
        if let node = fields["app"],
            let appFields = reader.fields(node, "app", LanguageCatalogue.section(.cohort, "/app"))
        {
            if let short = appFields["short"] { app.short = reader.string(short, "app.short") }
            if let build = appFields["build"] { app.build = reader.string(build, "app.build") }
        }
        var updateEvery: TimeSpan?
        if let node = fields["updates"],
            let updates = reader.fields(node, "updates", LanguageCatalogue.section(.cohort, "/updates"))
        {
            reader.require(["every"], in: updates, "updates")
            updateEvery = updates["every"].flatMap { reader.duration($0, "updates.every") }
            if let every = updateEvery, every.seconds < 86_400 {
                reader.error("updates.every must be at least 1d", at: updates["every"]?.location)
            }
        }
        let launches = fields["launches_per_day"].flatMap { rate($0, "launches_per_day", &reader) } ?? 1
        let events = rates(fields["events"], "events", "event names", &reader)
        let wants = rates(fields["wants"], "wants", "external prompts' names", &reader)
        var churn = 0.0
        if let node = fields["churn"],
            let churnFields = reader.fields(node, "churn", LanguageCatalogue.section(.cohort, "/churn"))
        {
            reader.require(["per_day"], in: churnFields, "churn")
            if let value = churnFields["per_day"].flatMap({ reader.number($0, "churn.per_day") }) {
                if !(0...1).contains(value) {
                    reader.error("churn.per_day is a chance, from 0 to 1", at: churnFields["per_day"]?.location)
                }
                churn = value
            }
        }
        guard !reader.hasErrors, let name, let people, let start, let days else { throw reader.failure }
        return Cohort(
            name: name, seed: UInt64(seed), people: people, start: start,
            installsOver: installsOver ?? TimeSpan(seconds: 0), days: days, app: app, updateEvery: updateEvery,
            launchesPerDay: launches, events: events, wants: wants, churnPerDay: churn)
    }

    /// The rates under `events` (or `wants`): a mapping of names to `{per_day, scene}`.
    private static func rates(
        _ node: DocumentNode?, _ key: String, _ names: String, _ reader: inout NodeReader
    ) -> [Cohort.EventRate] {
        guard let node else { return [] }
        guard let entries = node.mapping else {
            reader.error("\(key) must be a mapping of \(names) to {per_day, scene}", at: node.location)
            return []
        }
        var rates: [Cohort.EventRate] = []
        for entry in entries {
            guard let name = reader.identifier(entry.key, "a name under \(key)") else { continue }
            guard
                let fields = reader.fields(
                    entry.value, "\(key).\(name)", LanguageCatalogue.section(.cohort, "/\(key)/*"))
            else {
                continue
            }
            reader.require(["per_day"], in: fields, "\(key).\(name)")
            let perDay = fields["per_day"].flatMap { rate($0, "\(key).\(name).per_day", &reader) }
            let scene = fields["scene"].flatMap { reader.identifier($0, "\(key).\(name).scene") }
            if key == "events", name == Trigger.launchEvent {
                reader.error("launches are set by launches_per_day, not under events", at: entry.key.location)
            }
            rates.append(Cohort.EventRate(name: name, perDay: perDay ?? 0, scene: scene))
        }
        return rates
    }

    private static func rate(_ node: DocumentNode, _ what: String, _ reader: inout NodeReader) -> Double? {
        guard let value = reader.number(node, what) else { return nil }
        guard (0...maximumPerDay).contains(value) else {
            reader.error("\(what) must be from 0 to \(Int(maximumPerDay))", at: node.location)
            return nil
        }
        return value
    }
}

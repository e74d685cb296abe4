/// Reads a state file (Semantics §3, JSON or YAML) from its node tree, reporting every problem at its node.
@_spi(ReviewGateTools) public enum StateDecoder {
    /// The state file's format version this reviewgate reads and writes.
    @_spi(ReviewGateTools) public static let formatVersion = 1

    /// The keys of a state file, in the order it writes them.
    package static var keys: [String] { LanguageCatalogue.section(.state, "").keys }

    /// Decodes a state file. `versionKey` is the policy's: that version string is required.
    /// With `defaultInstalledAt` (a scenario's `start`), `installed_at` and `reviewgate_state`
    /// may be left out.
    @_spi(ReviewGateTools) public static func decode(
        _ root: DocumentNode, versionKey: VersionKey?, defaultInstalledAt: Timestamp? = nil
    ) throws(DiagnosticError) -> ReviewState {
        var reader = NodeReader()
        let state = decode(root, versionKey: versionKey, defaultInstalledAt: defaultInstalledAt, reader: &reader)
        guard let state, !reader.hasErrors else { throw reader.failure }
        return state
    }

    package static func decode(
        _ root: DocumentNode, versionKey: VersionKey?, defaultInstalledAt: Timestamp?, reader: inout NodeReader
    ) -> ReviewState? {
        guard let fields = reader.fields(root, "the state", LanguageCatalogue.section(.state, "")) else { return nil }
        if defaultInstalledAt == nil { reader.require(["reviewgate_state", "installed_at"], in: fields, "the state") }
        if let refusal = FormatVersion.state.refusal(fields["reviewgate_state"]) {
            reader.report(refusal)
            return nil
        }
        if let node = fields["reviewgate_state"] { _ = reader.int(node, "reviewgate_state", minimum: 1) }
        let installedAt = fields["installed_at"].flatMap { reader.timestamp($0, "installed_at") } ?? defaultInstalledAt
        var state = ReviewState(installedAt: installedAt ?? Timestamp(nanosecondsSince1970: 0), app: AppVersion())
        for field in ReviewState.plainFields {
            if let node = fields[field.key] { field.read(node, into: &state, &reader) }
        }
        if let node = fields["launches"], let history = history(node, of: "launches", &reader) {
            state.launches = history.count
            state.launchTimes = history.times
            state.launchesSinceAsk = history.sinceAsk
        }
        if let node = fields["app"], let app = reader.fields(node, "app", LanguageCatalogue.section(.state, "/app")) {
            state.app.short = app["short"].flatMap { reader.string($0, "app short") }
            state.app.build = app["build"].flatMap { reader.string($0, "app build") }
        }
        // Only when the version string is missing, not when it is there but wrong (already reported).
        if let versionKey, state.app[versionKey] == nil, fields["app"]?.mapping != nil || fields["app"] == nil,
            fields["app"]?[versionKey.rawValue] == nil
        {
            reader.error(
                "the policy's version_key is \(versionKey.rawValue), so the state needs app.\(versionKey.rawValue), the app's current \(versionKey.fullName)",
                at: fields["app"]?.location ?? root.location)
        }
        if let node = fields["events"] { state.events = events(node, &reader) }
        if let node = fields["active_days"] { state.activeDays = activeDays(node, &reader) }
        if let node = fields["asks"], let items = reader.list(node, "asks") {
            state.asks = items.compactMap { ask($0, &reader) }
        }
        if let node = fields["responses"], let items = reader.list(node, "responses") {
            state.responses = items.compactMap { response($0, &reader) }
        }
        if let node = fields["leases"], let items = reader.list(node, "leases") {
            state.leases = items.compactMap { lease($0, &reader) }
        }
        if let node = fields["experiments"] { state.experiments = experiments(node, &reader) }
        if let node = fields["flags"] { state.flags = reader.flags(node) }
        if let node = fields["attributes"] { state.attributes = reader.attributes(node) }
        return state
    }

    private static func events(_ node: DocumentNode, _ reader: inout NodeReader) -> [String: EventHistory] {
        guard let entries = node.mapping else {
            reader.error("events must be a mapping of event names to counts; found \(node.summary)", at: node.location)
            return [:]
        }
        var events: [String: EventHistory] = [:]
        for entry in entries {
            guard let name = reader.identifier(entry.key, "an event name") else { continue }
            if name == Trigger.launchEvent {
                reader.error(
                    "launches are counted by the top-level key launches, not under events", at: entry.key.location)
                continue
            }
            if let history = history(entry.value, of: name, &reader) { events[name] = history }
        }
        return events
    }

    /// Days of use (Semantics §14.2): distinct local dates, `YYYY-MM-DD`, in ascending order.
    private static func activeDays(_ node: DocumentNode, _ reader: inout NodeReader) -> [LocalDate] {
        guard let items = reader.list(node, "active_days") else { return [] }
        var dates: [LocalDate] = []
        for item in items {
            guard let text = item.string, let date = LocalDate(text) else {
                reader.error(
                    "active_days lists local dates such as \"2026-11-22\" (YYYY-MM-DD); found \(item.summary)",
                    at: item.location)
                continue
            }
            if let last = dates.last, date <= last {
                reader.error("active_days must be distinct dates in ascending order", at: item.location)
                continue
            }
            dates.append(date)
        }
        return dates
    }

    /// A count, or `{count, times}` with the most recent donation times, oldest first.
    private static func history(_ node: DocumentNode, of name: String, _ reader: inout NodeReader) -> EventHistory? {
        let what = name == "launches" ? "launches" : "event \(name)"
        let countName = name == "launches" ? "launches" : "the count of \(name)"
        if node.mapping == nil {
            return reader.int(node, countName, minimum: 0).map { EventHistory(count: $0) }
        }
        guard let fields = reader.fields(node, what, LanguageCatalogue.section(.state, "/events/*")) else { return nil }
        reader.require(["count"], in: fields, what)
        guard let count = fields["count"].flatMap({ reader.int($0, countName, minimum: 0) }) else {
            return nil
        }
        var times: [Timestamp] = []
        if let timesNode = fields["times"], let items = reader.list(timesNode, "times") {
            times = items.compactMap { reader.timestamp($0, "a donation time") }
            if times.count > count {
                reader.error(
                    "\(name) lists \(times.count) times but its count is \(count): times hold at most count donations",
                    at: timesNode.location)
            }
            if zip(times, times.dropFirst()).contains(where: { $0 > $1 }) {
                reader.error("the times of \(name) must be in order, oldest first", at: timesNode.location)
            }
        }
        // Donations since each prompt's last ask (Semantics §14.1): a prompt's name to a count, at most
        // the whole count.
        var sinceAsk: [String: Int] = [:]
        if let node = fields["since_ask"] {
            if node.mapping == nil {
                reader.error(
                    "the since_ask of \(name) must be a mapping of prompts to counts; found \(node.summary)",
                    at: node.location)
            }
            for entry in node.mapping ?? [] {
                guard let prompt = reader.identifier(entry.key, "a prompt"),
                    let counted = reader.int(entry.value, "\(name)'s count since the last ask of \(prompt)", minimum: 0)
                else { continue }
                guard counted <= count else {
                    reader.error(
                        "\(name) counts \(counted) since the last ask of \(prompt), but \(count) in all: a count since an ask is at most the whole count",
                        at: entry.value.location)
                    continue
                }
                sinceAsk[prompt] = counted
            }
        }
        return EventHistory(count: count, times: times, sinceAsk: sinceAsk)
    }

    static func ask(_ node: DocumentNode, _ reader: inout NodeReader) -> Ask? {
        guard let fields = reader.fields(node, "an ask", LanguageCatalogue.section(.state, "/asks/*")) else {
            return nil
        }
        reader.require(["at"], in: fields, "an ask")
        guard let at = fields["at"].flatMap({ reader.timestamp($0, "at") }) else { return nil }
        return Ask(
            at: at,
            short: fields["short"].flatMap { reader.string($0, "short") },
            build: fields["build"].flatMap { reader.string($0, "build") },
            trigger: fields["trigger"].flatMap { reader.string($0, "trigger") },
            prompt: fields["prompt"].flatMap { reader.identifier($0, "a prompt name") } ?? Ask.review,
            device: fields["device"].flatMap { reader.string($0, "device") })
    }

    static func response(_ node: DocumentNode, _ reader: inout NodeReader) -> Response? {
        guard let fields = reader.fields(node, "a response", LanguageCatalogue.section(.state, "/responses/*")) else {
            return nil
        }
        reader.require(["at", "kind"], in: fields, "a response")
        guard let at = fields["at"].flatMap({ reader.timestamp($0, "at") }),
            let kind = fields["kind"].flatMap({ reader.choice($0, "kind", as: ResponseKind.self) })
        else { return nil }
        let prompt = fields["prompt"].flatMap { reader.identifier($0, "a prompt name") } ?? Ask.review
        return Response(
            at: at, kind: kind, prompt: prompt, device: fields["device"].flatMap { reader.string($0, "device") })
    }

    /// `experiments: {NAME: {arm, version, exposed_at}}` (Semantics §13).
    static func experiments(_ node: DocumentNode, _ reader: inout NodeReader) -> [String: ExperimentExposure] {
        guard let entries = node.mapping else {
            reader.error(
                "experiments must be a mapping of experiment names to {arm, version, exposed_at}; found \(node.summary)",
                at: node.location)
            return [:]
        }
        var experiments: [String: ExperimentExposure] = [:]
        for entry in entries {
            guard let name = reader.identifier(entry.key, "an experiment name"),
                let fields = reader.fields(
                    entry.value, "experiments.\(name)", LanguageCatalogue.section(.state, "/experiments/*"))
            else { continue }
            reader.require(["arm", "version", "exposed_at"], in: fields, "experiments.\(name)")
            guard let arm = fields["arm"].flatMap({ reader.identifier($0, "an arm name") }),
                let version = fields["version"].flatMap({ reader.int($0, "version", minimum: 1) }),
                let exposedAt = fields["exposed_at"].flatMap({ reader.timestamp($0, "exposed_at") })
            else { continue }
            experiments[name] = ExperimentExposure(arm: arm, version: version, exposedAt: exposedAt)
        }
        return experiments
    }

    private static func lease(_ node: DocumentNode, _ reader: inout NodeReader) -> Lease? {
        guard let fields = reader.fields(node, "a lease", LanguageCatalogue.section(.state, "/leases/*")) else {
            return nil
        }
        reader.require(["id", "at", "expires"], in: fields, "a lease")
        guard let id = fields["id"].flatMap({ reader.string($0, "id") }),
            let at = fields["at"].flatMap({ reader.timestamp($0, "at") }),
            let expires = fields["expires"].flatMap({ reader.timestamp($0, "expires") })
        else { return nil }
        let prompt = fields["prompt"].flatMap { reader.identifier($0, "a prompt name") } ?? Ask.review
        return Lease(id: id, prompt: prompt, at: at, expires: expires)
    }
}

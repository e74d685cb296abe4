extension NodeReader {
    /// The guard keys, in the order they are evaluated.
    static let guardKeys = [
        "never_on", "min_install_age", "min_launches", "min_session_age", "min_version_age", "cooldown",
        "once_per_version", "max_asks", "system_quota", "when",
    ]

    /// `guards`, with the defaults for what it leaves out.
    mutating func guards(_ node: DocumentNode?, platform: Platform) -> Guards {
        var guards = Guards(
            neverOn: Located([.launch, .user_action], at: nil),
            systemQuota: platform == .ios ? Located(.storeKit, at: nil) : nil)
        guard let node, let fields = fields(node, "guards", allowed: Self.guardKeys) else { return guards }
        func at(_ key: String) -> SourceLocation? { fields.keyLocation(key) }

        if let value = fields["never_on"], let items = list(value, "never_on") {
            var sources: [MomentSource] = []
            for item in items {
                if let source = choice(item, "a never_on source", as: MomentSource.self) { sources.append(source) }
            }
            guards.neverOn = Located(sources, at: at("never_on"))
        }
        guards.minInstallAge = fields["min_install_age"].flatMap { duration($0, "min_install_age") }.map { Located($0, at: at("min_install_age")) }
        guards.minLaunches = fields["min_launches"].flatMap { int($0, "min_launches", minimum: 0) }.map { Located($0, at: at("min_launches")) }
        guards.minSessionAge = fields["min_session_age"].flatMap { duration($0, "min_session_age") }.map { Located($0, at: at("min_session_age")) }
        guards.minVersionAge = fields["min_version_age"].flatMap { duration($0, "min_version_age") }.map { Located($0, at: at("min_version_age")) }
        guards.cooldown = fields["cooldown"].flatMap { duration($0, "cooldown") }.map { Located($0, at: at("cooldown")) }
        guards.oncePerVersion = fields["once_per_version"].flatMap { bool($0, "once_per_version") }.map { Located($0, at: at("once_per_version")) }
        if let value = fields["max_asks"], let limit = askLimit(value, "max_asks", countKey: "count", windowRequired: false) {
            guards.maxAsks = Located(limit, at: at("max_asks"))
        }
        if let value = fields["system_quota"] {
            if value.scalar?.value == .bool(false) {
                guards.systemQuota = nil
            } else if value.mapping == nil {
                error("system_quota must be {max: n, per: duration} or false; found \(value.summary)", at: value.location)
            } else if let limit = askLimit(value, "system_quota", countKey: "max", windowRequired: true) {
                guards.systemQuota = Located(limit, at: at("system_quota"))
            }
        }
        if let value = fields["when"], let condition = condition(value) {
            guards.when = Located(condition, at: at("when"))
        }
        return guards
    }

    private mutating func askLimit(_ node: DocumentNode, _ what: String, countKey: String, windowRequired: Bool) -> AskLimit? {
        guard let fields = fields(node, what, allowed: [countKey, "per"]) else { return nil }
        require(windowRequired ? [countKey, "per"] : [countKey], in: fields, what)
        let count = fields[countKey].flatMap { int($0, "\(what) \(countKey)", minimum: 1) }
        let per = fields["per"].flatMap { duration($0, "\(what) per") }
        guard let count, fields["per"] == nil || per != nil else { return nil }
        return AskLimit(count: count, per: per)
    }
}

extension NodeReader {
    /// `guards`, with the defaults for what it leaves out, read in file order; `platform` sets the
    /// OS quota's default (`nil`: none, for a prompt other than the review's).
    mutating func guards(_ node: DocumentNode?, platform: Platform?, at location: SourceLocation?) -> Guards {
        var rules: [Guard.Key: Located<Guard>] = [.neverOn: Located(.neverOn([.launch, .userAction]), at: nil)]
        if platform == .ios { rules[.systemQuota] = Located(.systemQuota(.storeKit), at: nil) }
        guard let node,
            let fields = fields(node, "guards", .policy("/guards"), home: KeyHome.of)
        else {
            return Guards(Array(rules.values), at: location)
        }
        for entry in node.mapping ?? [] {
            guard let name = entry.key.string, fields.has(name), let key = Guard.Key(rawValue: name) else { continue }
            let value = entry.value
            let decoded: Guard?
            switch key {
            case .neverOn:
                decoded = list(value, "never_on").map { items in
                    .neverOn(items.compactMap { choice($0, "a never_on source", as: MomentSource.self) })
                }
            case .minInstallAge: decoded = duration(value, name).map(Guard.minInstallAge)
            case .minLaunches: decoded = int(value, name, minimum: 0).map(Guard.minLaunches)
            case .activeDays: decoded = activeDaysGuard(value).map(Guard.activeDays)
            case .minSessionAge: decoded = duration(value, name).map(Guard.minSessionAge)
            case .minVersionAge: decoded = duration(value, name).map(Guard.minVersionAge)
            case .cooldown:
                decoded = waitList(value, name) { reader, node, what in reader.duration(node, what) }.map(
                    Guard.cooldown)
            case .oncePerVersion:
                guard let once = bool(value, name) else { continue }
                decoded = once ? .oncePerVersion : nil
                if !once { rules[key] = nil }
            case .maxAsks: decoded = askLimit(value, name, countKey: "count", windowRequired: false).map(Guard.maxAsks)
            case .systemQuota:
                if value.scalar?.value == .bool(false) {
                    rules[key] = nil
                    continue
                }
                guard value.mapping != nil else {
                    error(
                        "system_quota must be {max: n, per: duration} or false; found \(value.summary)",
                        at: value.location)
                    continue
                }
                decoded = askLimit(value, name, countKey: "max", windowRequired: true).map(Guard.systemQuota)
            case .when: decoded = condition(value).map(Guard.when)
            }
            if let decoded { rules[key] = Located(decoded, at: entry.key.location) }
        }
        return Guards(Array(rules.values), at: location)
    }

    private mutating func askLimit(_ node: DocumentNode, _ what: String, countKey: String, windowRequired: Bool)
        -> AskLimit?
    {
        guard let fields = fields(node, what, .policy("/guards/\(what)")) else { return nil }
        require(windowRequired ? [countKey, "per"] : [countKey], in: fields, what)
        let count = fields[countKey].flatMap { int($0, "\(what) \(countKey)", minimum: 1) }
        let per = fields["per"].flatMap { duration($0, "\(what) per") }
        guard let count, fields["per"] == nil || per != nil else { return nil }
        return AskLimit(count: count, per: per)
    }
}

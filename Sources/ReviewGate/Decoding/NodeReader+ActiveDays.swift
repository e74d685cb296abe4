extension NodeReader {
    /// An `active_days` window (Semantics §14.2): a whole number of days, written in days, 1d to 366d.
    mutating func activeDaysWindow(_ node: DocumentNode, _ what: String) -> Int? {
        guard let span = duration(node, what) else { return nil }
        let day: Int64 = 86_400
        guard node.string?.last == "d", span.seconds % day == 0,
            (1...Int64(ActiveDays.longestWindow)).contains(span.seconds / day)
        else {
            error(
                "\(what) counts local dates: write it in days, from 1d to \(ActiveDays.longestWindow)d (such as 7d); found \(node.summary)",
                at: node.location)
            return nil
        }
        return Int(span.seconds / day)
    }

    /// The guard `active_days: {at_least: n, within: Nd}`: n at least 1 and at most the window's days.
    mutating func activeDaysGuard(_ node: DocumentNode) -> ActiveDays? {
        guard let fields = fields(node, "active_days", .policy("/guards/active_days")) else { return nil }
        require(["at_least", "within"], in: fields, "active_days")
        let count = fields["at_least"].flatMap { int($0, "active_days at_least", minimum: 1) }
        let days = fields["within"].flatMap { activeDaysWindow($0, "active_days within") }
        guard let count, let days else { return nil }
        guard count <= days else {
            error(
                "active_days at_least \(count) can never pass within \(days)d: a window of \(days) days holds at most \(days) days of use",
                at: fields["at_least"]?.location)
            return nil
        }
        return ActiveDays(count: count, withinDays: days)
    }
}

extension NodeReader {
    /// `renamed: {events: {old: new}, prompts: {old: new}}` (Semantics §14.4): names as names are, no
    /// `launch`, no name renamed to itself, and no chain (a new name that is another's old) or
    /// cycle, each an error at its entry.
    package mutating func renames(_ node: DocumentNode) -> Renames {
        guard let fields = fields(node, "renamed", .policy("/renamed")) else { return .none }
        var maps: [String: [String: String]] = [:]
        var locations: [String: SourceLocation] = [:]
        for kind in LanguageCatalogue.Section.policy("/renamed").keys {
            guard let section = fields[kind] else { continue }
            guard let entries = section.mapping else {
                error(
                    "renamed.\(kind) must be a mapping of old names to new ones (old: new); found \(section.summary)",
                    at: section.location)
                continue
            }
            var map: [String: String] = [:]
            for entry in entries {
                guard let old = identifier(entry.key, "an old name"), let new = identifier(entry.value, "a new name")
                else { continue }
                if kind == "events", old == Trigger.launchEvent || new == Trigger.launchEvent {
                    error(
                        "launch is the app's launch: it is never renamed, and no event is renamed to it",
                        at: entry.key.location)
                    continue
                }
                if old == new {
                    error("\(old) is renamed to itself: leave it out", at: entry.key.location)
                    continue
                }
                map[old] = new
                locations["\(kind).\(old)"] = entry.key.location
            }
            var ends: [String: String] = [:]
            for (old, new) in map.sorted(by: { $0.key < $1.key }) where map[new] != nil {
                error(
                    "\(old) is renamed to \(new), which is itself renamed to \(map[new]!): rename each old name straight to the name the policy reads (\(old): \(Self.end(of: old, in: map, known: &ends)))",
                    at: locations["\(kind).\(old)"])
            }
            maps[kind] = map
        }
        return Renames(events: maps["events"] ?? [:], prompts: maps["prompts"] ?? [:], locations: locations)
    }

    /// Where a chain of renames ends, or the first name seen again in a cycle; each name's end is
    /// kept in `known`, so that a chain of n renames takes n steps in all, not n².
    private static func end(of name: String, in map: [String: String], known: inout [String: String]) -> String {
        var path: [String] = []
        var onPath: Set<String> = []
        var current = name
        var end: String
        while true {
            if let found = known[current] {
                end = found
                break
            }
            guard let next = map[current] else {
                end = current
                break
            }
            guard onPath.insert(current).inserted else {
                end = current  // a cycle: the first name seen again
                break
            }
            path.append(current)
            current = next
        }
        for step in path { known[step] = end }
        return end
    }
}

extension Policy {
    /// The old names that the policy still reads (a trigger's event, an event condition): an error
    /// at each rename, as such a name would never be seen (Semantics §14.4).
    package func oldNamesRead() -> [(name: String, location: SourceLocation?)] {
        guard !renamed.events.isEmpty else { return [] }
        let read = Set(readEvents)
        return renamed.events.keys.filter(read.contains).sorted().map { ($0, renamed.locations["events.\($0)"]) }
    }
}

/// Where each key of a policy belongs, so that a key written under the wrong section is told where
/// it goes (`cooldown is a guard, so it belongs under guards`, `within belongs to a trigger`) instead
/// of only what is allowed. The keys are the language catalogue's (``LanguageCatalogue``), those
/// it marks as a home (``LanguageKey/isHome``).
enum KeyHome {
    /// The mappings whose keys are told where they belong, with where in words; the first that
    /// lists a key wins.
    private static let words: [(mapping: String, home: String)] = [
        ("/guards", "is a guard, so it belongs under guards"),
        ("/triggers/*", "belongs to a trigger, under triggers and the trigger's id"),
        ("/app", "belongs under app"),
        ("/responses", "belongs under responses"),
        ("/counting", "belongs under counting"),
        ("/presentation", "belongs under presentation"),
        ("/rollout", "belongs under rollout"),
        ("/requires", "belongs under requires"),
        ("/experiment", "belongs under experiment"),
        ("", "is a top-level key, so it starts its line, not indented"),
    ]

    /// The keys of each of those mappings, with where they belong.
    private static let homes: [(keys: Set<String>, home: String)] = words.map { mapping, home in
        let keys = LanguageCatalogue.keys(of: .policy).filter { $0.mapping == mapping && $0.isHome }
        return (Set(keys.map(\.name)), home)
    }

    /// Where a key belongs, or `nil` when no section of a policy has it.
    static func of(_ key: String) -> String? {
        homes.first { $0.keys.contains(key) }?.home
    }
}

/// Where each key of a policy belongs, so that a key written under the wrong section is told where
/// it goes (`cooldown is a guard`, `within belongs to a trigger`) instead of only what is allowed.
enum KeyHome {
    /// The keys of each section, with where they belong in words; the first that lists a key wins.
    private static let homes: [(keys: [String], home: String)] = [
        (Guard.Key.allCases.map(\.rawValue), "is a guard, so it belongs under guards"),
        (
            NodeReader.triggerKeys.filter { $0 != "when" },
            "belongs to a trigger, under triggers and the trigger's id"
        ),
        (PolicyDecoder.appKeys, "belongs under app"),
        (PolicyDecoder.responseKeys, "belongs under responses"),
        (PolicyDecoder.countingKeys, "belongs under counting"),
        (PolicyDecoder.presentationKeys, "belongs under presentation"),
        (PolicyDecoder.rolloutKeys, "belongs under rollout"),
        (PolicyDecoder.requiresKeys, "belongs under requires"),
        (["holdout", "arms"], "belongs under experiment"),
        (PolicyDecoder.topLevelKeys, "is a top-level key, so it starts its line, not indented"),
    ]

    /// Where a key belongs, or `nil` when no section of a policy has it.
    static func of(_ key: String) -> String? {
        homes.first { $0.keys.contains(key) }?.home
    }
}

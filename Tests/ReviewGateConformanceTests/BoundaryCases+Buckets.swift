@_spi(ReviewGateTools) import ReviewGate

extension BoundaryWriter {
    /// Bucket edges under both hashes: a rollout's limit from its decimal (rounded up), an
    /// experiment's holdout and arm edges, and bucket vectors at 0 and 9999 and of unusual ids.
    mutating func buckets() {
        for hash in HashVersion.allCases {
            let suffix = hash == .v1 ? "" : ", hash: v2"
            for (percent, limit) in [
                ("12.345", 1_235), ("33.333", 3_334), ("50", 5_000), ("0.07", 7), ("99.99", 9_999),
            ] {
                let name = "rollout-\(percent)-\(hash.rawValue)"
                let salt = "edge-\(percent)"
                let policy = simple(name, extra: "rollout: {percent: \(percent), salt: \(salt)\(suffix)}")
                for bucket in [limit - 1, limit] {
                    let person = W.person(inBucket: bucket, salt: salt, hash: hash)
                    moment(
                        .evaluation, "\(name)-bucket-\(bucket)", policy: policy, state: W.state("user_id: \(person)"))
                    vector("\(salt)-\(hash.rawValue)-\(bucket)", salt: salt, userID: person)
                }
            }
            let none = simple("rollout-0-\(hash.rawValue)", extra: "rollout: {percent: 0, salt: edge-0\(suffix)}")
            moment(
                .evaluation, "rollout-0-\(hash.rawValue)-bucket-0", policy: none,
                state: W.state("user_id: \(W.person(inBucket: 0, salt: "edge-0", hash: hash))"))
            let all = simple("rollout-100-\(hash.rawValue)", extra: "rollout: {percent: 100, salt: edge-100\(suffix)}")
            moment(
                .evaluation, "rollout-100-\(hash.rawValue)-bucket-9999", policy: all,
                state: W.state("user_id: \(W.person(inBucket: 9_999, salt: "edge-100", hash: hash))"))
            moment(.evaluation, "rollout-100-\(hash.rawValue)-no-user-id", policy: all, state: W.state())
            experimentEdges(hash)
            for edge in [0, 9_999] {
                vector(
                    "zero-and-last-\(hash.rawValue)-\(edge)", salt: "review",
                    userID: W.person(inBucket: edge, salt: "review", hash: hash, prefix: "u"))
            }
        }
        for (name, salt, userID) in [
            ("unicode", "review", "üser-ß"), ("cjk", "review", "用户-7"), ("emoji", "review", "😀-1"),
            ("empty-id", "review", ""), ("empty-salt", "", "u1"), ("colon-in-salt", "a:b", "c"),
            ("colon-in-id", "a", "b:c"), ("long-id", "review", String(repeating: "x", count: 300)),
            ("spaces", "my salt", " u 1 "),
        ] {
            vector(name, salt: salt, userID: userID)
        }
    }

    /// A bucket vector, (salt, user id, v1 bucket, v2 bucket): a case per version (`NAME-v1`, `NAME-v2`).
    private mutating func vector(_ name: String, salt: String, userID: String) {
        for hash in HashVersion.allCases { bucket("\(name)-\(hash.rawValue)", salt: salt, userID: userID, hash: hash) }
    }

    /// An experiment of a 5% holdout and two arms of equal weight (buckets 500–5249 and 5250–9999):
    /// a person at each side of each edge, recorded at a moment where the arms differ (the
    /// exposure); a recorded arm that sticks, one of another version, and no user id.
    private mutating func experimentEdges(_ hash: HashVersion) {
        let salt = "edge-exp-\(hash.rawValue)"
        let policy = simple(
            "experiment-\(hash.rawValue)", trigger: "at_least: 3",
            extra: """
                experiment:
                  name: sooner
                  salt: \(salt)
                  hash: \(hash.rawValue)
                  holdout: 5
                  arms:
                    control: {weight: 1}
                    early: {weight: 1, override: {triggers: {done: {at_least: 1}}}}
                """)
        for bucket in [0, 499, 500, 5_249, 5_250, 9_999] {
            let person = W.person(inBucket: bucket, salt: salt, hash: hash)
            moment(
                .experiments, "experiment-\(hash.rawValue)-bucket-\(bucket)", policy: policy,
                state: W.state("user_id: \(person)"))
        }
        let control = W.person(inBucket: 600, salt: salt, hash: hash)
        moment(
            .experiments, "experiment-\(hash.rawValue)-sticky", policy: policy,
            state: W.state(
                "user_id: \(control)\nexperiments: {sooner: {arm: early, version: 1, exposed_at: \(W.at(-W.day))}}"))
        moment(
            .experiments, "experiment-\(hash.rawValue)-other-version", policy: policy,
            state: W.state(
                "user_id: \(control)\nexperiments: {sooner: {arm: early, version: 2, exposed_at: \(W.at(-W.day))}}"))
        moment(
            .experiments, "experiment-\(hash.rawValue)-removed-arm", policy: policy,
            state: W.state(
                "user_id: \(control)\nexperiments: {sooner: {arm: gone, version: 1, exposed_at: \(W.at(-W.day))}}"))
        moment(.experiments, "experiment-\(hash.rawValue)-no-user-id", policy: policy, state: W.state())
        moment(
            .experiments, "experiment-\(hash.rawValue)-arms-agree", policy: policy,
            state: W.state("user_id: \(control)\nevents: {done: {count: 5}}"))
    }
}

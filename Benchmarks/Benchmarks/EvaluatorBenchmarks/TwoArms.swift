import Benchmark
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateYAML

/// The inputs of the experiment benchmarks (Semantics §13): apple-sample's policy with an experiment of
/// two arms (the second asks at the second completion without the install age), the same policy
/// without it, and a person in the first arm not yet exposed, at a moment both arms block alike,
/// so that each decision also decides the moment under both arms to look for the exposure: the
/// most an experiment costs a moment.
struct TwoArms: Sendable {
    let experiment: Policy
    let plain: Policy
    let state: ReviewState
    let moment: Moment

    static let policyText = """
        reviewgate: 1
        name: apple-sample
        app: {store_id: "1234567890", version_key: build}
        triggers:
          process_completed: {at_least: 4, scenes: [ProcessCompleted]}
        guards:
          never_on: [launch, user_action]
          min_install_age: 3d
          once_per_version: true
          system_quota: {max: 3, per: 365d}
        presentation: {delay: 2s, require_same_scene: true}
        """

    static let experimentText = """

        experiment:
          name: ask-earlier
          arms:
            control: {weight: 1}
            early:
              weight: 1
              override:
                triggers: {process_completed: {at_least: 2}}
                guards: {min_install_age: null}
        """

    static func load() -> TwoArms {
        do {
            let experiment = try PolicyLoader.decode(
                YAMLLoader().loadDocument(Array((policyText + experimentText).utf8), file: "exp.yaml")
            ).policy
            let plain = try PolicyLoader.decode(YAMLLoader().loadDocument(Array(policyText.utf8), file: "p.yaml"))
                .policy
            let now = Timestamp(rfc3339: "2026-11-22T10:00:00Z")!
            // A first-arm person at their first completion: both arms block it alike (no exposure).
            let moment = Moment(time: .utc(now), event: "process_completed", scene: "ProcessCompleted")
            let userID = (0..<10_000).lazy.map { "u\($0)" }.first {
                let state = ReviewState(userID: $0, installedAt: now, app: AppVersion(short: "1", build: "1"))
                return (try? Evaluator.evaluate(experiment, state: state, moment: moment))?.experiment?.arm == "control"
            }!
            let state = ReviewState(
                userID: userID, installedAt: Timestamp(rfc3339: "2026-10-01T09:00:00Z")!, launches: 12,
                app: AppVersion(short: "1.4.0", build: "142"), events: ["process_completed": EventHistory(count: 0)])
            return TwoArms(experiment: experiment, plain: plain, state: state, moment: moment)
        } catch {
            fatalError("the experiment policy did not load: \(error)")
        }
    }

    /// One decision under the experiment: the person's arm, and the exposure looked for under both.
    func decideInExperiment() -> Decision {
        try! Evaluator.evaluate(experiment, state: state, moment: moment)
    }

    /// One decision of the same policy without the experiment.
    func decidePlain() -> Decision {
        try! Evaluator.evaluate(plain, state: state, moment: moment)
    }

    /// The same person once exposed (their arm in the state): no exposure is looked for any more.
    var exposed: TwoArms {
        var state = state
        let arm = decideInExperiment().experiment?.arm ?? "control"
        state.experiments["ask-earlier"] = ExperimentExposure(arm: arm, version: 1, exposedAt: moment.now)
        return TwoArms(experiment: experiment, plain: plain, state: state, moment: moment)
    }

    /// The decisions and their ratio, timed in pairs in one process, as a line for a person not yet
    /// exposed and one for a person exposed.
    func paired(pairs: Int = 11, rounds: Int = 5_000) -> String {
        "not yet exposed: " + measure(pairs: pairs, rounds: rounds) + "\nexposed: "
            + exposed.measure(pairs: pairs, rounds: rounds)
    }

    private func measure(pairs: Int, rounds: Int) -> String {
        var withArms: [Double] = []
        var alone: [Double] = []
        for _ in 0..<pairs {
            withArms.append(PairedArbitration.time(rounds) { blackHole(decideInExperiment()) })
            alone.append(PairedArbitration.time(rounds) { blackHole(decidePlain()) })
        }
        let ratios = zip(withArms, alone).map { $0 / $1 }.sorted()
        let format = PairedArbitration.format
        return "experiment/plain, median of \(pairs) pairs of \(rounds): two arms "
            + "\(format(withArms.sorted()[pairs / 2])) µs, one decision \(format(alone.sorted()[pairs / 2])) µs, "
            + "ratio \(format(ratios[pairs / 2]))× (range \(format(ratios.first!))–\(format(ratios.last!))×); "
            + "exposure at this moment: \(decideInExperiment().experiment?.isExposure == true)"
    }
}

import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
import ReviewGateTestSupport
import Testing

/// Experiments (Semantics §13): the assignment's contract (the hash vectors other platforms check
/// against), the arms' policies, the holdout, stickiness and the counterfactual exposure.
@Suite struct ExperimentTests {
    /// A policy with `experiment` (its lines after `experiment:`), asking at the fourth
    /// `process_completed` after three days, once in 30 days.
    static func policy(_ experiment: String) throws -> Policy {
        try PolicyLoader.decode(Fixtures.document(text(experiment), file: "exp.yaml")).policy
    }

    /// The YAML of ``policy(_:)``.
    static func text(_ experiment: String) -> String {
        """
        reviewgate: 1
        name: exp
        app: {platform: android}
        triggers:
          process_completed: {at_least: 4}
        guards:
          min_install_age: 3d
          cooldown: 30d
        experiment:
        \(experiment)
        """
    }

    static let askEarlier = """
          name: ask-earlier
          holdout: 5
          arms:
            control: {weight: 1}
            early:
              weight: 1
              override:
                triggers: {process_completed: {at_least: 2}}
                guards: {min_install_age: null}
        """

    static func state(_ userID: String?, completed: Int = 2) -> ReviewState {
        ReviewState(
            userID: userID, installedAt: Fixtures.time("2026-01-01T00:00:00Z"), launches: 1,
            app: AppVersion(short: "1.0"), events: ["process_completed": EventHistory(count: completed)])
    }

    static let moment = Moment(time: .utc(Fixtures.time("2026-01-01T12:00:00Z")), event: "process_completed")

    @Test("the hash vectors: every (salt, user id) gives its bucket and its arm")
    func hashVectors() throws {
        let data = try Data(contentsOf: URL(filePath: Repository.path("policies/experiments/assignment-vectors.json")))
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let experiments = try #require(document["experiments"] as? [[String: Any]])
        let vectors = try #require(document["vectors"] as? [[String: Any]])
        #expect(vectors.count >= 50)
        var bySalt: [String: Experiment] = [:]
        for config in experiments {
            let salt = try #require(config["salt"] as? String)
            let arms = try #require(config["arms"] as? [[String: Any]])
            let lines = arms.map { "    \($0["name"]!): {weight: \($0["weight"]!)}" }.joined(separator: "\n")
            let yaml = "  name: e\n  salt: \(salt)\n  holdout: \(config["holdout"]!)\n  arms:\n" + lines
            let experiment = try Self.policy(yaml).experiment
            // The experiment read is the vectors' own: a salt, holdout or weight read otherwise
            // would give other buckets and arms.
            #expect(experiment?.salt == salt)
            #expect(experiment?.holdout == config["holdout"] as? Double, "\(salt)")
            #expect(experiment?.arms.map(\.name) == arms.map { $0["name"] as? String }, "\(salt)")
            #expect(experiment?.arms.map(\.weight) == arms.map { $0["weight"] as? Int }, "\(salt)")
            bySalt[salt] = experiment
        }
        var buckets = Set<Int>()
        for vector in vectors {
            let salt = try #require(vector["salt"] as? String)
            let userID = try #require(vector["user_id"] as? String)
            let experiment = try #require(bySalt[salt])
            let assignment = experiment.assignment(of: Self.state(userID))
            #expect(assignment.bucket == vector["bucket"] as? Int, "\(salt) \(userID)")
            #expect(experiment.armName(assignment.arm) == vector["arm"] as? String, "\(salt) \(userID)")
            buckets.insert(assignment.bucket ?? -1)
        }
        // The edges: the first and last buckets, and both sides of a holdout of 5%.
        #expect(buckets.isSuperset(of: [0, 9999, 499, 500]))
    }

    @Test("arms split the buckets past the holdout by weight, every bucket in exactly one place")
    func armRanges() throws {
        let experiment = try #require(
            try Self.policy(
                "  name: e\n  holdout: 2.5\n  arms:\n    a: {weight: 1}\n    b: {weight: 2}\n    c: {weight: 1}"
            )
            .experiment)
        #expect(experiment.holdoutLimit == 250)
        #expect(experiment.arm(forBucket: 249) == nil)
        #expect(experiment.arm(forBucket: 250) == 0)
        #expect(experiment.arm(forBucket: 2686) == 0)
        #expect(experiment.arm(forBucket: 2687) == 1)
        #expect(experiment.arm(forBucket: 7561) == 1)
        #expect(experiment.arm(forBucket: 7562) == 2)
        #expect(experiment.arm(forBucket: 9999) == 2)
    }

    @Test(
        "each arm decides with its override merged; the holdout is blocked by experiment, which counts nothing as a guard"
    )
    func armsAndHoldout() throws {
        let policy = try Self.policy(Self.askEarlier)
        let experiment = try #require(policy.experiment)
        // Find a person in each place by their bucket.
        func person(_ arm: Int?) -> String {
            (0..<10_000).lazy.map { "p\($0)" }.first {
                experiment.arm(forBucket: RolloutBucket.bucket(salt: "ask-earlier", userID: $0, hash: .v1)) == arm
            }!
        }
        let early = try Evaluator.evaluate(policy, state: Self.state(person(1), completed: 1), moment: Self.moment)
        #expect(early.isAllowed, "the early arm asks at the second completion, without the install age")
        #expect(early.experiment?.arm == "early")
        #expect(early.experiment?.isExposure == true, "control would block here: the arms differ")

        let control = try Evaluator.evaluate(policy, state: Self.state(person(0), completed: 1), moment: Self.moment)
        #expect(!control.isAllowed)
        #expect(control.blockedBy.map(\.id) == ["min_install_age", "trigger"])
        #expect(control.experiment?.arm == "control")
        #expect(control.experiment?.isExposure == true)

        // Past the install age: only the holdout (and the count) block this moment.
        var held = Self.state(person(nil), completed: 1)
        var later = Self.moment
        later.now = Fixtures.time("2026-01-05T12:00:00Z")
        let heldOut = try Evaluator.evaluate(policy, state: held, moment: later)
        #expect(heldOut.blockedBy.map(\.id).contains("experiment"))
        #expect(heldOut.experiment?.arm == "holdout")
        #expect(heldOut.experiment?.isExposure == true, "the early arm allows this moment")
        var notCountingWhileBlocked = policy
        notCountingWhileBlocked.counting.whileBlocked = false
        Transition.apply(heldOut, to: &held, policy: notCountingWhileBlocked)
        #expect(held.events["process_completed"]?.count == 2, "the holdout's block is no guard: counted")
        #expect(held.experiments["ask-earlier"]?.arm == "holdout")
    }

    @Test("exposure: not before the arms differ, once, and then the recorded arm is kept across a weight change")
    func exposureAndStickiness() throws {
        let policy = try Self.policy(Self.askEarlier)
        let experiment = try #require(policy.experiment)
        let userID = (0..<10_000).lazy.map { "q\($0)" }.first {
            experiment.arm(forBucket: RolloutBucket.bucket(salt: "ask-earlier", userID: $0, hash: .v1)) == 0
        }!
        // A launch: both arms block it alike (no trigger listens), so no exposure.
        var state = Self.state(userID, completed: 0)
        let launch = try Evaluator.evaluate(
            policy, state: state, moment: Moment(time: .utc(Self.moment.now), event: "launch", source: .launch))
        #expect(launch.experiment?.isExposure == false)
        Transition.apply(launch, to: &state, policy: policy)
        #expect(state.experiments.isEmpty)
        // The second completion: early would allow, control blocks: exposed now, in control.
        state.events["process_completed"] = EventHistory(count: 1)
        let second = try Evaluator.evaluate(policy, state: state, moment: Self.moment)
        #expect(second.experiment?.isExposure == true)
        Transition.apply(second, to: &state, policy: policy)
        #expect(
            state.experiments["ask-earlier"]
                == ExperimentExposure(arm: "control", version: 1, exposedAt: Self.moment.now))
        // Exposed once: the next moment is not an exposure.
        let third = try Evaluator.evaluate(policy, state: state, moment: Self.moment)
        #expect(third.experiment?.isExposure == false)

        // Weights changed so that the hash would move them: the recorded arm stays.
        let moved = try Self.policy(
            Self.askEarlier.replacingOccurrences(of: "control: {weight: 1}", with: "control: {weight: 0}"))
        let sticky = try Evaluator.evaluate(moved, state: state, moment: Self.moment)
        #expect(sticky.experiment?.arm == "control")
        // A higher version assigns again by the hash under the current weights.
        let reassigned = try Self.policy(
            Self.askEarlier.replacingOccurrences(of: "control: {weight: 1}", with: "control: {weight: 0}")
                + "\n  version: 2")
        let again = try Evaluator.evaluate(reassigned, state: state, moment: Self.moment)
        #expect(again.experiment?.arm == "early")
        #expect(again.experiment?.isExposure == true)
    }

    @Test("a person without user_id is in the first arm and never exposed")
    func noUserID() throws {
        let decision = try Evaluator.evaluate(
            try Self.policy(Self.askEarlier), state: Self.state(nil), moment: Self.moment)
        #expect(decision.experiment?.arm == "control")
        #expect(decision.experiment?.bucket == nil)
        #expect(decision.experiment?.isExposure == false)
    }

    @Test(
        "validate: the holdout's name, the rollout's salt, an override that adds a trigger, weights of 0, at their lines"
    )
    func validation() throws {
        func errors(_ experiment: String, rollout: String = "") -> [String] {
            do {
                _ = try Self.policy(experiment + rollout)
                return []
            } catch let error as DiagnosticError {
                return error.diagnostics.map { "\($0.location?.line ?? 0): \($0.message)" }
            } catch {
                return ["\(error)"]
            }
        }
        #expect(
            errors("  name: e\n  arms:\n    holdout: {weight: 1}").first?.contains(
                "holdout is the held-out people's name") == true)
        #expect(
            errors("  name: exp\n  arms:\n    a: {weight: 1}", rollout: "\nrollout: {percent: 50}").first?.contains(
                "the rollout's") == true)
        #expect(errors("  name: e\n  arms:\n    a: {weight: 0}").first?.contains("add up to 0") == true)
        #expect(
            errors("  name: e\n  holdout: 1.234\n  arms:\n    a: {weight: 1}").first?.contains("at most 2 decimals")
                == true)
        let added = errors(
            "  name: e\n  arms:\n    a:\n      weight: 1\n      override:\n        triggers: {other: {at_least: 1}}")
        #expect(
            added.first?.hasPrefix("15: arm a's override may change a trigger's settings, not add") == true, "\(added)")
        let misspelt = errors(
            "  name: e\n  arms:\n    a:\n      weight: 1\n      override:\n        guards: {cooldwn: 1d}")
        #expect(misspelt.first?.hasPrefix("15: unknown key \"cooldwn\"") == true, "\(misspelt)")
    }

    @Test("under a budget, exposure is decided on the policy's arms, before the budget, and written")
    func underABudget() throws {
        let policyText = Self.text(Self.askEarlier)
        let files = [
            "b.yaml":
                "reviewgate_budget: 1\nname: b\nprompts:\n  paywall: {priority: 80}\n  review: {priority: 50, policy: exp.yaml}\ngaps: [{min: 1h}]",
            "exp.yaml": policyText,
        ]
        let source: PolicyLoader.DocumentReader = { path in try Fixtures.document(files[path] ?? "", file: path) }
        let budget = try BudgetLoader(policies: PolicyLoader(reading: source)).load(path: "b.yaml").budget
        let experiment = try #require(budget.prompt(named: "review")?.policy?.experiment)
        let userID = (0..<10_000).lazy.map { "r\($0)" }.first {
            experiment.arm(forBucket: RolloutBucket.bucket(salt: "ask-earlier", userID: $0, hash: .v1)) == 1
        }!
        var state = Self.state(userID, completed: 1)
        // The paywall is wanted at the same moment and outranks the review: the budget blocks the
        // review, yet the arms differed for its policy, so the person is exposed.
        let arbitration = try Arbiter.arbitrate(budget, state: state, moment: Self.moment, wanted: ["paywall"])
        #expect(arbitration.granted == "paywall")
        #expect(arbitration.candidate("review")?.decision?.experiment?.isExposure == true)
        Transition.apply(arbitration, to: &state, budget: budget)
        #expect(state.experiments["ask-earlier"]?.arm == "early")
    }

    @Test("validate warns: an arm that changes nothing, a holdout of 100, experiment under an older library")
    func warnings() throws {
        let yaml = """
            reviewgate: 1
            name: exp
            requires: {library_version: "0.3"}
            app: {platform: android}
            triggers:
              done: {at_least: 2}
            guards:
              cooldown: 30d
            experiment:
              name: e
              holdout: 100
              arms:
                control: {weight: 1}
                same:
                  weight: 1
                  override: {guards: {cooldown: 30d}}
            """
        let warnings = try Fixtures.warnings(yaml)
        #expect(
            warnings.compactMap(\.rule?.rawValue).sorted() == ["arm_unchanged", "hash_v1", "holdout_all", "newer_key"])
        #expect(warnings.first { $0.rule == .armUnchanged }?.location?.line == 14, "the arm's name")
    }

    @Test("the compiled form keeps the arms in the file's order, which splits the buckets")
    func compiledArmsKeepTheirOrder() throws {
        let yaml = Self.text(
            "  name: e\n  arms:\n    treatment:\n      weight: 1\n      override: {guards: {cooldown: 1d}}\n    control: {weight: 3}"
        )
        let loaded = try PolicyLoader.decode(Fixtures.document(yaml, file: "exp.yaml"))
        let text = Fixtures.compiledText(loaded)
        let compiled = try CompiledPolicy.load(Array(text.utf8), file: "exp.json")
        #expect(compiled.experiment?.arms.map(\.name) == ["treatment", "control"])
        for user in (0..<200).map({ "user-\($0)" }) {
            let state = Self.state(user)
            #expect(compiled.experiment?.assignment(of: state) == loaded.policy.experiment?.assignment(of: state))
        }
        // The same arms in the other order are another policy, with another digest.
        let swapped = Self.text(
            "  name: e\n  arms:\n    control: {weight: 3}\n    treatment:\n      weight: 1\n      override: {guards: {cooldown: 1d}}"
        )
        let other = try PolicyLoader.decode(Fixtures.document(swapped, file: "exp.yaml"))
        #expect(CompiledPolicy(other).digestedBytes != CompiledPolicy(loaded).digestedBytes)
    }

    @Test("an arm's presentation and its longer within are the arm's: presented so, and their times kept")
    func armPresentationAndWithin() throws {
        let policy = try Self.policy(
            """
              name: e
              arms:
                slow:
                  weight: 1
                  override:
                    presentation: {delay: 5s}
                    triggers: {process_completed: {within: 30d}}
            """)
        let decision = try Evaluator.evaluate(policy, state: Self.state("u-1", completed: 3), moment: Self.moment)
        #expect(decision.presentation(under: policy).delay == TimeSpan(seconds: 5))
        #expect(policy.presentation.delay == TimeSpan(nanoseconds: 0))
        #expect(policy.longestWithin == TimeSpan(seconds: 30 * 86_400), "the arm's window keeps the donation times")
    }

    @Test("at most 100 arms")
    func armCap() throws {
        let arms = (0...100).map { "    a\($0): {weight: 1}" }.joined(separator: "\n")
        let error = try #require(throws: DiagnosticError.self) { try Self.policy("  name: e\n  arms:\n" + arms) }
        #expect(error.diagnostics.first?.message.hasPrefix("experiment arms must be at most 100; found 101") == true)
    }

    @Test("arms that both block expose the person when one counts the donation and the other does not")
    func exposureByCounting() throws {
        let yaml = """
            reviewgate: 1
            name: exp
            app: {platform: android}
            counting: {while_blocked: false}
            triggers:
              process_completed: {at_least: 10}
            guards:
              min_install_age: 3d
            experiment:
              name: e
              arms:
                control: {weight: 1}
                counts:
                  weight: 1
                  override: {guards: {min_install_age: null}}
            """
        let policy = try PolicyLoader.decode(Fixtures.document(yaml, file: "exp.yaml")).policy
        let decision = try Evaluator.evaluate(policy, state: Self.state("u-1", completed: 1), moment: Self.moment)
        // Neither arm asks at the second completion; control's install age keeps it from counting.
        #expect(!decision.isAllowed)
        #expect(decision.experiment?.isExposure == true)
        // A launch counts in every arm: no exposure.
        let launch = try Evaluator.evaluate(
            policy, state: Self.state("u-1", completed: 1),
            moment: Moment(time: .utc(Self.moment.now), event: "launch", source: .launch))
        #expect(launch.experiment?.isExposure == false)
    }

    @Test("a budget's lease must outlast every arm's presentation delay")
    func budgetLeaseAndArmDelay() throws {
        let files = [
            "b.yaml": "reviewgate_budget: 1\nname: b\nprompts:\n  review: {priority: 50, policy: exp.yaml}\nlease: 10s",
            "exp.yaml": Self.text(
                "  name: e\n  arms:\n    control: {weight: 1}\n    slow:\n      weight: 1\n      override: {presentation: {delay: 20s}}"
            ),
        ]
        let source: PolicyLoader.DocumentReader = { path in try Fixtures.document(files[path] ?? "", file: path) }
        let error = try #require(throws: DiagnosticError.self) {
            try BudgetLoader(policies: PolicyLoader(reading: source)).load(path: "b.yaml")
        }
        #expect(
            error.diagnostics.contains {
                $0.message.hasPrefix("the lease (10s) must be longer than") && $0.message.contains("(20s)")
            }, "\(error.diagnostics)")
    }
}

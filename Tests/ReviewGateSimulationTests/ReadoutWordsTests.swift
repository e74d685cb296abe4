@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateFiles
import ReviewGateTestSupport
import Testing

@_spi(ReviewGateTools) @testable import ReviewGateSimulation

/// The readout's words a team reads without help (issue 49): p-values as a sentence writes them,
/// ordinals, and each comparison's trigger in the policy's words.
@Suite("readout: words for a meeting")
struct ReadoutWordsTests {
    @Test(
        "a p-value reads p = 0.035 or p < 0.001, never p = < 0.001",
        arguments: [(0.035, "p = 0.035"), (0.0004, "p < 0.001"), (1.0, "p = 1.000"), (nil, "p = -")]
            as [(Double?, String)])
    func pValues(_ value: Double?, _ expected: String) {
        #expect(ReadoutReport.p(value) == expected)
    }

    @Test(
        "ordinals",
        arguments: [
            (1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (11, "11th"), (12, "12th"),
            (13, "13th"), (21, "21st"), (22, "22nd"), (101, "101st"), (111, "111th"),
        ])
    func ordinals(_ number: Int, _ expected: String) {
        #expect(ReadoutTriggerWords.ordinal(number) == expected)
    }

    static func words(_ yaml: String) throws -> [String] {
        let simulated = SimulatedPolicy(
            try PolicyLoader.files(Fixtures.documents).load(path: try Self.file(yaml)), path: "p.yaml")
        let loaded = simulated.policy
        let experiment = try #require(loaded.experiment)
        let design = try #require(ReadoutDesign(policy: loaded, outcomes: [.event("done")], withinDays: 14))
        return ReadoutTriggerWords.words(
            design.comparisons, experiment: experiment, groups: design.groupNames, settings: simulated.settings)
    }

    /// `yaml` written to a file of its own, so that it is loaded as a team's policy is.
    static func file(_ yaml: String) throws -> String {
        let folder = try Repository.temporaryFolder()
        let path = folder.appending(path: "p.yaml").path
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static let head = """
        reviewgate: 1
        name: timing
        triggers: {done: {at_least: 3}}
        guards: {cooldown: 30d}

        """

    @Test("two arms that differ in a trigger's at_least: the count at which they first differ, in words")
    func countsInWords() throws {
        let words = try Self.words(
            Self.head + """
                experiment:
                  name: timing
                  salt: s
                  holdout: 10
                  arms:
                    third: {weight: 1}
                    fifth: {weight: 1, override: {triggers: {done: {at_least: 5}}}}
                """)
        #expect(
            words == [
                "their 3rd done, where third asks and fifth waits for the 5th",
                "a moment where third would ask, or count, otherwise than the holdout (which runs the policy without the experiment's asks)",
                "a moment where fifth would ask, or count, otherwise than the holdout (which runs the policy without the experiment's asks)",
            ])
    }

    @Test("arms that differ otherwise: a moment they decide differently, and the settings they differ in")
    func otherDifferences() throws {
        let words = try Self.words(
            Self.head + """
                experiment:
                  name: timing
                  salt: s
                  arms:
                    control: {weight: 1}
                    patient: {weight: 1, override: {guards: {cooldown: 60d}, triggers: {done: {at_least: 4}}}}
                """)
        #expect(
            words == [
                "a moment that patient and control decide differently (they differ in guards.cooldown, triggers.done.at_least)"
            ])
    }
}

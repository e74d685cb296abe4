@_spi(ReviewGateTools) import ReviewGate
import ReviewGateTestSupport
import Testing

/// Every state field that a step can change has words in transcripts (`StateChange`): each field
/// of a full state is in ``fields``, with the change a step makes and the line it must give, or
/// with why it has none. A field added to the state fails ``everyFieldIsListed`` until it is.
@Suite struct StateChangeWordsTests {
    /// A field (a path as `StoredFields.field` writes it, covering what is under it) and its words.
    struct Field: CustomStringConvertible, Sendable {
        var path: String
        /// The change a step makes, and the start of the line it gives; `nil` when it has none.
        var change: (@Sendable (inout ReviewState) -> Void)?
        var words: @Sendable (ReviewState) -> String
        /// Why the field has no words of its own.
        var without: String?

        init(
            _ path: String, change: @escaping @Sendable (inout ReviewState) -> Void,
            words: @escaping @Sendable (ReviewState) -> String
        ) {
            self.path = path
            self.change = change
            self.words = words
        }

        init(_ path: String, without reason: String) {
            self.path = path
            self.words = { _ in "" }
            self.without = reason
        }

        var description: String { path }

        /// Whether the field `field` (of `StoredFields.field`) is this one or under it.
        func covers(_ field: String) -> Bool {
            field == path || field.hasPrefix(path + ".") || field.hasPrefix(path + "[")
        }
    }

    static let minute = TimeSpan(seconds: 60)

    static let fields: [Field] = [
        Field(
            "writtenBy", without: "the reviewgate that last wrote the file (its writer sets it), not a step's change"),
        Field("userID", without: "the app's id for the person (the prompter sets it), not a step's change"),
        Field(
            "deviceID",
            without: "this device's id, set when the person's record is first made or merged; a merge step's words "
                + "say what it added (`merged 1 ask and 1 answer from other devices`)"),
        Field("installedAt", without: "the install: no step changes it"),
        Field(
            "sessionStartedAt", change: { $0.sessionStartedAt! = $0.sessionStartedAt! + minute },
            words: { _ in "session started" }),
        Field("launches", change: { $0.launches += 1 }, words: { "launches \($0.launches)" }),
        Field("launchTimes", without: "the times of launches, which come with its count's words (`launches 4`)"),
        Field(
            "launchesSinceAsk",
            without: "counters since an ask, which come with the count's words (`launches 4 (2 since the last ask)`) "
                + "and which an ask sets to 0 (`ask #2 in …`)"),
        Field("app.short", change: { $0.app.short! += ".1" }, words: { _ in "short " }),
        Field("app.build", change: { $0.app.build! += "1" }, words: { _ in "build " }),
        Field(
            "versionFirstSeenAt", change: { $0.versionFirstSeenAt! = $0.versionFirstSeenAt! + minute },
            words: { _ in "new version" }),
        Field(
            "events[].count", change: { $0.events[firstEvent($0)]!.count += 1 },
            words: { "\(firstEvent($0)) \($0.events[firstEvent($0)]!.count)" }),
        Field(
            "events[].times",
            without: "the times of donations, which come with the count's words (`done 4`); the snapshot keeps no times"
        ),
        Field(
            "events[].sinceAsk",
            without: "counters since an ask, which come with the count's words (`done 4 (2 since the last ask)`) "
                + "and which an ask sets to 0 (`ask #2 in …`)"),
        Field(
            "activeDays", change: { $0.activeDays.append($0.activeDays.last!.adding(days: 1)) },
            words: { "day of use \($0.activeDays.last!)" }),
        Field(
            "asks",
            change: { $0.asks.append(Ask(at: $0.asks.last!.at + minute, short: "9.9", build: "99", trigger: "done")) },
            words: { "ask #\($0.asks.count) in " }),
        Field(
            "responses", change: { $0.responses.append(Response(at: $0.responses.last!.at + minute, kind: .later)) },
            words: { _ in "response later" }),
        Field(
            "leases",
            without: "a lease's words are the budget runner's notes (`lease review until …`, `review shown`, "
                + "`lease of review released`), not StateChange's"),
        Field("experiments[].arm", change: { $0.experiments[firstExperiment($0)]!.arm += "_b" }, words: exposure),
        Field("experiments[].version", change: { $0.experiments[firstExperiment($0)]!.version += 1 }, words: exposure),
        Field(
            "experiments[].exposedAt",
            change: {
                $0.experiments[firstExperiment($0)]!.exposedAt = $0.experiments[firstExperiment($0)]!.exposedAt + minute
            },
            words: exposure),
        Field(
            "flags", change: { $0.flags[firstFlag($0)]!.toggle() },
            words: { "flag \(firstFlag($0)) \($0.flags[firstFlag($0)]!)" }),
        Field(
            "attributes", change: { $0.attributes[firstAttribute($0)] = .string("changed") },
            words: { "attribute \(firstAttribute($0)) \"changed\"" }),
    ]

    static func firstEvent(_ state: ReviewState) -> String { state.events.keys.sorted()[0] }
    static func firstExperiment(_ state: ReviewState) -> String { state.experiments.keys.sorted()[0] }
    static func firstFlag(_ state: ReviewState) -> String { state.flags.keys.sorted()[0] }
    static func firstAttribute(_ state: ReviewState) -> String { state.attributes.keys.sorted()[0] }
    static func exposure(_ state: ReviewState) -> String { "exposed to \(firstExperiment(state)) in arm " }

    /// Every field of a full state is one of ``fields`` (or under one), and every one of ``fields``
    /// is a field: a field added to the state fails here until it has its words or its reason.
    @Test func everyFieldIsListed() {
        let found = Set(StoredFields.leaves(of: FullState.make(seed: 1)).keys.map(StoredFields.field))
        let unlisted = found.filter { field in !Self.fields.contains { $0.covers(field) } }.sorted()
        #expect(unlisted == [], "state fields with no change words and no reason in StateChangeWordsTests.fields")
        let stale = Self.fields.filter { entry in !found.contains { entry.covers($0) } }
        #expect(stale.isEmpty, "not a field of the state: \(stale)")
    }

    @Test("each change a step makes gives its line", arguments: fields.filter { $0.change != nil })
    func changeHasWords(field: Field) throws {
        let change = try #require(field.change)
        for seed in UInt64(0)..<20 {
            let old = FullState.make(seed: seed)
            var new = old
            change(&new)
            #expect(new != old, "\(field): the change changed nothing")
            let lines = StateChange.describe(from: .init(old), to: new, moment: nil, versionKey: nil)
            #expect(lines.contains { $0.hasPrefix(field.words(new)) }, "seed \(seed), \(field): \(lines)")
            #expect(lines.count == 1, "seed \(seed), \(field): one change, one line: \(lines)")
        }
    }

    @Test func noChangeNoWords() {
        for seed in UInt64(0)..<20 {
            let state = FullState.make(seed: seed)
            #expect(StateChange.describe(from: .init(state), to: state, moment: nil, versionKey: nil) == [])
        }
    }
}

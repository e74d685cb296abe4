@_spi(ReviewGateTools) import ReviewGate
import ReviewGateTestSupport
@_spi(ReviewGateTools) import ReviewGateYAML
import Testing

/// No state field can be forgotten (CONTRIBUTING.md, "A new state field"): a full state (every field set,
/// `FullState`) is written and read back equal in JSON and in YAML, so that a field the writer or
/// the reader leaves out fails here by its name. `StateChangeWordsTests` holds the change words to
/// every field and `StateSchemaFieldsTests` the schema.
@Suite struct StateFieldTests {
    static let seeds: [UInt64] = Array(0..<100)

    /// `FullState` sets every field, nested ones too, and to more than one value across the seeds:
    /// a field added to the state and not to `FullState` is empty or the same everywhere, and fails
    /// here, before the round trip could miss it.
    @Test func fullStatesSetEveryField() {
        var values: [String: Set<String>] = [:]
        for seed in Self.seeds {
            let state = FullState.make(seed: seed)
            #expect(StoredFields.empty(in: state) == [], "seed \(seed): FullState.make leaves these empty")
            for (path, value) in StoredFields.leaves(of: state) {
                values[StoredFields.field(path), default: []].insert(value)
            }
        }
        let same = values.filter { $0.value.count < 2 }.keys.sorted()
        #expect(
            same == [], "the same in every full state, so only ever tested at that value: set them in FullState.make")
        // What the walk found: the state's own fields and its parts', so that a walk that found
        // nothing cannot pass.
        for field in ["userID", "launchTimes[]", "asks[].prompt", "leases[].expires", "experiments[].arm", "flags[]"] {
            #expect(values.keys.contains { $0.hasPrefix(field) }, "no \(field) in a full state")
        }
    }

    @Test("a full state reads back equal in JSON and in YAML", arguments: seeds)
    func roundTrip(seed: UInt64) throws {
        let state = FullState.make(seed: seed)
        for (format, file) in [(StateEncoder.Format.json, "s.json"), (.yaml, "s.yaml")] {
            let text = StateEncoder.encode(state, as: format)
            let back = try StateDecoder.decode(YAMLLoader().loadDocument(Array(text.utf8), file: file), versionKey: nil)
            let lost = Self.differences(state, back)
            #expect(lost == [], "seed \(seed), \(file): lost on the way\n\(text)")
            if lost.isEmpty { #expect(back == state, "seed \(seed), \(file)\n\(text)") }
            // And written again, the same bytes.
            #expect(StateEncoder.encode(back, as: format) == text, "seed \(seed), \(file)")
        }
    }

    /// The paths whose values differ (or that one of the two lacks).
    static func differences(_ a: ReviewState, _ b: ReviewState) -> [String] {
        let left = StoredFields.leaves(of: a)
        let right = StoredFields.leaves(of: b)
        return Set(left.keys).union(right.keys).filter { left[$0] != right[$0] }.sorted()
    }
}

@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateFiles
import ReviewGateTestSupport
@_spi(ReviewGateTools) import ReviewGateYAML
import Testing

@Suite("StateEncoder: what record writes reads back as the same state")
struct StateEncoderTests {
    /// Strings that a careless writer would let YAML read as something else.
    static let awkwardStrings = [
        "1.4.0", "142", "0x1F", "0o17", "1e3", ".inf", "-.nan", "NO", "no", "Yes", "on", "y", "true", "False",
        "null", "Null", "~", "", " padded ", "a: b", "- item", "#hash", "x #y", "[1]", "{a}", "*alias", "&anchor",
        "!tag", "%directive", "@at", "`tick", "'single'", "\"double\"", "back\\slash", "line\nbreak", "tab\there",
        "bell\u{7}", "del\u{7F}", "next\u{85}line", "bom\u{FEFF}", "ü-Ünïcödé", "🙂", "-", "---", "...", "?", ":",
        "2026-11-22T10:00:00Z", "u-8c1f", "plain_name", "dotted.name-1",
    ]

    static func decode(_ text: String, file: String) throws -> ReviewState {
        try StateDecoder.decode(YAMLLoader().loadDocument(Array(text.utf8), file: file), versionKey: nil)
    }

    /// A varied state from a seed: every optional part present or not, awkward strings everywhere.
    static func state(seed: Int) -> ReviewState {
        var random = SplitMix(seed: UInt64(seed))
        func pick() -> String { awkwardStrings[Int(random.next() % UInt64(awkwardStrings.count))] }
        func time() -> Timestamp {
            // Whole seconds mostly, sometimes a fraction, across 1970–2150 (the years a time may take).
            let seconds = Int64(random.next() % 5_680_281_600)
            let nanos = random.next() % 3 == 0 ? Int64(random.next() % 1_000_000_000) : 0
            return Timestamp(nanosecondsSince1970: seconds * 1_000_000_000 + nanos)
        }
        func name(_ index: Int) -> String { ["done", "true", "null", "NO", "walk_ended", "y", "a.b-c"][index % 7] }
        var state = ReviewState(
            installedAt: time(), app: AppVersion(short: pick(), build: random.next() % 2 == 0 ? pick() : nil))
        if random.next() % 2 == 0 { state.userID = pick() }
        if random.next() % 2 == 0 { state.sessionStartedAt = time() }
        state.launches = Int(random.next() % 1000)
        if random.next() % 3 == 0 {
            state.launchTimes = (0..<min(state.launches, Int(random.next() % 4))).map { _ in time() }.sorted()
        }
        if random.next() % 2 == 0 { state.versionFirstSeenAt = time() }
        for index in 0..<Int(random.next() % 4) {
            let count = Int(random.next() % 5)
            let times = (0..<Int(random.next() % UInt64(count + 1))).map { _ in time() }.sorted()
            state.events[name(index)] = EventHistory(count: count, times: times)
        }
        for _ in 0..<Int(random.next() % 4) {
            state.asks.append(
                Ask(
                    at: time(), short: pick(), build: random.next() % 2 == 0 ? pick() : nil,
                    trigger: random.next() % 2 == 0 ? name(Int(random.next() % 7)) : nil))
        }
        for _ in 0..<Int(random.next() % 3) {
            state.responses.append(Response(at: time(), kind: ResponseKind.allCases[Int(random.next() % 3)]))
        }
        for index in 0..<Int(random.next() % 3) { state.flags[name(index + 2)] = random.next() % 2 == 0 }
        let values: [AttributeValue] = [
            .string(pick()), .number(3), .number(-2.5), .number(1e20), .number(0.1), .bool(true), .string("3"),
        ]
        for index in 0..<Int(random.next() % 4) {
            state.attributes[name(index)] = values[Int(random.next() % UInt64(values.count))]
        }
        return state
    }

    @Test("YAML and JSON round trips: decode(encode(s)) == s", arguments: 0..<300)
    func roundTrip(seed: Int) throws {
        let state = Self.state(seed: seed)
        let yaml = StateEncoder.encode(state, as: .yaml)
        #expect(try Self.decode(yaml, file: "s.yaml") == state, "\(yaml)")
        let json = StateEncoder.encode(state, as: .json)
        #expect(try Self.decode(json, file: "s.json") == state, "\(json)")
    }

    @Test("the same state is written as the same bytes, keys in Semantics §3's order")
    func deterministic() throws {
        let state = try Fixtures.state(
            """
            reviewgate_state: 1
            attributes: {plan: pro, country: DE, seats: 3}
            flags: {z: false, a: true}
            responses: [{at: 2026-10-20T10:01:00Z, kind: later}]
            asks: [{at: 2026-10-20T10:00:00Z, short: "1.3.0", build: "130", trigger: process_completed}]
            events:
              walk_ended: {count: 2, times: [2026-11-20T18:00:00Z, 2026-11-21T18:30:00.25Z]}
              process_completed: 3
            version_first_seen_at: 2026-11-01T08:00:00Z
            app: {short: "1.4.0", build: "142"}
            launches: 12
            session_started_at: 2026-11-22T09:58:00+01:00
            installed_at: 2026-10-01T09:00:00Z
            user_id: u-8c1f
            """)
        let text = StateEncoder.encode(state, as: .yaml)
        #expect(
            text == """
                reviewgate_state: 1
                user_id: u-8c1f
                installed_at: 2026-10-01T09:00:00Z
                session_started_at: 2026-11-22T08:58:00Z
                launches: 12
                app: {short: "1.4.0", build: "142"}
                version_first_seen_at: 2026-11-01T08:00:00Z
                events:
                  process_completed: 3
                  walk_ended: {count: 2, times: [2026-11-20T18:00:00Z, 2026-11-21T18:30:00.25Z]}
                asks:
                  - {at: 2026-10-20T10:00:00Z, short: "1.3.0", build: "130", trigger: process_completed}
                responses:
                  - {at: 2026-10-20T10:01:00Z, kind: later}
                flags:
                  a: true
                  z: false
                attributes:
                  country: DE
                  plan: pro
                  seats: 3

                """)
        #expect(StateEncoder.encode(state, as: .yaml) == text)
    }

    @Test(
        "strings that would read as something else are quoted",
        arguments: ["1.4.0", "142", "NO", "true", "null", "", "~"])
    func quoting(text: String) throws {
        let state = ReviewState(installedAt: Fixtures.time("2026-01-01T00:00:00Z"), app: AppVersion(short: text))
        let yaml = StateEncoder.encode(state, as: .yaml)
        #expect(yaml.contains("app: {short: \"\(text)\"}"))
    }

    @Test("the shipped example states survive a rewrite unchanged")
    func examples() throws {
        for file in [
            "apple-sample.state.yaml", "apple-sample-asked.state.yaml", "treaty.state.yaml",
            "three-week-rule.state.json",
        ] {
            let path = Repository.path("policies/examples/\(file)")
            let state = try StateDecoder.decode(Fixtures.documents.document(atPath: path), versionKey: nil)
            let text = StateEncoder.encode(state, as: StateEncoder.Format(path: path))
            #expect(try Self.decode(text, file: file) == state)
        }
    }
}

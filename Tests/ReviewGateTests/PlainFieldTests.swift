@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateYAML
import Testing

/// The state's fields of one plain value are written and read from ``ReviewState/plainFields``
/// (``PlainField``): each kind is written only when set, and read back or refused at its node. A
/// count has no field of its own yet, so one is made over `launches` here.
@Suite struct PlainFieldTests {
    static let installed = Timestamp(nanosecondsSince1970: 1_700_000_000_000_000_000)

    static func node(_ text: String) throws -> DocumentNode {
        try YAMLLoader().loadDocument(Array(text.utf8), file: "value.yaml")
    }

    /// A JSON value as compact text.
    static func text(_ value: JSONValue?) -> String? {
        value.map { JSONWriter(pretty: false).string($0) }
    }

    @Test func aCountIsWrittenOnlyWhenNotZeroAndReadBack() throws {
        let field = PlainField.count("launches", \.launches)
        var state = ReviewState(installedAt: Self.installed, app: AppVersion(build: "1"))
        #expect(field.yaml(state) == nil)
        #expect(field.json(state) == nil)
        state.launches = 42
        #expect(field.yaml(state) == "42")
        #expect(Self.text(field.json(state)) == "42")

        var read = ReviewState(installedAt: Self.installed, app: AppVersion(build: "1"))
        var reader = NodeReader()
        field.read(try Self.node("42"), into: &read, &reader)
        #expect(!reader.hasErrors)
        #expect(read.launches == 42)

        field.read(try Self.node("-1"), into: &read, &reader)
        #expect(reader.diagnostics.map(\.message).contains { $0.contains("launches") })
        #expect(read.launches == 0)
    }

    @Test func aTextAndATimeAreWrittenWhenSet() throws {
        var state = ReviewState(installedAt: Self.installed, app: AppVersion(build: "1"))
        let fields = Dictionary(uniqueKeysWithValues: ReviewState.plainFields.map { ($0.key, $0) })
        let userID = try #require(fields["user_id"])
        let started = try #require(fields["session_started_at"])
        #expect(userID.yaml(state) == nil)
        #expect(started.json(state) == nil)
        state.userID = "true"
        state.sessionStartedAt = Self.installed
        // A string YAML would read as something else is quoted.
        #expect(userID.yaml(state) == "\"true\"")
        #expect(started.yaml(state) == Self.installed.description)
        #expect(Self.text(started.json(state)) == "\"\(Self.installed)\"")
    }

    /// Every plain field is a key of the state's catalogue section, so that the writer, which
    /// writes in that section's order, never leaves one out.
    @Test func everyFieldIsAStateKey() {
        let keys = Set(StateDecoder.keys)
        #expect(ReviewState.plainFields.map(\.key).filter { !keys.contains($0) } == [])
    }
}

@_spi(ReviewGateTools) import ReviewGate
import ReviewGateTestSupport
@_spi(ReviewGateTools) import ReviewGateYAML
import Testing

/// For each JSONTestSuite `y_` file that libyaml reads, the core's JSON reader gives the same data,
/// and every node the same line and column.
@Suite struct JSONAgreementTests {
    @Test func theJSONReaderAndLibYAMLAgree() throws {
        let cases = JSONTestSuite.cases.filter { $0.name.hasPrefix("y_") }
        try #require(!cases.isEmpty, "JSONTestSuite not found at \(JSONTestSuite.folder.path)")
        var compared = 0
        for testCase in cases {
            guard let yaml = try? YAMLLoader().loadDocument(testCase.bytes, file: "f"),
                let json = try? JSONReader().loadDocument(testCase.bytes, file: "f")
            else { continue }
            compared += 1
            let writer = JSONWriter(pretty: false)
            #expect(writer.string(yaml.jsonValue) == writer.string(json.jsonValue), "\(testCase.name)")
            #expect(Self.locations(yaml) == Self.locations(json), "\(testCase.name)")
        }
        print("JSON reader and libyaml agree on \(compared) of \(cases.count) y_ files (the rest libyaml refuses)")
        #expect(compared > cases.count / 2)
    }

    /// Every node's location, in document order.
    static func locations(_ node: DocumentNode) -> [String] {
        var result = [node.location.description]
        switch node.content {
        case .scalar: break
        case .sequence(let elements): for element in elements { result += locations(element) }
        case .mapping(let entries):
            for entry in entries { result += locations(entry.key) + locations(entry.value) }
        }
        return result
    }
}

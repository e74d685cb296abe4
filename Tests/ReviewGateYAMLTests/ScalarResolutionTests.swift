@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateYAML
import Testing

@Suite struct ScalarResolutionTests {
    private func value(_ yaml: String) throws -> ScalarValue? {
        try YAMLLoader().loadDocument(Array("v: \(yaml)".utf8), file: "t.yaml")["v"]?.scalar?.value
    }

    @Test(arguments: [
        ("NO", ScalarValue.string("NO")), ("yes", .string("yes")), ("on", .string("on")),
        ("true", .bool(true)), ("True", .bool(true)), ("TRUE", .bool(true)), ("false", .bool(false)),
        ("FALSE", .bool(false)), ("tRUE", .string("tRUE")),
        ("~", .null), ("null", .null), ("Null", .null), ("NULL", .null), ("", .null), ("nULL", .string("nULL")),
        ("0x1F", .int(31)), ("0o17", .int(15)), ("017", .int(17)), ("-42", .int(-42)), ("+7", .int(7)),
        ("0x", .string("0x")), ("0o8", .string("0o8")), ("1_000", .string("1_000")),
        ("1e3", .float(1000)), ("1.5", .float(1.5)), ("-.5", .float(-0.5)), ("1.", .float(1)),
        ("2.5E-1", .float(0.25)), (".inf", .float(.infinity)), ("-.Inf", .float(-.infinity)),
        ("e3", .string("e3")), ("1e", .string("1e")), (".", .string(".")),
        ("'1'", .string("1")), ("\"true\"", .string("true")), ("!!str 7", .string("7")),
        ("!!float 3", .float(3)), ("2.0.1", .string("2.0.1")), ("21d", .string("21d")),
    ])
    func resolves(_ yaml: String, _ expected: ScalarValue) throws {
        #expect(try value(yaml) == expected)
    }

    @Test func nanIsAFloat() throws {
        guard case .float(let number)? = try value(".nan") else {
            Issue.record("not a float")
            return
        }
        #expect(number.isNaN)
    }

    @Test func tagThatDoesNotFitIsAnError() {
        #expect(throws: DiagnosticError.self) { try value("!!int abc") }
    }

    @Test func styleIsKept() throws {
        let node = try YAMLLoader().loadDocument(Array("[a, 'b', \"c\"]".utf8), file: "t.yaml")
        #expect(node.sequence?.map { $0.scalar?.style } == [.plain, .singleQuoted, .doubleQuoted])
    }
}

/// A JSON value whose objects keep their keys in the order given, so output reads as designed.
@_spi(ReviewGateTools) public enum JSONValue: Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// An integer.
    case int(Int)
    /// A number with a fraction; infinities and NaN, which JSON lacks, are written as strings.
    case double(Double)
    /// A number as written, in JSON's number syntax (`12.3400000000000001`): for a value whose text
    /// matters, as a rollout percent's does.
    case number(String)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, in key order as given.
    case object([(key: String, value: JSONValue)])

    /// A string, or `null` when there is none.
    @_spi(ReviewGateTools) public static func string(_ value: String?) -> JSONValue {
        value.map(JSONValue.string) ?? .null
    }

    /// Whether the value is a scalar: not an array or an object.
    @_spi(ReviewGateTools) public var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }

    /// Whether two values are the same data: the same members in the same order, numbers equal as
    /// written (an `int` is not a `double`).
    @_spi(ReviewGateTools) public static func same(_ left: JSONValue, _ right: JSONValue) -> Bool {
        switch (left, right) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.double(let a), .double(let b)): a == b || (a.isNaN && b.isNaN)
        case (.string(let a), .string(let b)), (.number(let a), .number(let b)): a == b
        case (.array(let a), .array(let b)): a.count == b.count && zip(a, b).allSatisfy { same($0, $1) }
        case (.object(let a), .object(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && same($0.value, $1.value) }
        default: false
        }
    }
}

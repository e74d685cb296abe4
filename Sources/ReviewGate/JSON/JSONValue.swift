/// A JSON value whose objects keep their keys in the order given, so output reads as designed.
public enum JSONValue: Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// An integer.
    case int(Int)
    /// A number with a fraction; infinities and NaN, which JSON lacks, are written as strings.
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, in key order as given.
    case object([(key: String, value: JSONValue)])

    /// A string, or `null` when there is none.
    public static func string(_ value: String?) -> JSONValue {
        value.map(JSONValue.string) ?? .null
    }
}

@_spi(ReviewGateTools) import ReviewGate

/// JSON values as the kit compares them (Semantics §18): objects as values, their keys in any order,
/// and numbers by their value (`1`, `1.0` and `1e0` are one number).
package enum ConformanceValue {
    /// Whether two values are the same value: each gives every member of the other.
    package static func equal(_ left: JSONValue, _ right: JSONValue) -> Bool {
        covers(left, right) && covers(right, left)
    }

    /// Whether `answered` gives every member of `expected`, at every depth, as a value (an object's
    /// keys in any order, numbers by value): what an answer must hold. Members the expectation does
    /// not have (an `experiment`'s `name`, a state's `written_by`) are free.
    package static func covers(_ expected: JSONValue, _ answered: JSONValue) -> Bool {
        switch (expected, answered) {
        case (.object(let a), .object(let b)):
            var byKey: [String: JSONValue] = [:]
            for member in b { byKey[member.key] = member.value }
            return a.allSatisfy { member in byKey[member.key].map { covers(member.value, $0) } ?? false }
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { covers($0, $1) }
        default:
            if let a = number(expected), let b = number(answered) { return a == b }
            return JSONValue.same(expected, answered)
        }
    }

    /// A number's value; `nil` for anything else.
    static func number(_ value: JSONValue) -> Double? {
        switch value {
        case .int(let int): Double(int)
        case .double(let double): double
        case .number(let text): Double(text)
        default: nil
        }
    }

    /// The member `key` of an object; `nil` for a missing member or a value that is no object.
    package static func member(_ value: JSONValue, _ key: String) -> JSONValue? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The string of a value; `nil` for anything else.
    package static func string(_ value: JSONValue?) -> String? {
        guard case .string(let text)? = value else { return nil }
        return text
    }

    /// The members of an object, in order; empty for anything else.
    package static func members(_ value: JSONValue?) -> [(key: String, value: JSONValue)] {
        guard case .object(let members)? = value else { return [] }
        return members
    }
}

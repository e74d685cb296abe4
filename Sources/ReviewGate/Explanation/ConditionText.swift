/// Conditions in words, for explanations: a condition as written, and a part that does not hold
/// with what was seen (`attribute plan is "free", required equals "pro" (line 7)`).
enum ConditionText {
    /// A condition as written, in short.
    static func describe(_ condition: Condition) -> String {
        switch condition.test {
        case .all: return "all of its parts"
        case .any(let parts) where parts.isEmpty: return "any: [] (which never holds)"
        case .any: return "any of its parts"
        case .not(let inner): return "not (\(describe(inner)))"
        case .event(let name, _, let within, let sinceLastAsk):
            return "event \(name)" + (within.map { " within \($0)" } ?? "")
                + (sinceLastAsk ? " since the last ask" : "")
                + " " + requirement(of: condition)
        case .launches: return "launches \(requirement(of: condition))"
        case .activeDays(_, let days): return "active_days within \(days)d \(requirement(of: condition))"
        case .installAge: return "install_age \(requirement(of: condition))"
        case .sinceLastAsk: return "since_last_ask \(requirement(of: condition))"
        case .flag(let name): return "flag \(name)"
        case .attribute(let name, _): return "attribute \(name) \(requirement(of: condition))"
        case .appVersion: return "app_version \(requirement(of: condition))"
        }
    }

    /// A part that does not hold: what was seen, what it requires, and its line.
    static func failure(_ failure: ConditionFailure) -> String {
        let condition = failure.condition
        let line = " (line \(condition.location.line))"
        switch (condition.test, failure.seen) {
        case (.any, _), (_, .noParts):
            return "any: [] never holds" + line
        case (.not(let inner), _):
            // Said of what holds, not as a double negative.
            if case .flag(let name) = inner.test { return "flag \(name) is true, required false or not set" + line }
            return "\(describe(inner)) holds, required it not to" + line
        case (.event(let name, _, let within, let sinceLastAsk), .count(let count)):
            let window = (within.map { " in the last \($0)" } ?? "") + (sinceLastAsk ? " since the last ask" : "")
            return "event \(name) counts \(count)\(window), required \(requirement(of: condition))" + line
        case (.activeDays(_, let days), .count(let count)):
            return "\(count) days of use in the last \(days)d, required \(requirement(of: condition))" + line
        case (.launches, .count(let count)):
            return "launches count \(count), required \(requirement(of: condition))" + line
        case (.installAge, .age(let age)):
            return "installed \(age) ago, required \(requirement(of: condition))" + line
        case (.sinceLastAsk, .age(let age)):
            return "last asked \(age) ago, required \(requirement(of: condition))" + line
        case (.sinceLastAsk, .neverAsked):
            return "never asked, required \(requirement(of: condition)) since the last ask" + line
        case (.flag(let name), .flag(let value)):
            return "flag \(name) is \(value.map(String.init) ?? "not set"), required true" + line
        case (.attribute(let name, let test), .attribute(let value)):
            return "attribute \(name) \(seen(value, against: test)), required \(requirement(of: condition))" + line
        case (.appVersion, .version(let text)):
            guard let text else { return "the state has no app version, required \(requirement(of: condition))" + line }
            guard AppVersionNumber(text) != nil else {
                return "app version \(quoted(text)) is not a dotted number, required \(requirement(of: condition))"
                    + line
            }
            return "app version is \(Quote.prefix(text)), required \(requirement(of: condition))" + line
        default:
            return "\(describe(condition)) does not hold" + line
        }
    }

    /// What would make `condition` hold, from the parts that do not (`failing`), in words: the parts
    /// of an `all` joined by `and`, of an `any` by `or` (in brackets within another), each leaf by
    /// ``need(_:)``; `nil` when it holds.
    static func need(_ condition: Condition, failing: [ConditionFailure]) -> String? {
        func need(_ condition: Condition, nested: Bool) -> String? {
            switch condition.test {
            case .all(let parts):
                let needs = parts.compactMap { need($0, nested: true) }
                guard !needs.isEmpty else { return nil }
                return needs.count > 1 && nested
                    ? "(" + needs.joined(separator: " and ") + ")" : needs.joined(separator: " and ")
            case .any(let parts) where !parts.isEmpty:
                let needs = parts.map { need($0, nested: true) }
                guard !needs.contains(where: { $0 == nil }) else { return nil }
                let all = needs.compactMap { $0 }
                return all.count > 1 && nested
                    ? "(" + all.joined(separator: " or ") + ")" : all.joined(separator: " or ")
            default:
                guard let failure = failing.first(where: { $0.condition.location == condition.location }) else {
                    return nil
                }
                return Self.need(failure)
            }
        }
        return need(condition, nested: false)
    }

    /// What would make a part that does not hold pass, in words: `flag stream_active false or not
    /// set`, `event quiz_done at least 3`, `attribute plan equals "pro"`.
    static func need(_ failure: ConditionFailure) -> String {
        let condition = failure.condition
        switch condition.test {
        case .any(let parts) where parts.isEmpty: return "any: [] to hold, which it never does"
        case .not(let inner):
            if case .flag(let name) = inner.test { return "flag \(name) false or not set" }
            return "not (\(describe(inner)))"
        case .flag(let name): return "flag \(name) true"
        default: return describe(condition)
        }
    }

    /// What a leaf requires, in words: `at least 3`, `equals "pro"`.
    static func requirement(of condition: Condition) -> String {
        switch condition.test {
        case .event(_, let comparison, _, _), .launches(let comparison), .activeDays(let comparison, _):
            return text(comparison)
        case .installAge(let comparison), .sinceLastAsk(let comparison): return text(comparison)
        case .attribute(_, let test):
            switch test {
            case .equals(let value): return "equals \(literal(value))"
            case .oneOf(let values): return "one of [\(values.map(literal).joined(separator: ", "))]"
            case .atLeast(let bound): return "a number at least \(AttributeValue.number(bound))"
            case .atMost(let bound): return "a number at most \(AttributeValue.number(bound))"
            }
        case .appVersion(let comparison):
            switch comparison {
            case .atLeast(let version): return "at least \(version)"
            case .below(let version): return "below \(version)"
            }
        case .flag: return "true"
        case .all, .any, .not: return "to hold"
        }
    }

    /// An attribute's value as seen, naming its type when the test wants another
    /// (`is the string "12"`), or `is not set`.
    private static func seen(_ value: AttributeValue?, against test: AttributeTest) -> String {
        guard let value else { return "is not set" }
        let wanted: [AttributeValue]
        switch test {
        case .equals(let expected): wanted = [expected]
        case .oneOf(let values): wanted = values
        case .atLeast, .atMost: wanted = [.number(0)]
        }
        guard !wanted.contains(where: { $0.kind == value.kind }) else { return "is \(literal(value))" }
        return "is the \(value.kind) \(literal(value))"
    }

    private static func literal(_ value: AttributeValue) -> String {
        if case .string(let text) = value { return quoted(text) }
        return value.description
    }

    /// The text in double quotes, at most 40 characters of it: a state's values may be long.
    private static func quoted(_ text: String) -> String {
        var out = ""
        JSONWriter.quote(Quote.prefix(text), to: &out)
        return out
    }

    private static func text<T>(_ comparison: Comparison<T>) -> String {
        switch comparison {
        case .atLeast(let bound): "at least \(bound)"
        case .atMost(let bound): "at most \(bound)"
        case .exactly(let bound): "exactly \(bound)"
        }
    }
}

extension AttributeValue {
    /// The value's type in words: `string`, `number`, `boolean`.
    var kind: String {
        switch self {
        case .string: "string"
        case .number: "number"
        case .bool: "boolean"
        }
    }
}

@_spi(ReviewGateTools) import ReviewGate

/// One setting of a policy, as the page's *settings that differ* shows it: its dotted path in the
/// policy language (`guards.min_install_age`, `experiment.arms.early.override.triggers.process_completed.at_least`)
/// and its value as compact JSON (`"3d"`, `4`, `null`, `["launch","user_action"]`).
package struct PolicySetting: Sendable, Hashable {
    /// The dotted path; a key holding a `.` is quoted, as `--vary` paths are.
    package var path: String
    /// The value, as compact JSON.
    package var value: String

    /// The settings of a canonical policy (an object), every scalar and list by its path, in order.
    static func flattened(_ policy: JSONValue) -> [PolicySetting] {
        var settings: [PolicySetting] = []
        func walk(_ value: JSONValue, _ path: [String]) {
            if case .object(let members) = value, !members.isEmpty {
                for member in members { walk(member.value, path + [member.key]) }
            } else if !path.isEmpty {
                settings.append(
                    PolicySetting(
                        path: path.map { $0.contains(".") ? "\"\($0)\"" : $0 }.joined(separator: "."),
                        value: JSONWriter().string(value)))
            }
        }
        walk(policy, [])
        return settings
    }

    /// The settings whose values differ between `left` and `right` (or that one of them lacks), in
    /// `left`'s order then `right`'s: each path with its value in each (`nil` where it lacks it). A
    /// section or trigger one side lacks whole is one row, its settings together on the other side
    /// (`{event: "launch", at_least: 3}`, its unset `null`s left out), so that a trigger the baseline
    /// has and the policy lacks
    /// reads as one difference, not five.
    static func differences(_ left: [PolicySetting], _ right: [PolicySetting]) -> [(
        path: String, left: String?, right: String?
    )] {
        let leftValues = Dictionary(left.map { ($0.path, $0.value) }, uniquingKeysWith: { first, _ in first })
        let rightValues = Dictionary(right.map { ($0.path, $0.value) }, uniquingKeysWith: { first, _ in first })
        /// The shortest prefix of `path` that no setting of `settings` starts with, if any.
        func missing(_ path: String, in values: [String: String]) -> String? {
            let keys = Self.keys(path)
            for count in 1..<max(1, keys.count) {
                let prefix = keys.prefix(count).joined(separator: ".")
                if !values.keys.contains(where: { $0 == prefix || $0.hasPrefix(prefix + ".") }) { return prefix }
            }
            return nil
        }
        /// `{event: "launch", at_least: 3}`: the settings under `prefix`, by their keys after it.
        func together(_ prefix: String, _ settings: [PolicySetting]) -> String {
            // Its settings that say something: a `null` is a default left unset.
            let inside = settings.filter { $0.path.hasPrefix(prefix + ".") && $0.value != "null" }.map {
                String($0.path.dropFirst(prefix.count + 1)) + ": " + $0.value
            }
            return "{" + inside.joined(separator: ", ") + "}"
        }
        var seen = Set<String>()
        var differing: [(path: String, left: String?, right: String?)] = []
        for path in left.map(\.path) + right.map(\.path) {
            // What a policy says of itself rather than of its people differs between any two.
            guard !["name", "description"].contains(path), leftValues[path] != rightValues[path] else { continue }
            if let prefix = missing(path, in: leftValues) {
                if seen.insert(prefix).inserted { differing.append((prefix, nil, together(prefix, right))) }
            } else if let prefix = missing(path, in: rightValues) {
                if seen.insert(prefix).inserted { differing.append((prefix, together(prefix, left), nil)) }
            } else if seen.insert(path).inserted {
                differing.append((path, leftValues[path], rightValues[path]))
            }
        }
        return differing
    }

    /// A dotted path's keys, each written as in the path (a quoted key keeps its quotes and dots).
    static func keys(_ path: String) -> [String] {
        var keys: [String] = []
        var key = ""
        var quoted = false
        for character in path {
            if character == "\"" { quoted.toggle() }
            if character == ".", !quoted {
                keys.append(key)
                key = ""
            } else {
                key.append(character)
            }
        }
        keys.append(key)
        return keys
    }
}

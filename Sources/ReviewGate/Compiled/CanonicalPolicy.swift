/// A policy in canonical form (Semantics §9): the merged document with every key in one fixed order and
/// every default of the keys 0.4.0 knew written out (``ReleasedDefaults``; a key added later only
/// when the policy sets it), and where each node of it was written.
///
/// Keys follow the order of Semantics §2's tables (``keyOrder(at:)``); trigger ids keep the file's order, which
/// is the order triggers are tried. A setting the policy leaves out is written with its default, or
/// `null` when it has none (`cooldown: null`: no cooldown), and has no location: that is how a
/// compiled policy tells a default from a setting (``CompiledPolicyDecoder`` drops it again).
package struct CanonicalPolicy {
    /// Where one node of the canonical policy was written.
    package struct Origin {
        /// The node's JSON Pointer (RFC 6901) in the canonical policy; `""` is the policy itself.
        package var pointer: String
        /// Where its key is written, for a mapping's value.
        package var key: SourceLocation?
        /// Where the node itself is written.
        package var value: SourceLocation

        /// An origin of the node at `pointer`.
        package init(pointer: String, key: SourceLocation?, value: SourceLocation) {
            self.pointer = pointer
            self.key = key
            self.value = value
        }
    }

    /// The policy's data.
    package private(set) var policy: JSONValue = .null
    /// Where each node that the file wrote is, in document order.
    package private(set) var origins: [Origin] = []

    private let decoded: Policy

    /// The canonical form of `document`, the merged tree that `policy` was decoded from.
    init(document: DocumentNode, policy: Policy) {
        decoded = policy
        self.policy = value(document, pointer: "", key: nil)
    }

    /// The keys of the mapping at `pointer` in the order they are written, as Semantics §2 lists them; a
    /// condition's keys (and `max_asks`') in one order of their own.
    static func keyOrder(at pointer: String) -> [String] {
        switch pointer {
        case "", "/app", "/guards", "/responses", "/counting", "/presentation", "/rollout", "/lint", "/requires":
            LanguageCatalogue.Section.policy(pointer).keys
        case _ where isTrigger(pointer): LanguageCatalogue.Section.policy("/triggers/*").keys
        default:
            ["count", "max", "per"] + NodeReader.conditionForms
                + ["equals", "in", "at_least", "at_most", "exactly", "below", "within", "since"]
        }
    }

    /// Each key's place in ``keyOrder(at:)``, worked out once per kind of mapping.
    private static let rankTables: [String: [String: Int]] = {
        var tables: [String: [String: Int]] = [:]
        for pointer in [
            "", "/app", "/guards", "/responses", "/counting", "/presentation", "/rollout", "/lint", "/requires",
            "/triggers/t",
            "/",
        ] {
            var ranks: [String: Int] = [:]
            for (index, key) in keyOrder(at: pointer).enumerated() where ranks[key] == nil { ranks[key] = index }
            tables[pointer] = ranks
        }
        return tables
    }()

    private static func ranks(at pointer: String) -> [String: Int] {
        rankTables[pointer] ?? (isTrigger(pointer) ? rankTables["/triggers/t"]! : rankTables["/"]!)
    }

    /// Whether the mapping at `pointer` keeps the file's order: the triggers (tried in that order)
    /// and an experiment's arms (whose order splits the buckets, Semantics §13).
    static func keepsFileOrder(_ pointer: String) -> Bool {
        pointer == "/triggers" || pointer == "/experiment/arms"
    }

    /// Whether `pointer` is a trigger's (`/triggers/ID`).
    static func isTrigger(_ pointer: String) -> Bool {
        let parts = pointer.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 3 && parts[1] == "triggers"
    }

    /// A YAML 1.2 decimal's text in JSON's number syntax, digits kept: `.5` → `0.5`, `+1.` → `1.0`;
    /// `nil` for text that is not a plain decimal (`.inf`, `1_0`).
    static func jsonNumber(_ text: String) -> String? {
        var digits = Substring(text.lowercased())
        var sign = ""
        if digits.first == "+" || digits.first == "-" {
            if digits.first == "-" { sign = "-" }
            digits = digits.dropFirst()
        }
        let parts = digits.split(separator: "e", maxSplits: 1, omittingEmptySubsequences: false)
        let mantissa = parts[0].split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let isDigits = { (part: Substring) in part.utf8.allSatisfy { (0x30...0x39).contains($0) } }
        guard mantissa.allSatisfy(isDigits), !(mantissa[0].isEmpty && (mantissa.count == 1 || mantissa[1].isEmpty))
        else { return nil }
        var whole = mantissa[0].drop { $0 == "0" }
        if whole.isEmpty { whole = "0" }
        var number = sign + whole
        if mantissa.count == 2 { number += "." + (mantissa[1].isEmpty ? "0" : mantissa[1]) }
        if parts.count == 2 {
            var exponent = parts[1]
            var exponentSign = ""
            if exponent.first == "+" || exponent.first == "-" {
                exponentSign = exponent.first == "-" ? "-" : ""
                exponent = exponent.dropFirst()
            }
            guard !exponent.isEmpty, isDigits(exponent) else { return nil }
            number += "e" + exponentSign + exponent
        }
        return number
    }

    /// `component` escaped for a JSON Pointer: `~` as `~0`, `/` as `~1`.
    package static func escape(_ component: String) -> String {
        guard component.contains(where: { $0 == "~" || $0 == "/" }) else { return component }
        var escaped = ""
        for character in component {
            switch character {
            case "~": escaped += "~0"
            case "/": escaped += "~1"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    private mutating func value(_ node: DocumentNode, pointer: String, key: SourceLocation?) -> JSONValue {
        origins.append(Origin(pointer: pointer, key: key, value: node.location))
        switch node.content {
        case .scalar(let scalar):
            // A decimal keeps its digits: a rollout's bucket limit is worked out from them.
            if case .float(let number) = scalar.value, number.isFinite, let text = Self.jsonNumber(scalar.text) {
                return .number(text)
            }
            return node.jsonValue
        case .sequence(let items):
            return .array(items.enumerated().map { value($1, pointer: "\(pointer)/\($0)", key: nil) })
        case .mapping(let entries):
            var members: [(key: String, value: JSONValue)] = []
            var present = Set<String>()
            // In canonical order, so that `origins` (and so `locations`) are too, whatever the YAML's.
            let order = Self.ranks(at: pointer)
            let rank = { (entry: MappingEntry) in order[entry.key.scalar?.text ?? ""] ?? Int.max }
            let ordered =
                Self.keepsFileOrder(pointer)
                ? entries
                : entries.sorted {
                    rank($0) != rank($1)
                        ? rank($0) < rank($1) : ($0.key.scalar?.text ?? "") < ($1.key.scalar?.text ?? "")
                }
            for entry in ordered {
                let name = entry.key.scalar?.text ?? ""
                // `hash: v1` is the hash without the key: never written, so that a policy that says
                // it compiles to the bytes (and digest) of one that does not (Semantics §13).
                if name == "hash", pointer == "/rollout" || pointer == "/experiment",
                    entry.value.scalar?.text == HashVersion.v1.rawValue
                {
                    continue
                }
                present.insert(name)
                members.append(
                    (name, value(entry.value, pointer: "\(pointer)/\(Self.escape(name))", key: entry.key.location)))
            }
            // The defaults of the keys 0.4.0 knew that the file left out; a later key only when set.
            members += PolicyDefaults(policy: decoded).written(at: pointer).filter { !present.contains($0.key) }
            return .object(Self.keepsFileOrder(pointer) ? members : Self.sorted(members, at: pointer))
        }
    }

    /// Members in the order of ``keyOrder(at:)``, keys it does not know last by name.
    static func sorted(_ members: [(key: String, value: JSONValue)], at pointer: String)
        -> [(key: String, value: JSONValue)]
    {
        let order = ranks(at: pointer)
        return members.sorted { left, right in
            let (a, b) = (order[left.key] ?? Int.max, order[right.key] ?? Int.max)
            return a != b ? a < b : left.key < right.key
        }
    }

    /// A JSON Pointer component read back: `~1` is `/`, `~0` is `~`.
    static func unescape(_ component: Substring) -> String {
        var text = ""
        var tilde = false
        for character in component {
            if tilde {
                text.append(character == "1" ? "/" : character == "0" ? "~" : character)
                tilde = false
            } else if character == "~" {
                tilde = true
            } else {
                text.append(character)
            }
        }
        return text
    }
}

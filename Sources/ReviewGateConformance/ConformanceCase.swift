@_spi(ReviewGateTools) import ReviewGate

/// The files of cases, one an area of the language (Semantics §18), each JSON Lines.
package enum ConformanceArea: String, Sendable, CaseIterable {
    /// A policy, a state and a moment: the decision and its checks.
    case evaluation
    /// A policy, a state and what `record` applies (a moment, an answer, a new version): the
    /// decision and the state after.
    case record
    /// A policy, a state and a run of actions: each moment's decision, and the state after the last.
    case scenarios
    /// A moment recorded under a policy with an experiment: the arm, the bucket, the exposure and
    /// the state after.
    case experiments
    /// A budget, a state, a moment and the external prompts wanted: the prompt granted, each
    /// candidate, and the state after (Semantics §12's arbitration).
    case arbitration
    /// A salt and a user id: the bucket under each hash version.
    case buckets
    /// A policy's YAML: the digest of its compiled form.
    case digests

    /// The file that holds the area's cases in a kit's folder.
    package var file: String { "\(rawValue).jsonl" }
}

/// One case of the kit: its id, how it was made, its capability tags, its inputs and what is
/// expected, one line of an area's file:
/// `{"id": …, "kind": …, "tags": […], INPUTS…, "expect": {…}}`.
package struct ConformanceCase: Sendable {
    /// How a case was made.
    package enum Kind: String, Sendable, CaseIterable {
        /// By the generator, from seeded random policies, states and moments.
        case generated
        /// Written on purpose at an edge: a count, an age or a window at its boundary, a bucket edge,
        /// a clock set back, a leap day, an offset across midnight.
        case boundary
    }

    /// The case's id, unique in the kit (`evaluation/g-00001`).
    package var id: String
    /// How it was made.
    package var kind: Kind
    /// What an implementation needs to answer it (`since_ask`, `experiment`, `hash_v2`, …).
    package var tags: [String]
    /// The inputs, in the line's order: every member but `id`, `kind`, `tags` and `expect`.
    package var inputs: [(key: String, value: JSONValue)]
    /// What is expected: an answer has the same members, compared as values.
    package var expect: JSONValue

    /// A case from its parts.
    package init(
        id: String, kind: Kind, tags: [String], inputs: [(key: String, value: JSONValue)], expect: JSONValue
    ) {
        self.id = id
        self.kind = kind
        self.tags = tags
        self.inputs = inputs
        self.expect = expect
    }

    /// A case read from its line's JSON value.
    package init(_ value: JSONValue, at place: String) throws(DiagnosticError) {
        guard case .object(let members) = value else {
            throw DiagnosticError("\(place): a case is a JSON object", at: nil)
        }
        var id: String?
        var kind: Kind?
        var tags: [String] = []
        var inputs: [(key: String, value: JSONValue)] = []
        var expect: JSONValue?
        for member in members {
            switch member.key {
            case "id": id = ConformanceValue.string(member.value)
            case "kind": kind = ConformanceValue.string(member.value).flatMap(Kind.init(rawValue:))
            case "tags":
                guard case .array(let items) = member.value else { continue }
                tags = items.compactMap(ConformanceValue.string)
            case "expect": expect = member.value
            default: inputs.append(member)
            }
        }
        guard let id, let kind, let expect else {
            throw DiagnosticError("\(place): a case needs an id, a kind (generated or boundary) and expect", at: nil)
        }
        self.init(id: id, kind: kind, tags: tags, inputs: inputs, expect: expect)
    }

    /// The input `key`.
    package func input(_ key: String) -> JSONValue? {
        inputs.first { $0.key == key }?.value
    }

    /// The case as its line's JSON value.
    package var json: JSONValue {
        .object(
            [("id", .string(id)), ("kind", .string(kind.rawValue)), ("tags", .array(tags.map { .string($0) }))]
                + inputs + [("expect", expect)])
    }
}

/// JSON Lines: one JSON value a line, empty lines skipped.
package enum JSONLines {
    /// Each line's value with its 1-based line number, the lines read on every core; more than
    /// `maximumLines` lines with text are refused before any is read.
    package static func read(_ bytes: [UInt8], file: String, maximumLines: Int = .max) throws(DiagnosticError)
        -> [(line: Int, value: JSONValue)]
    {
        var lines: [(number: Int, range: Range<Int>)] = []
        var start = 0
        var number = 1
        for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: "\n") {
            defer {
                start = index + 1
                number += 1
            }
            guard bytes[start..<index].contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\r") })
            else { continue }
            lines.append((number, start..<index))
            guard lines.count <= maximumLines else {
                throw DiagnosticError(
                    "\(file) has more than \(maximumLines) lines, more than it can hold for this kit", at: nil)
            }
        }
        let reader = JSONReader()
        let values = ParallelMap.map(lines.count) { index in
            Result { () throws(DiagnosticError) in
                try reader.loadDocument(Array(bytes[lines[index].range]), file: "\(file):\(lines[index].number)")
                    .jsonValue
            }
        }
        return try zip(lines, values).map { line, value throws(DiagnosticError) in (line.number, try value.get()) }
    }

    /// The values as JSON Lines: each compact on its line, a newline after each.
    package static func text(_ values: [JSONValue]) -> String {
        let writer = JSONWriter()
        return values.map { writer.string($0) + "\n" }.joined()
    }
}

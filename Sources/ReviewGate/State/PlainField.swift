/// A top-level field of a state that holds one plain value (a string, a version, a time or a count), with
/// its key in a state file. The state's writer and reader (``StateEncoder``, ``StateDecoder``)
/// handle every one of ``ReviewState/plainFields`` alike, so that such a field is its property and
/// its line in that list.
package struct PlainField: Sendable {
    /// The value's kind, and where it is in a state.
    package enum Value: Sendable {
        /// A string, written when set.
        case text(WritableKeyPath<ReviewState, String?> & Sendable)
        /// A reviewgate version (`0.6.0`, `0.6.0-dev`), written when set.
        case version(WritableKeyPath<ReviewState, String?> & Sendable)
        /// A time, written when set.
        case time(WritableKeyPath<ReviewState, Timestamp?> & Sendable)
        /// A count, written when not 0.
        case count(WritableKeyPath<ReviewState, Int> & Sendable)
    }

    /// Its key in a state file.
    package let key: String
    /// Its kind and place.
    package let value: Value

    /// A string field.
    package static func text(_ key: String, _ path: WritableKeyPath<ReviewState, String?> & Sendable) -> Self {
        Self(key: key, value: .text(path))
    }

    /// A reviewgate version field.
    package static func version(_ key: String, _ path: WritableKeyPath<ReviewState, String?> & Sendable) -> Self {
        Self(key: key, value: .version(path))
    }

    /// A time field.
    package static func time(_ key: String, _ path: WritableKeyPath<ReviewState, Timestamp?> & Sendable) -> Self {
        Self(key: key, value: .time(path))
    }

    /// A count field.
    package static func count(_ key: String, _ path: WritableKeyPath<ReviewState, Int> & Sendable) -> Self {
        Self(key: key, value: .count(path))
    }

    /// Its YAML scalar in `state`; `nil` when it is not written (unset, or a count of 0).
    package func yaml(_ state: ReviewState) -> String? {
        switch value {
        case .text(let path), .version(let path): state[keyPath: path].map(YAMLScalarText.scalar)
        case .time(let path): state[keyPath: path]?.description
        case .count(let path): state[keyPath: path] == 0 ? nil : String(state[keyPath: path])
        }
    }

    /// Its JSON value in `state`; `nil` when it is not written.
    package func json(_ state: ReviewState) -> JSONValue? {
        switch value {
        case .text(let path), .version(let path): state[keyPath: path].map { .string($0) }
        case .time(let path): state[keyPath: path].map { .string($0.description) }
        case .count(let path): state[keyPath: path] == 0 ? nil : .int(state[keyPath: path])
        }
    }

    /// Reads its value from `node` into `state`, reporting a wrong one.
    package func read(_ node: DocumentNode, into state: inout ReviewState, _ reader: inout NodeReader) {
        switch value {
        case .text(let path): state[keyPath: path] = reader.string(node, key)
        case .version(let path):
            guard let text = reader.string(node, key) else { return }
            guard AppVersionNumber(release: text) != nil else {
                reader.error(
                    "\(key) must be a reviewgate version such as \"0.6.0\"; found \(node.summary)", at: node.location)
                return
            }
            state[keyPath: path] = text
        case .time(let path): state[keyPath: path] = reader.timestamp(node, key)
        case .count(let path): state[keyPath: path] = reader.int(node, key, minimum: 0) ?? 0
        }
    }
}

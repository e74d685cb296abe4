/// A setting's value and where the policy set it; `location` is `nil` for a default.
package struct Located<Value: Sendable>: Sendable {
    /// The value.
    package var value: Value
    /// Where the policy wrote it (its key), or `nil` when it is the default.
    package var location: SourceLocation?

    /// Creates a located value.
    package init(_ value: Value, at location: SourceLocation?) {
        self.value = value
        self.location = location
    }
}

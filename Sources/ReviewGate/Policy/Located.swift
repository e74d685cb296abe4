/// A setting's value and where the policy set it; `location` is `nil` for a default.
public struct Located<Value: Sendable>: Sendable {
    /// The value.
    public var value: Value
    /// Where the policy wrote it (its key), or `nil` when it is the default.
    public var location: SourceLocation?

    /// Creates a located value.
    public init(_ value: Value, at location: SourceLocation?) {
        self.value = value
        self.location = location
    }
}

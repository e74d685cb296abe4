extension AttributeValue: ExpressibleByStringLiteral {
    /// A string: `"pro"`.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension AttributeValue: ExpressibleByIntegerLiteral {
    /// A number: `3`.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
}

extension AttributeValue: ExpressibleByFloatLiteral {
    /// A number: `0.5`.
    public init(floatLiteral value: Double) { self = .number(value) }
}

extension AttributeValue: ExpressibleByBooleanLiteral {
    /// A boolean: `true`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

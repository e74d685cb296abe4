/// A scalar as written and as resolved.
@_spi(ReviewGateTools) public struct DocumentScalar: Sendable, Hashable {
    /// How the scalar was written.
    @_spi(ReviewGateTools) public enum Style: String, Sendable, Hashable {
        /// Unquoted.
        case plain
        /// In `'single quotes'`.
        case singleQuoted = "single-quoted"
        /// In `"double quotes"`.
        case doubleQuoted = "double-quoted"
        /// A `|` block.
        case literal
        /// A `>` block.
        case folded
    }

    /// The scalar's text after YAML's quoting and folding rules.
    @_spi(ReviewGateTools) public var text: String
    /// How it was written.
    @_spi(ReviewGateTools) public var style: Style
    /// What it resolved to.
    @_spi(ReviewGateTools) public var value: ScalarValue

    /// Creates a scalar.
    @_spi(ReviewGateTools) public init(text: String, style: Style, value: ScalarValue) {
        self.text = text
        self.style = style
        self.value = value
    }
}

/// The typed value of a scalar under the YAML 1.2 core schema.
@_spi(ReviewGateTools) public enum ScalarValue: Sendable, Hashable {
    /// `~`, `null`, `Null`, `NULL` or nothing.
    case null
    /// `true`/`True`/`TRUE` or `false`/`False`/`FALSE`.
    case bool(Bool)
    /// A decimal, `0o` octal or `0x` hexadecimal integer.
    case int(Int)
    /// A decimal float, `.inf` or `.nan` in their spellings.
    case float(Double)
    /// Anything else, and anything quoted or tagged `!!str`.
    case string(String)

    /// The name of the resolved type: `null`, `bool`, `int`, `float`, `string`.
    @_spi(ReviewGateTools) public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "bool"
        case .int: "int"
        case .float: "float"
        case .string: "string"
        }
    }

    /// A short phrase naming the value for messages: `the string "NO"`, `the integer 3`.
    @_spi(ReviewGateTools) public var summary: String {
        switch self {
        case .null: "null"
        case .bool(let value): "the boolean \(value)"
        case .int(let value): "the integer \(value)"
        case .float(let value): "the number \(value)"
        case .string(let value): "the string \"\(Quote.prefix(value))\""
        }
    }
}

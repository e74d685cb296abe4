/// The bounds within which the loader reads a file; anything beyond is refused, not attempted.
///
/// The defaults are Semantics §7's and what the `reviewgate` command uses; a library caller may raise
/// them (a benchmark reading a large file, say).
@_spi(ReviewGateTools) public struct DocumentLimits: Sendable, Hashable {
    /// The largest input accepted, in bytes. Default 1 MiB.
    @_spi(ReviewGateTools) public var maxBytes: Int
    /// The deepest nesting of sequences and mappings accepted, aliases expanded. Default 64.
    @_spi(ReviewGateTools) public var maxDepth: Int
    /// The most nodes that aliases may stand for, counted without expanding them. Default 100,000.
    @_spi(ReviewGateTools) public var maxAliasExpansion: Int
    /// The most bytes of scalar text that aliases may stand for, counted without expanding them:
    /// an alias to a long string is one node but as much work as its text, for every reader of it.
    /// Default 1 MiB, as much as a file may hold.
    @_spi(ReviewGateTools) public var maxAliasText: Int

    /// Creates limits; the defaults are Semantics §7's.
    @_spi(ReviewGateTools) public init(
        maxBytes: Int = 1 << 20, maxDepth: Int = 64, maxAliasExpansion: Int = 100_000, maxAliasText: Int = 1 << 20
    ) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
        self.maxAliasExpansion = maxAliasExpansion
        self.maxAliasText = maxAliasText
    }

    /// Semantics §7's limits.
    @_spi(ReviewGateTools) public static let `default` = DocumentLimits()
}

extension DocumentLimits {
    /// The refusal of an input over ``maxBytes``, the same from every reader: its size when known.
    @_spi(ReviewGateTools) public static func sizeMessage(size: Int?, limit: Int) -> String {
        let mebibytes = limit == 1 << 20 ? " (1 MiB)" : ""
        guard let size else { return "the file is over the limit of \(limit) bytes\(mebibytes)" }
        return "the file is \(size) bytes, over the limit of \(limit) bytes\(mebibytes)"
    }
}

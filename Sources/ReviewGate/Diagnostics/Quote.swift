/// Quotes of what a file holds, in messages: at most a short prefix, so that a message about a
/// 100,000-character value (or an alias to one, repeated) stays a line long.
package enum Quote {
    /// At most `limit` characters of `text`, with `…` when cut.
    package static func prefix(_ text: String, limit: Int = 40) -> String {
        var end = text.unicodeScalars.startIndex
        var count = 0
        while end < text.unicodeScalars.endIndex, count < limit {
            text.unicodeScalars.formIndex(after: &end)
            count += 1
        }
        return end == text.unicodeScalars.endIndex ? text : String(text.unicodeScalars[..<end]) + "…"
    }
}

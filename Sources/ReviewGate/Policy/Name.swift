/// The names of events, triggers, scenes, flags and attributes (Semantics §2 *Values*):
/// `[A-Za-z0-9_][A-Za-z0-9_.-]*`, at most 100 characters, so `2fa_completed` is one.
package enum Name {
    /// The longest name, in characters.
    package static let maximumLength = 100

    /// Whether `text` is a name.
    package static func isValid(_ text: String) -> Bool {
        problem(text) == nil
    }

    /// What is wrong with `text` as a name, or `nil` when it is one.
    package static func problem(_ text: String) -> String? {
        guard !text.isEmpty else { return "it is empty" }
        if text.unicodeScalars.count > maximumLength { return "it is longer than \(maximumLength) characters" }
        guard text.unicodeScalars.first.map(isPunctuation) == false,
            text.unicodeScalars.allSatisfy({ isLetterOrDigit($0) || isPunctuation($0) })
        else { return "use ASCII letters, digits, _ . and -, starting with a letter, digit or _" }
        return nil
    }

    private static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
    }

    private static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "." || scalar == "-"
    }
}

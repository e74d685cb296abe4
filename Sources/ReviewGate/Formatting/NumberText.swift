/// How numbers are written everywhere (messages, JSON, state files): a whole number without a
/// fraction, anything else as Swift's shortest text that reads back exactly.
enum NumberText {
    /// `3` for 3.0, `1.5` for 1.5, `1e+20` for 1e20.
    static func shortest(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}

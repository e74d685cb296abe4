/// How numbers are written everywhere (messages, JSON, state files): a whole number without a
/// fraction, anything else as Swift's shortest text that reads back exactly.
package enum NumberText {
    /// `3` for 3.0, `1.5` for 1.5, `1e+20` for 1e20.
    static func shortest(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}

extension NumberText {
    /// An English ordinal: `1st`, `2nd`, `3rd`, `4th`, `11th`, `12th`, `13th`, `21st`.
    static func ordinal(_ number: Int) -> String {
        let lastTwo = abs(number) % 100
        let suffix =
            (11...13).contains(lastTwo)
            ? "th" : [1: "st", 2: "nd", 3: "rd"][abs(number) % 10, default: "th"]
        return "\(number)\(suffix)"
    }
}

extension NumberText {
    /// Thousands apart: `12,345`.
    package static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return (number < 0 ? "-" : "") + out
    }
}

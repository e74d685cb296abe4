@_spi(ReviewGateTools) import ReviewGate

extension SimulationReport {
    /// The page's opening for a meeting: one plain sentence per compared column, in the policy
    /// language's words (the settings that differ come after the headline figures). A sentence's
    /// only derived numbers are a ratio and a difference, each marked with the two members of the
    /// JSON report it comes from (`data-ratio`, `data-difference`), and a share (`data-share`).
    func htmlSummary(_ columns: [HTMLColumn]) -> HTML {
        var sentences: [HTML] = []
        let byPath = Dictionary(columns.map { ($0.path.text, $0) }, uniquingKeysWith: { first, _ in first })
        func column(_ text: String) -> HTMLColumn? { byPath[text] }
        var pairs: [(HTMLColumn, HTMLColumn)] = []
        if let policy = column("policy"), let baseline = column("baseline") { pairs.append((policy, baseline)) }
        if let arms = self.policy.arms, arms.count > 2 {
            // Each arm after the first against the first (the holdout asks no one).
            for index in 2..<arms.count {
                if let arm = column("policy.arms.\(index)"), let first = column("policy.arms.1") {
                    pairs.append((arm, first))
                }
            }
        }
        for index in variants.indices {
            if let variant = column("variants.\(index)"), let policy = column("policy") {
                pairs.append((variant, policy))
            }
        }
        if pairs.isEmpty, let policy = column("policy") {
            sentences.append(Self.alone(policy))
        }
        for (column, against) in pairs { sentences.append(Self.sentence(column, against: against)) }
        return HTML.element(
            "section", [("class", "short")],
            HTML.element("h2", [], "In short")
                + sentences.map { HTML.element("p", [("class", "sentence")], $0) }.joined())
    }

    /// The settings that differ between the compared policies, after the headline figures.
    var htmlSettings: HTML {
        let differences = settingsDifferences
        return differences == "" ? "" : HTML.element("section", [("class", "settings")], differences)
    }

    /// What the page calls a column in a sentence: the policy's name, `arm early`, `variant ...`.
    private static func name(_ column: HTMLColumn) -> String {
        switch (column.path.keys.first, column.path.keys.count) {
        case ("policy", 1), ("baseline", 1): column.result.name
        case (_, 3) where column.path.keys[1] == "arms": "arm \(column.result.name)"
        default: column.label
        }
    }

    /// `ask-earlier asks 1.14× as many people as apple-sample (people asked), 6 days sooner (first
    /// ask, p50); 43.0% never reach process_completed at_least 4.`
    static func sentence(_ column: HTMLColumn, against other: HTMLColumn) -> HTML {
        let (name, otherName) = (Self.name(column), Self.name(other))
        let (tally, otherTally) = (column.result.tally, other.result.tally)
        // Arms hold different people (their weights split them): compared by the share asked, as
        // the policy and its baseline, or a variant, on the same people are by the people asked.
        let isArm = column.path.keys.count == 3 && column.path.keys[1] == "arms"
        let member = isArm ? "people_asked_percent" : "people_asked"
        let asked = column.path.appending(member).text + " " + other.path.appending(member).text
        var text: HTML
        // The members as the JSON report writes them: counts, or shares to a tenth of a percent.
        let tenth = { (result: PolicyResult) in (result.askedPercent * 10).rounded() / 10 }
        let (value, base) =
            isArm
            ? (tenth(column.result), tenth(other.result)) : (Double(tally.peopleAsked), Double(otherTally.peopleAsked))
        if otherTally.peopleAsked == 0 {
            text = HTML(text: "\(otherName) asks no one; \(name) asks \(people(tally.peopleAsked))")
        } else if base == 0 {
            // A share that rounds to 0.0% is no base for a ratio.
            text = HTML(
                text:
                    "\(otherName) asks under 0.05% of its people; \(name) asks \(percent(column.result.askedPercent)) of its own"
            )
        } else {
            text =
                HTML(text: "\(name) asks ")
                + HTML.element("span", [("data-ratio", asked)], HTML(text: Self.ratio(value / base) + "×"))
                + HTML(
                    text: isArm
                        ? " as large a share of its people as \(otherName) (people asked, %)"
                        : " as many people as \(otherName) (people asked)")
        }
        if let days = tally.firstAskPercentile(0.5), let otherDays = other.result.tally.firstAskPercentile(0.5) {
            let members =
                column.path.appending("days_to_first_ask", "p50").text + " "
                + other.path.appending("days_to_first_ask", "p50").text
            let difference = days - otherDays
            let when =
                difference == 0
                ? HTML.element("span", [("data-difference", members)], "0") + " days sooner or later"
                : HTML.element("span", [("data-difference", members)], HTML(text: String(abs(difference))))
                    + HTML(text: abs(difference) == 1 ? " day" : " days")
                    + HTML(text: difference < 0 ? " sooner" : " later")
            text += ", " + when + " (first ask, p50)"
        }
        return text + neverReached(column) + "."
    }

    /// `apple-sample asks 962 of 2,000 people (48.1%), the first at day 15 (p50); ...`: a policy alone.
    private static func alone(_ column: HTMLColumn) -> HTML {
        let tally = column.result.tally
        var text =
            HTML(text: "\(name(column)) asks ")
            + HTML.figure(column.path.appending("people_asked"), grouped(tally.peopleAsked))
            + HTML(text: " of \(grouped(tally.people)) people (\(percent(column.result.askedPercent)))")
        if let days = tally.firstAskPercentile(0.5) {
            text +=
                ", the first ask at day " + HTML.figure(column.path.appending("days_to_first_ask", "p50"), String(days))
                + " (p50)"
        }
        return text + neverReached(column) + "."
    }

    /// `; 43.0% never reach process_completed at_least 4`: the column's people whose count never
    /// passed its first trigger's rule.
    private static func neverReached(_ column: HTMLColumn) -> HTML {
        let tally = column.result.tally
        guard let trigger = column.result.triggers.first, tally.people > 0, !tally.neverReached.isEmpty else {
            return ""
        }
        let members =
            column.path.appending("never_reached", trigger.id).text + " " + column.path.appending("people").text
        let share = Double(tally.neverReached[0]) * 100 / Double(tally.people)
        // Arms that count by other rules: the share is of each by its own.
        let rule = armsDiffer(on: trigger.id, in: column.result) ? "by their arm's rule" : trigger.rule
        return "; " + HTML.element("span", [("data-share", members)], HTML(text: percent(share)))
            + HTML(text: " never reach \(trigger.id) \(rule)")
    }

    /// `2.1`, `0.87`: a ratio to one decimal from 1 up, to two below.
    static func ratio(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        guard hundredths < 100 else {
            let tenths = Int((value * 10).rounded())
            return "\(tenths / 10).\(tenths % 10)"
        }
        return "0." + (hundredths < 10 ? "0" : "") + String(hundredths)
    }

    /// The settings that differ between the policy and its baseline, and each arm's override.
    private var settingsDifferences: HTML {
        var rows: [HTML] = []
        if let baseline, let left = baseline.settings, let right = policy.settings {
            for difference in PolicySetting.differences(left, right) {
                rows.append(
                    HTML.element(
                        "tr", [],
                        HTML.element("th", [], HTML.element("code", [], HTML(text: difference.path)))
                            + HTML.element("td", [("class", "text")], HTML(text: difference.left ?? "(not set)"))
                            + HTML.element("td", [("class", "text")], HTML(text: difference.right ?? "(not set)"))))
            }
            guard !rows.isEmpty else {
                return HTML.element("p", [("class", "note")], "The two policies' settings are the same.")
            }
            let head = ["setting", "baseline \(baseline.name)", "policy \(policy.name)"].enumerated().map {
                HTML.element("th", [("class", "text")], HTML(text: $0.element))
            }.joined()
            return HTML.element("h3", [], "Settings that differ")
                + HTML.element(
                    "div", [("class", "scroll")],
                    HTML.element(
                        "table", [],
                        HTML.element("thead", [], HTML.element("tr", [], head))
                            + HTML.element("tbody", [], rows.joined())))
        }
        // An experiment's arms: each override, from the policy's settings.
        if let arms = policy.arms, let settings = policy.settings {
            var lines: [HTML] = []
            for arm in arms.dropFirst() {
                let prefix = "experiment.arms.\(arm.name).override."
                let overrides = settings.filter { $0.path.hasPrefix(prefix) }.map {
                    String($0.path.dropFirst(prefix.count)) + " = " + $0.value
                }
                let what = overrides.isEmpty ? "the policy as written" : overrides.joined(separator: ", ")
                lines.append(HTML.element("li", [], HTML(text: "arm \(arm.name): \(what)")))
            }
            return HTML.element("h3", [], "Settings that differ") + HTML.element("ul", [], lines.joined())
        }
        return ""
    }
}

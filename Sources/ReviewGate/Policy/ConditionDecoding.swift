extension NodeReader {
    /// The forms a condition may take: the keys of `/when` in the language catalogue.
    package static var conditionForms: [String] { forms.keys }

    /// The mapping of a condition's forms.
    private static var forms: LanguageCatalogue.Section { .policy("/when") }

    /// A condition (Semantics §2.4). Nesting is bounded by the loader's depth limit.
    mutating func condition(_ node: DocumentNode) -> Condition? {
        guard let entries = node.mapping else {
            error(
                "a condition must be a mapping such as {flag: name} or {all: [...]}; found \(node.summary)",
                at: node.location)
            return nil
        }
        let keys = entries.compactMap { $0.key.string }
        guard let form = keys.first(where: { Self.conditionForms.contains($0) }) else {
            let first = keys.first ?? ""
            let hint =
                Suggestion.closest(to: first, in: Self.conditionForms).map { "; did you mean \"\($0)\"?" }
                ?? " (expected one of \(Suggestion.list(Self.conditionForms)))"
            error(
                "unknown condition \"\(Quote.prefix(first))\"\(hint)", at: entries.first?.key.location ?? node.location)
            return nil
        }
        let location = node.location
        switch form {
        case "all", "any":
            guard let fields = fields(node, "an \(form) condition", Self.forms.only([form])),
                let items = list(fields[form]!, form)
            else { return nil }
            let conditions = items.compactMap { condition($0) }
            guard conditions.count == items.count else { return nil }
            return Condition(test: form == "all" ? .all(conditions) : .any(conditions), location: location)
        case "not":
            guard let fields = fields(node, "a not condition", Self.forms.only(["not"])),
                let inner = condition(fields["not"]!)
            else { return nil }
            return Condition(test: .not(inner), location: location)
        case "event":
            guard
                let fields = fields(
                    node, "an event condition", LanguageCatalogue.Section.policy("/when/event").after(["event"])),
                let name = identifier(fields["event"]!, "event")
            else { return nil }
            let within = fields["within"].flatMap { window($0) }
            let since = fields["since"].flatMap { choice($0, "since", as: CountSince.self) }
            guard let comparison = intComparison(fields, "event \(name)", at: location),
                fields["within"] == nil || within != nil, fields["since"] == nil || since != nil
            else { return nil }
            return Condition(
                test: .event(name, comparison, within: within, sinceLastAsk: since == .lastAsk), location: location)
        case "active_days":
            guard let fields = fields(node, "an active_days condition", Self.forms.only(["active_days"])),
                let inner = self.fields(
                    fields["active_days"]!, "active_days", .policy("/when/active_days"))
            else { return nil }
            require(["within"], in: inner, "active_days")
            let present = ["at_least", "at_most"].filter(inner.has)
            guard present.count == 1 else {
                error("active_days takes exactly one of at_least or at_most", at: fields["active_days"]!.location)
                return nil
            }
            guard let n = int(inner[present[0]]!, present[0], minimum: 0),
                let days = inner["within"].flatMap({ activeDaysWindow($0, "active_days within") })
            else { return nil }
            return Condition(
                test: .activeDays(present[0] == "at_least" ? .atLeast(n) : .atMost(n), withinDays: days),
                location: location)
        case "launches":
            guard let fields = fields(node, "a launches condition", Self.forms.only(["launches"])),
                let inner = self.fields(
                    fields["launches"]!, "launches", .policy("/when/launches"),
                    home: { key in
                        // A window or a count since the last ask is the event form's, which counts launches too.
                        ["since", "within"].contains(key)
                            ? "goes in the event form, which counts launches too: {event: launch, at_least: 3, \(key == "since" ? "since: last_ask" : "within: 7d")}"
                            : nil
                    }),
                let comparison = intComparison(inner, "launches", at: fields["launches"]!.location)
            else { return nil }
            return Condition(test: .launches(comparison), location: location)
        case "install_age", "since_last_ask":
            guard let fields = fields(node, "a \(form) condition", Self.forms.only([form])),
                let inner = self.fields(fields[form]!, form, .policy("/when/\(form)")),
                let comparison = spanComparison(inner, form, at: fields[form]!.location)
            else { return nil }
            return Condition(
                test: form == "install_age" ? .installAge(comparison) : .sinceLastAsk(comparison), location: location)
        case "flag":
            guard let fields = fields(node, "a flag condition", Self.forms.only(["flag"])),
                let name = identifier(fields["flag"]!, "flag")
            else { return nil }
            return Condition(test: .flag(name), location: location)
        case "attribute":
            return attributeCondition(node)
        default:
            guard let fields = fields(node, "an app_version condition", Self.forms.only(["app_version"])),
                let inner = self.fields(fields["app_version"]!, "app_version", .policy("/when/app_version"))
            else { return nil }
            let present = ["at_least", "below"].filter(inner.has)
            guard present.count == 1 else {
                error("app_version takes one of at_least or below", at: fields["app_version"]!.location)
                return nil
            }
            let valueNode = inner[present[0]]!
            guard let text = string(valueNode, "app_version \(present[0])") else { return nil }
            guard let version = AppVersionNumber(text) else {
                error(
                    "app_version \(present[0]) must be a dotted version such as \"2.0\" or \"1.4.2\"; found \"\(Quote.prefix(text))\"",
                    at: valueNode.location)
                return nil
            }
            return Condition(
                test: .appVersion(present[0] == "below" ? .below(version) : .atLeast(version)), location: location)
        }
    }

    private mutating func attributeCondition(_ node: DocumentNode) -> Condition? {
        guard
            let fields = fields(
                node, "an attribute condition", LanguageCatalogue.Section.policy("/when/attribute").after(["attribute"])
            ),
            let name = identifier(fields["attribute"]!, "attribute")
        else { return nil }
        let present = ["equals", "in", "at_least", "at_most"].filter(fields.has)
        guard present.count == 1 else {
            error("attribute \(name) takes exactly one of equals, in, at_least or at_most", at: node.location)
            return nil
        }
        let valueNode = fields[present[0]]!
        let test: AttributeTest
        switch present[0] {
        case "equals":
            guard let value = attributeValue(valueNode, "equals") else { return nil }
            test = .equals(value)
        case "in":
            guard let items = list(valueNode, "in") else { return nil }
            let values = items.compactMap { attributeValue($0, "an in value") }
            guard values.count == items.count else { return nil }
            test = .oneOf(values)
        case "at_least":
            guard let number = number(valueNode, "at_least") else { return nil }
            test = .atLeast(number)
        default:
            guard let number = number(valueNode, "at_most") else { return nil }
            test = .atMost(number)
        }
        return Condition(test: .attribute(name, test), location: node.location)
    }

    /// A scalar attribute value: string, number or boolean.
    mutating func attributeValue(_ node: DocumentNode, _ what: String) -> AttributeValue? {
        switch node.scalar?.value {
        case .string(let text)?: return .string(text)
        case .int(let number)?: return .number(Double(number))
        case .float(let number)? where number.isFinite: return .number(number)
        case .bool(let flag)?: return .bool(flag)
        default:
            error("\(what) must be a string, number or boolean; found \(node.summary)", at: node.location)
            return nil
        }
    }

    private mutating func intComparison(_ fields: Fields, _ what: String, at location: SourceLocation) -> Comparison<
        Int
    >? {
        let present = ["at_least", "at_most", "exactly"].filter(fields.has)
        guard present.count == 1 else {
            error("\(what) takes exactly one of at_least, at_most or exactly", at: location)
            return nil
        }
        guard let n = int(fields[present[0]]!, present[0], minimum: 0) else { return nil }
        return present[0] == "at_least" ? .atLeast(n) : present[0] == "at_most" ? .atMost(n) : .exactly(n)
    }

    private mutating func spanComparison(_ fields: Fields, _ what: String, at location: SourceLocation) -> Comparison<
        TimeSpan
    >? {
        let present = ["at_least", "at_most"].filter(fields.has)
        guard present.count == 1 else {
            error("\(what) takes exactly one of at_least or at_most", at: location)
            return nil
        }
        guard let span = duration(fields[present[0]]!, present[0]) else { return nil }
        return present[0] == "at_least" ? .atLeast(span) : .atMost(span)
    }
}

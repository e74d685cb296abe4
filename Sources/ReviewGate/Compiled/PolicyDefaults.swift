/// The value each setting of a policy takes when the policy leaves it out: its default, `false` for a
/// switch that is off, `null` for a setting with none (Semantics §2's tables), as the canonical form writes
/// them (``CanonicalPolicy``), and as a compiled policy's defaults are checked against. The canonical
/// form writes them for the keys of 0.4.0 alone (``ReleasedDefaults``): a key added later is
/// written only when a policy sets it, whatever its default here.
struct PolicyDefaults {
    /// The decoded policy, whose defaults (the platform's quota, a trigger's event) depend on it.
    let policy: Policy

    /// Every setting of the mapping at `pointer` with the value the policy takes when it is left out.
    func defaults(at pointer: String) -> [(key: String, value: JSONValue)] {
        switch pointer {
        case "":
            // `requires` is written only when the policy sets it (``ReleasedDefaults``), so that a
            // policy without one compiles to the bytes (and digest) it had before the key existed.
            return [
                ("description", .null), ("enabled", .bool(true)), ("requires", section("/requires")),
                ("app", section("/app")), ("guards", section("/guards")), ("responses", section("/responses")),
                ("counting", section("/counting")), ("presentation", section("/presentation")), ("rollout", .null),
                ("lint", section("/lint")),
            ]
        case "/app":
            return [
                ("store_id", .null), ("package", .null), ("version_key", .string(policy.app.versionKey.rawValue)),
                ("platform", .string(policy.app.platform.rawValue)),
            ]
        case "/guards":
            return Guard.Key.allCases.map { key in (key.rawValue, defaultGuard(key)) }
        case "/guards/max_asks": return [("per", .null)]
        case "/responses":
            return [
                ("after_rated", Self.rules(policy.responses.afterRated.value)),
                ("after_declined", Self.rules(policy.responses.afterDeclined.value)),
                ("after_later", Self.rules(policy.responses.afterLater.value)),
            ]
        case "/counting":
            return [
                ("while_blocked", .bool(policy.counting.whileBlocked)),
                ("reset_on_new_version", .bool(policy.counting.resetOnNewVersion)),
            ]
        case "/presentation":
            return [
                ("delay", .string(policy.presentation.delay.description)),
                ("require_same_scene", .bool(policy.presentation.requireSameScene)),
            ]
        case "/rollout": return [("salt", .string(policy.rollout?.salt ?? policy.name))]
        case "/lint": return [("allow", .array([]))]
        case "/requires": return [("app_version", .null), ("library_version", .null)]
        default:
            guard CanonicalPolicy.isTrigger(pointer),
                let trigger = policy.trigger(id: CanonicalPolicy.unescape(pointer.dropFirst("/triggers/".count)))
            else { return [] }
            return [("event", .string(trigger.event)), ("within", .null), ("scenes", .null), ("when", .null)]
        }
    }

    /// The settings of the mapping at `pointer` that the canonical form writes when the policy
    /// leaves them out, with their defaults: those of the keys 0.4.0 knew (Semantics §9 *Compatibility*).
    func written(at pointer: String) -> [(key: String, value: JSONValue)] {
        defaults(at: pointer).filter { ReleasedDefaults.writesUnset($0.key, at: pointer) }
    }

    /// A whole section as the canonical form writes it for a policy that leaves it out.
    private func section(_ pointer: String) -> JSONValue {
        .object(CanonicalPolicy.sorted(written(at: pointer), at: pointer))
    }

    /// A guard the policy does not write: its default, `false` for the switches, or `null` (none).
    private func defaultGuard(_ key: Guard.Key) -> JSONValue {
        // A guard added after 0.4.0 is written only when a policy sets it (``ReleasedDefaults``), so
        // that every policy compiled or signed before it keeps its digest: this is the value its
        // absence reads as. Every other guard's default is none (the catalogue's `null`, which
        // `LanguageCatalogueTests` holds each guard to).
        switch key {
        case .neverOn: return .array(policy.guards.neverOn.map { .string($0.rawValue) })
        case .systemQuota:
            guard case .systemQuota(let limit)? = policy.guards[key]?.value else { return .bool(false) }
            return Self.limit(limit, countKey: "max")
        case .oncePerVersion: return .bool(false)
        default: return .null
        }
    }

    private static func limit(_ limit: AskLimit, countKey: String) -> JSONValue {
        .object([(countKey, .int(limit.count)), ("per", limit.per.map { .string($0.description) } ?? .null)])
    }

    private static func rules(_ rules: WaitList<ResponseRule>) -> JSONValue {
        rules.isList ? .array(rules.entries.map { .string($0.text) }) : .string(rules.first.text)
    }
}

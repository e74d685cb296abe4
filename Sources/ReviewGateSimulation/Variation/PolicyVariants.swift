@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring

/// The variants of a policy that `--vary` options ask for (Semantics §10 *What-if in one pass*): every
/// combination of their values, in odometer order (the first option slowest), each decoded and
/// validated as a policy file is, before any input is read.
package enum PolicyVariants {
    /// The most variants one run replays.
    package static let maximum = 256

    /// One `--vary` with its values read as YAML flow values (`null` removes the setting).
    package struct Varied: Sendable {
        /// The option as given.
        package var option: VaryOption
        /// Each value's node, in the option's order.
        package var values: [DocumentNode]

        /// The option with each of its values read.
        package init(_ option: VaryOption, values: [DocumentNode]) {
            self.option = option
            self.values = values
        }
    }

    /// What the variants are: each ready to replay, and the warnings a variant raises that the
    /// policy as written does not (each saying which `--vary` raised it).
    package struct Made: Sendable {
        /// The variants, in odometer order.
        package var variants: [SimulatedPolicy]
        /// New warnings, `with --vary PATH=V: ...`.
        package var warnings: [Diagnostic]
    }

    /// Every combination of `varied`'s values applied to `loaded` (read from `path`), digested by
    /// `digest` when given. Each combination must be a valid policy (a value need not be valid
    /// alone: `rollout.salt` beside `rollout.percent`). Each value is also tried alone, so that an
    /// error or a warning names the one `PATH=V` that raises it alone, else the combination's
    /// settings. Throws every error found, each once, `with --vary PATH=V: ...` at the policy's line.
    package static func make(
        _ loaded: PolicyLoader.Result, path: String, varying varied: [Varied], digest: PolicyLoader.Digest? = nil
    ) throws(DiagnosticError) -> Made {
        var seenPaths: Set<[String]> = []
        for item in varied where !seenPaths.insert(item.option.path).inserted {
            throw DiagnosticError(
                "--vary \(item.option.pathText) is given twice: give its values in one --vary", at: nil)
        }
        // Stops growing past the maximum, so that no product overflows.
        let count = varied.reduce(1) { product, item in min(product * item.values.count, maximum + 1) }
        guard !varied.isEmpty, varied.allSatisfy({ !$0.values.isEmpty }) else {
            return Made(variants: [], warnings: [])
        }
        if count > maximum {
            let sizes = varied.map { String($0.values.count) }.joined(separator: " × ")
            throw DiagnosticError(
                "--vary makes \(sizes) variants, more than \(maximum): vary fewer settings or fewer values at once",
                at: nil)
        }
        // Each value alone, to say which PATH=V an error or a warning of a combination belongs to.
        var alone: [[Outcome]] = []
        for item in varied {
            var outcomes: [Outcome] = []
            for value in item.values {
                do {
                    outcomes.append(.decoded(try decode([(item.option.path, value)], on: loaded.document)))
                } catch {
                    outcomes.append(.refused(error.diagnostics))
                }
            }
            alone.append(outcomes)
        }
        let baseWarnings = Set(loaded.warnings.map(Key.init))
        var errors: [Diagnostic] = []
        var warnings: [Diagnostic] = []
        var told: Set<String> = []
        // Each diagnostic once, however many combinations raise it.
        func tell(_ diagnostic: Diagnostic, _ setting: String, into list: inout [Diagnostic]) {
            let said = prefixed(diagnostic, setting)
            if told.insert("\(said.severity) \(said.location.map(String.init(describing:)) ?? "") \(said.message)")
                .inserted
            {
                list.append(said)
            }
        }
        var variants: [SimulatedPolicy] = []
        for number in 0..<count {
            let (indices, variant) = combination(number, of: varied)
            // Who said it: the one PATH=V that says it alone, else the whole combination.
            func owner(of diagnostic: Diagnostic) -> String {
                for position in varied.indices {
                    let said = alone[position][indices[position]].diagnostics
                    if said.contains(where: { Key($0) == Key(diagnostic) }) {
                        return varied[position].option.setting(indices[position])
                    }
                }
                return variant.name
            }
            do {
                var result = try decode(
                    varied.indices.map { (varied[$0].option.path, varied[$0].values[indices[$0]]) }, on: loaded.document
                )
                for warning in result.warnings where !baseWarnings.contains(Key(warning)) {
                    tell(warning, owner(of: warning), into: &warnings)
                }
                if let digest { result.policy.digest = digest(CompiledPolicy(result).digestedBytes) }
                var simulated = SimulatedPolicy(result, path: path)
                simulated.variant = variant
                variants.append(simulated)
            } catch {
                for diagnostic in error.diagnostics { tell(diagnostic, owner(of: diagnostic), into: &errors) }
                if errors.count >= 50 { break }
            }
        }
        guard errors.isEmpty else { throw DiagnosticError(Array(errors.prefix(50))) }
        return Made(variants: variants, warnings: warnings)
    }

    /// The `number`th combination of `varied`'s values in odometer order (the last option turns
    /// fastest): each option's value index, and the variant they name.
    static func combination(_ number: Int, of varied: [Varied]) -> (indices: [Int], variant: Variant) {
        var indices = Array(repeating: 0, count: varied.count)
        var rest = number
        for position in varied.indices.reversed() {
            indices[position] = rest % varied[position].values.count
            rest /= varied[position].values.count
        }
        let variant = Variant(
            settings: varied.indices.map {
                Variant.Setting(path: varied[$0].option.pathText, value: varied[$0].option.values[indices[$0]])
            })
        return (indices, variant)
    }

    /// What one value alone makes of the policy: its decoded policy, or its refusal.
    private enum Outcome {
        case decoded(PolicyLoader.Result)
        case refused([Diagnostic])

        /// The warnings or the errors.
        var diagnostics: [Diagnostic] {
            switch self {
            case .decoded(let result): result.warnings
            case .refused(let diagnostics): diagnostics
            }
        }
    }

    /// The policy `document` with each edit applied in turn, decoded and validated.
    private static func decode(_ edits: [([String], DocumentNode)], on document: DocumentNode)
        throws(DiagnosticError) -> PolicyLoader.Result
    {
        var edited = document
        for (path, value) in edits { edited = try PolicyEdit.apply(value, at: path, to: edited) }
        return try PolicyLoader.decode(edited)
    }

    /// `diagnostic` said of a variant: `with --vary PATH=V: ...`.
    private static func prefixed(_ diagnostic: Diagnostic, _ setting: String) -> Diagnostic {
        var diagnostic = diagnostic
        diagnostic.message = "with --vary \(setting): \(diagnostic.message)"
        return diagnostic
    }

    /// A warning's message and place, to tell the variant's own from the policy's.
    private struct Key: Hashable {
        var message: String
        var location: SourceLocation?
        init(_ diagnostic: Diagnostic) {
            message = diagnostic.message
            location = diagnostic.location
        }
    }
}

@_spi(ReviewGateTools) import ReviewGate

/// The variants of a policy that `--vary` options ask for (SPEC §10 *What-if in one pass*): every
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
    /// `digest` when given. Each value is first tried alone, so that an error names the one
    /// `PATH=V` that causes it; then each combination. Throws every error found, each
    /// `with --vary PATH=V: ...` at the policy's line.
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
        let baseWarnings = Set(loaded.warnings.map(Key.init))
        var errors: [Diagnostic] = []
        var warnings: [Diagnostic] = []
        // Each value alone first: an error belongs to one PATH=V however many combinations hold it.
        for item in varied {
            for (index, value) in item.values.enumerated() {
                let setting = item.option.setting(index)
                do {
                    let result = try decode(
                        [(item.option.path, value)], on: loaded.document)
                    for warning in result.warnings where !baseWarnings.contains(Key(warning)) {
                        warnings.append(prefixed(warning, setting))
                    }
                } catch {
                    errors += error.diagnostics.map { prefixed($0, setting) }
                }
            }
        }
        guard errors.isEmpty else {
            throw DiagnosticError(Array(errors.prefix(50)), alsoFound: max(0, errors.count - 50))
        }
        var variants: [SimulatedPolicy] = []
        for number in 0..<count {
            // Odometer order: the last option turns fastest.
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
            do {
                var result = try decode(
                    varied.indices.map { (varied[$0].option.path, varied[$0].values[indices[$0]]) }, on: loaded.document
                )
                if let digest { result.policy.digest = digest(CompiledPolicy(result).canonicalBytes) }
                var simulated = SimulatedPolicy(result, path: path)
                simulated.variant = variant
                variants.append(simulated)
            } catch {
                errors += error.diagnostics.map { prefixed($0, variant.name) }
                if errors.count >= 50 { break }
            }
        }
        guard errors.isEmpty else { throw DiagnosticError(Array(errors.prefix(50))) }
        return Made(variants: variants, warnings: warnings)
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

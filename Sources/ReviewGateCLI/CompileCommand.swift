import ArgumentParser
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateFiles
@_spi(ReviewGateTools) import ReviewGateRemote

/// `reviewgate compile POLICY [-o FILE]`: the compiled policy an app carries (Semantics §9).
struct CompileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compile", _superCommandName: "reviewgate",
        abstract:
            "Compile a policy (or a budget with its policies) to the JSON an app carries: extends resolved, defaults written out, YAML lines kept.",
        discussion: """
            Validates the policy as validate does (the same errors and warnings on stderr, as \
            FILE:LINE:COLUMN: error|warning: message), resolves extends, and writes one JSON document: \
            reviewgate_compiled (the format), digest (sha256 of the canonical policy: it names this exact \
            policy in logs and decision events), policy (every setting, defaults written out, null where \
            a setting is off) and locations (the YAML file:line:column of every setting, so that an \
            explanation in the app cites the YAML). The same YAML always compiles to the same bytes.
            The library reads the result with CompiledPolicy.load, and every reviewgate command that takes \
            a policy takes it too. A budget file (reviewgate_budget, Semantics §12) compiles with the compiled \
            policy of each of its prompts into one document (reviewgate_compiled_budget), which \
            CompiledBudget.load reads and --budget takes.
            With --sign KEY (a private key from reviewgate keygen, or - to read it from stdin), writes a \
            signed policy instead, for remote updates (a signed budget, for a budget): check it with \
            reviewgate verify before publishing.
            Exit codes: 0 compiled, 1 errors in the policy (or warnings with --strict; nothing is written), \
            2 a file that cannot be read or written.

            Examples:
              reviewgate compile policies/apple-sample.yaml -o apple-sample.json
              reviewgate compile policies/app.yaml | jq .digest
              printenv REVIEWGATE_SIGNING_KEY | reviewgate compile --sign - policies/app.yaml -o app.signed.json
              reviewgate compile --sign review-2026.key policies/calm-app.budget.yaml -o calm-app.signed.json
            """
    )

    @Argument(help: ArgumentHelp("The policy to compile (YAML, or a compiled policy to check).", valueName: "policy"))
    var policy: String

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("Write the compiled policy here (atomically); else to stdout.", valueName: "file"))
    var output: String?

    @Option(
        help: ArgumentHelp(
            "Write the YAML files' names relative to this folder (the build plugin passes the package's), so that no machine's paths are in the app.",
            valueName: "folder"))
    var relativeTo: String?

    @Flag(help: "Treat warnings as failures (exit 1, nothing written).")
    var strict = false

    @Option(
        help: ArgumentHelp(
            "Sign with this private key (a NAME.key file from reviewgate keygen, or - for stdin) and write a signed policy for remote updates.",
            valueName: "key"))
    var sign: String?

    func run() throws {
        let signingKey = try sign.map { path in
            try InputFile.orExit { () throws -> UpdateSigningKey in
                let bytes =
                    path == "-"
                    ? try FileBytes.readStandardInput(maxBytes: 64 * 1024)
                    : try FileBytes.read(path, maxBytes: 64 * 1024)
                do throws(DiagnosticError) {
                    return try UpdateSigningKey(String(decoding: bytes, as: UTF8.self))
                } catch {
                    throw DiagnosticError(
                        "\(path == "-" ? "<stdin>" : path): \(error.diagnostics.first?.advised.message ?? "")", at: nil)
                }
            }
        }
        let loaded = try loaded { () throws(DiagnosticError) in
            try PolicyOrBudget.load(path: policy, with: InputFile.loader)
        }
        let kind: SignedUpdate.Kind =
            switch loaded {
            case .policy: .policy
            case .budget: .budget
            }
        try emit(kind, name: loaded.name, digest: loaded.digest, signingKey: signingKey) { () throws(DiagnosticError) in
            try loaded.checkedText(
                filesRelativeTo: relativeTo, file: output ?? "<stdout>", digest: CompiledDigest.sha256)
        }
    }

    /// Writes the compiled text `compiled` makes (checked to read back), signed as `kind` when a
    /// key is given, and says what it holds; exit 1 when it does not read back.
    private func emit(
        _ kind: SignedUpdate.Kind, name: String, digest: String, signingKey: UpdateSigningKey?,
        _ compiled: () throws(DiagnosticError) -> String
    ) throws {
        var text: String
        do throws(DiagnosticError) {
            text = try compiled()
        } catch {
            InputFile.report(error)
            Terminal.printError("reviewgate: \(policy): its compiled form does not read back; nothing compiled")
            throw ExitCode(1)
        }
        if let signingKey { text = try signed(text, kind: kind, name: name, digest: digest, key: signingKey) }
        let signed = signingKey.map { ", signed with key \($0.publicKey.id)" } ?? ""
        try write(text, saying: "\(kind == .budget ? "budget " : "")\(name), \(digest)\(signed)")
    }

    /// `compiled` signed with `key` now, as `kind` (Semantics §9), checked by the acceptance path an app
    /// applies: nothing is published that an app would refuse (a file too large, say).
    private func signed(
        _ compiled: String, kind: SignedUpdate.Kind, name: String, digest: String, key: UpdateSigningKey
    ) throws -> String {
        let text = try SignedUpdate(
            compiled: Array(compiled.utf8), name: name, digest: digest,
            signedAt: Timestamp(nanosecondsSince1970: SystemCalls.wallClock() / 1_000_000_000 * 1_000_000_000),
            key: key, kind: kind
        ).text
        let check = UpdateAcceptance(keys: [key.publicKey], appVersion: nil)
        let file = output ?? "<stdout>"
        let outcome =
            switch kind {
            case .policy: check.check(Array(text.utf8), file: file).map { _ in () }
            case .budget: check.checkBudget(Array(text.utf8), file: file).map { _ in () }
            }
        if case .failure(let refusal) = outcome {
            InputFile.report(refusal.diagnostics)
            Terminal.printError(
                "reviewgate: \(policy): an app would refuse the signed \(kind) (\(refusal.reason.rawValue)); nothing written"
            )
            throw ExitCode(1)
        }
        return text
    }

    /// What `load` loads, its warnings reported; its errors reported and exit 1 (2 for a file that
    /// cannot be read), and under `--strict` a warning too.
    private func loaded(_ load: () throws(DiagnosticError) -> PolicyOrBudget) throws -> PolicyOrBudget {
        let result: PolicyOrBudget
        do {
            result = try load()
        } catch {
            InputFile.report(error)
            Terminal.printError("reviewgate: \(policy): \(error.summary); nothing compiled")
            throw ExitCode(error.isUnreadable ? 2 : 1)
        }
        let found = result.warnings
        InputFile.report(found)
        if strict && !found.isEmpty {
            Terminal.printError(
                "reviewgate: \(policy): \(found.count) warning\(found.count == 1 ? "" : "s") under --strict; nothing compiled"
            )
            throw ExitCode(1)
        }
        return result
    }

    /// Writes `text` to `--output` atomically, and says what it holds; or prints it to stdout.
    private func write(_ text: String, saying what: String) throws {
        guard let output else {
            Terminal.print(String(text.dropLast()))
            return
        }
        do {
            try AtomicFile.write(text, to: output)
        } catch {
            InputFile.report(DiagnosticError(reading: error))
            throw ExitCode(2)
        }
        Terminal.print("\(policy) → \(output) (\(what))")
    }
}

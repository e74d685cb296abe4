import ArgumentParser
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateFiles
@_spi(ReviewGateTools) import ReviewGateRemote

/// `reviewgate verify --key PUBLIC FILE`: the app's acceptance path, before an update is published.
struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify", _superCommandName: "reviewgate",
        abstract:
            "Check a signed policy (or budget) as an app would before it takes it: would it be accepted, and if not, why.",
        discussion: """
            Runs the exact checks of the library's RemotePolicy: a signed policy (reviewgate compile \
            --sign), a key the app trusts, a signature that verifies, a format and language this \
            reviewgate reads, requires.library_version met, a valid policy whose digest matches, and, \
            with --app-version, requires.app_version met. Prints what an app would run, or each reason \
            to refuse as FILE:LINE:COLUMN: error: message and the refusal's id (bad_signature, \
            app_too_old, ...).
            A signed budget (reviewgate compile BUDGET --sign KEY) is checked as RemoteBudget checks it: \
            the budget and each of its policies; its JSON names it under budget in place of policy.
            Exit codes: 0 would be accepted, 1 would be refused, 2 a file that cannot be read.

            Examples:
              reviewgate verify --key review-2026.pub app.signed.json
              reviewgate verify --key review-2026.pub --app-version 3.1 app.signed.json
              reviewgate verify --key review-2026.pub calm-app.signed.json
            """
    )

    @Argument(help: ArgumentHelp("The signed policy or budget, as it will be published.", valueName: "file"))
    var file: String

    @Option(
        help: ArgumentHelp(
            "A public key the app trusts: a NAME.pub file, or the ed25519:... text (repeat for several).",
            valueName: "public-key"))
    var key: [String] = []

    @Option(
        help: ArgumentHelp(
            "The app's version, to check requires.app_version: V (compared under the policy's version_key) or short=...,build=....",
            valueName: "version"))
    var appVersion: String?

    @Option(
        help:
            "text, or json (one object: file, accepted, reason, policy (budget for a budget), digest, key_id, diagnostics)."
    )
    var format: VerifyFormat = .text

    enum VerifyFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    func validate() throws {
        if key.isEmpty { throw ValidationError("give the public key the app trusts: --key NAME.pub") }
        if let appVersion { _ = try Self.version(appVersion) }
    }

    func run() throws {
        let keys = try key.map { text in
            try InputFile.orExit { () throws -> UpdatePublicKey in
                let keyText =
                    text.hasPrefix("ed25519:")
                    ? text : String(decoding: try FileBytes.read(text, maxBytes: 64 * 1024), as: UTF8.self)
                do throws(DiagnosticError) {
                    return try UpdatePublicKey(keyText)
                } catch {
                    throw DiagnosticError("\(text): \(error.diagnostics.first?.advised.message ?? "")", at: nil)
                }
            }
        }
        let version = try appVersion.map(Self.version)
        let bytes = try InputFile.orExit { () throws(FileError) in
            // Past the size limit, so that the library's own refusal says what an app would.
            try FileBytes.read(file, maxBytes: 4 * DocumentLimits().maxBytes)
        }
        let outcome = Self.verdict(bytes, file: file, acceptance: UpdateAcceptance(keys: keys, appVersion: version))
        switch format {
        case .json:
            Terminal.print(JSONWriter().string(Self.json(outcome, file: file)))
        case .text:
            switch outcome {
            case .policy(let accepted):
                let policy = accepted.policy
                Terminal.print(
                    "\(file): would be accepted: \(policy.name) \(policy.digest ?? ""), signed with key \(accepted.signed.keyID)"
                )
                if version == nil, let needed = policy.requires.appVersion?.value {
                    Terminal.print(
                        "note: requires.app_version \(needed) not checked; give --app-version to check an app")
                }
            case .budget(let accepted):
                let budget = accepted.budget
                Terminal.print(
                    "\(file): would be accepted: budget \(budget.name) \(budget.digest ?? ""), signed with key \(accepted.signed.keyID)"
                )
                let needed = budget.policies.compactMap { policy in
                    policy.requires.appVersion.map { "\($0.value) (\(policy.name))" }
                }
                if version == nil, !needed.isEmpty {
                    Terminal.print(
                        "note: requires.app_version \(needed.joined(separator: ", ")) not checked; give --app-version to check an app"
                    )
                }
            case .refused(let refusal):
                InputFile.report(refusal.diagnostics)
                Terminal.printError("reviewgate: \(file): would be refused (\(refusal.reason.rawValue))")
            }
        }
        if case .refused = outcome { throw ExitCode(1) }
    }

    /// What an app would do with the file: take it as a policy, or as a budget, or refuse it.
    enum Verdict {
        case policy(UpdateAcceptance.Accepted)
        case budget(UpdateAcceptance.AcceptedBudget)
        case refused(UpdateRefusal)
    }

    /// The file checked as a policy and, when it is a budget (`wrong_kind`), as a budget: the
    /// verdict of the one app (`RemotePolicy` or `RemoteBudget`) it is for.
    static func verdict(_ bytes: [UInt8], file: String, acceptance: UpdateAcceptance) -> Verdict {
        switch acceptance.check(bytes, file: file) {
        case .success(let accepted): return .policy(accepted)
        case .failure(let refusal) where refusal.reason == .wrongKind:
            switch acceptance.checkBudget(bytes, file: file) {
            case .success(let accepted): return .budget(accepted)
            case .failure(let refusal): return .refused(refusal)
            }
        case .failure(let refusal): return .refused(refusal)
        }
    }

    /// `3.2` (for whichever version the policy counts) or `short=3.2,build=41`.
    static func version(_ text: String) throws -> AppVersion {
        guard text.contains("=") else { return AppVersion(short: text, build: text) }
        return try AppVersionOption.parse(text, option: "--app-version")
    }

    /// The verdict as one JSON object; a budget's names it under `budget` where a policy's has `policy`.
    static func json(_ outcome: Verdict, file: String) -> JSONValue {
        switch outcome {
        case .policy(let accepted):
            return .object([
                ("file", .string(file)), ("accepted", .bool(true)), ("reason", .null),
                ("policy", .string(accepted.policy.name)), ("digest", .string(accepted.policy.digest ?? "")),
                ("key_id", .string(accepted.signed.keyID)), ("diagnostics", .array([])),
            ])
        case .budget(let accepted):
            return .object([
                ("file", .string(file)), ("accepted", .bool(true)), ("reason", .null),
                ("budget", .string(accepted.budget.name)), ("digest", .string(accepted.budget.digest ?? "")),
                ("key_id", .string(accepted.signed.keyID)), ("diagnostics", .array([])),
            ])
        case .refused(let refusal):
            return .object([
                ("file", .string(file)), ("accepted", .bool(false)), ("reason", .string(refusal.reason.rawValue)),
                ("policy", .null), ("digest", .null), ("key_id", .null),
                ("diagnostics", .array(refusal.diagnostics.map { .string($0.advised.description) })),
            ])
        }
    }
}

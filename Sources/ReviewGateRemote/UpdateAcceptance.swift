@_spi(ReviewGateTools) import ReviewGate

/// The one path a policy or budget update takes before an app uses it (Semantics §9, §12), shared by
/// ``RemotePolicy/offer(_:file:)``, ``RemoteBudget/offer(_:file:)`` and `reviewgate verify`: the bytes
/// must be a signed policy (or budget), signed by a trusted key, whose signature verifies as that
/// kind; then the compiled policy inside (the compiled budget and each of its policies) must be of a
/// form and language this library reads, need no newer library, decode and validate with its digest
/// matching, match the envelope's name and digest, and need no newer app. A file of the other kind
/// is refused as `wrong_kind`.
public struct UpdateAcceptance: Sendable {
    /// The keys the app trusts (more than one while a new key replaces an old one).
    public var keys: [UpdatePublicKey]
    /// The app's version; `nil` leaves `requires.app_version` unchecked (`verify` without
    /// `--app-version`).
    public var appVersion: AppVersion?
    /// The library version `requires.library_version` is compared with.
    package var library: AppVersionNumber

    /// An acceptance path for an app at `appVersion` that trusts `keys`.
    public init(keys: [UpdatePublicKey], appVersion: AppVersion?) {
        self.init(keys: keys, appVersion: appVersion, library: LibraryVersion.current)
    }

    /// An acceptance path for a library at `library` (the tests' newer and older libraries).
    package init(keys: [UpdatePublicKey], appVersion: AppVersion?, library: AppVersionNumber) {
        self.keys = keys
        self.appVersion = appVersion
        self.library = library
    }

    /// A policy that passed every check.
    public struct Accepted: Sendable {
        /// The policy, its warnings and its document, as loaded.
        @_spi(ReviewGateTools) public var result: PolicyLoader.Result
        /// The envelope it came in.
        public var signed: SignedUpdate
        /// The policy.
        public var policy: Policy { result.policy }
    }

    /// A budget that passed every check.
    public struct AcceptedBudget: Sendable {
        /// The budget with its policies, its warnings and its document, as loaded.
        @_spi(ReviewGateTools) public var result: BudgetLoader.Result
        /// The envelope it came in.
        public var signed: SignedUpdate
        /// The budget, its prompts' policies loaded.
        public var budget: Budget { result.budget }
    }

    /// Runs every check on `bytes`, a signed policy; `file` names them in diagnostics.
    public func check(_ bytes: [UInt8], file: String) -> Result<Accepted, UpdateRefusal> {
        Result { () throws(UpdateRefusal) in try accept(bytes, file: file) }
    }

    /// Runs every check on `bytes`, a signed budget (Semantics §12): those of a policy, on the budget and
    /// on each of its policies.
    public func checkBudget(_ bytes: [UInt8], file: String) -> Result<AcceptedBudget, UpdateRefusal> {
        Result { () throws(UpdateRefusal) in try acceptBudget(bytes, file: file) }
    }

    /// When `bytes` were signed, if they are a file of `kind` signed by a trusted key whose signature
    /// verifies, whatever its contents: the floor a kept update sets for the next ones even when
    /// this app can no longer run it (Semantics §9: an update signed before the one kept is refused).
    func signingTime(of bytes: [UInt8], file: String, as kind: SignedUpdate.Kind) -> Timestamp? {
        try? verified(bytes, file: file, as: kind).signed.signedAt
    }

    private func accept(_ bytes: [UInt8], file: String) throws(UpdateRefusal) -> Accepted {
        let (signed, root, compiledRoot) = try verified(bytes, file: file, as: .policy)
        if let (newer, refusal) = CompiledPolicy.newer(compiledRoot, library: library) {
            throw UpdateRefusal(Self.reason(newer), diagnostics: [refusal])
        }
        let result: PolicyLoader.Result
        do {
            result = try CompiledPolicy.decode(compiledRoot, digest: CompiledDigest.sha256)
        } catch {
            throw UpdateRefusal(.invalid, diagnostics: error.diagnostics)
        }
        try Self.match(signed, root, name: result.policy.name, digest: result.policy.digest, kind: .policy)
        if let appVersion, let unmet = result.policy.requires.unmetByApp(appVersion, key: result.policy.app.versionKey)
        {
            throw UpdateRefusal(
                .appTooOld,
                diagnostics: [.error("the policy \(unmet)", at: result.policy.requires.appVersion?.location)])
        }
        return Accepted(result: result, signed: signed)
    }

    private func acceptBudget(_ bytes: [UInt8], file: String) throws(UpdateRefusal) -> AcceptedBudget {
        let (signed, root, compiledRoot) = try verified(bytes, file: file, as: .budget)
        if let (newer, refusal) = CompiledBudget.newer(compiledRoot, library: library) {
            throw UpdateRefusal(Self.reason(newer), diagnostics: [refusal])
        }
        let result: BudgetLoader.Result
        do {
            result = try CompiledBudget.decode(compiledRoot, digest: CompiledDigest.sha256)
        } catch {
            throw UpdateRefusal(.invalid, diagnostics: error.diagnostics)
        }
        try Self.match(signed, root, name: result.budget.name, digest: result.budget.digest, kind: .budget)
        // Every policy of the budget must run on this app: one that cannot would leave its prompt
        // without the policy the team meant.
        if let appVersion {
            for prompt in result.budget.prompts {
                guard let policy = prompt.policy,
                    let unmet = policy.requires.unmetByApp(appVersion, key: policy.app.versionKey)
                else { continue }
                throw UpdateRefusal(
                    .appTooOld,
                    diagnostics: [
                        .error(
                            "the policy of prompt \(prompt.name) (\(policy.name)) \(unmet)",
                            at: policy.requires.appVersion?.location)
                    ])
            }
        }
        return AcceptedBudget(result: result, signed: signed)
    }

    /// The envelope of a file of `kind`, signed by a trusted key, whose signature verifies, and the
    /// compiled document it holds (read only once the signature verified).
    private func verified(_ bytes: [UInt8], file: String, as kind: SignedUpdate.Kind) throws(UpdateRefusal) -> (
        signed: SignedUpdate, root: DocumentNode, compiled: DocumentNode
    ) {
        let root: DocumentNode
        do {
            root = try JSONReader().loadDocument(bytes, file: file)
        } catch {
            throw UpdateRefusal(.unreadable, diagnostics: error.diagnostics)
        }
        guard SignedUpdate.isSigned(root) else {
            let compiledKind: SignedUpdate.Kind? =
                CompiledBudget.isCompiled(root) ? .budget : CompiledPolicy.isCompiled(root) ? .policy : nil
            if let compiledKind, compiledKind != kind {
                throw UpdateRefusal(
                    .wrongKind, "this is a compiled \(compiledKind), and a signed \(kind) is expected here", at: root)
            }
            if compiledKind != nil {
                throw UpdateRefusal(.unsigned, "this compiled \(kind) is not signed: sign it", at: root, advice: .sign)
            }
            throw UpdateRefusal(
                .unreadable,
                "this is not a signed \(kind) (\(SignedUpdate.formatKey)): write one", at: root, advice: .sign)
        }
        var signed = try SignedUpdate.decode(root)
        // Ids are short: every trusted key with the id is tried.
        let candidates = keys.filter { $0.id == signed.keyID }
        guard let key = candidates.first else {
            let trusted = keys.map(\.id).joined(separator: ", ")
            throw UpdateRefusal(
                .unknownKey,
                "signed with key \(Quote.prefix(signed.keyID)), which this app does not trust (it trusts \(trusted.isEmpty ? "no key" : trusted))",
                at: root["key_id"])
        }
        let verifies = { (kind: SignedUpdate.Kind) in
            candidates.contains { $0.verifies(signed.signature, of: signed.signedMessage(as: kind)) }
        }
        guard verifies(kind) else {
            // Signed by a trusted key as the other kind: a file published for the other place.
            let other: SignedUpdate.Kind = kind == .policy ? .budget : .policy
            if verifies(other) {
                throw UpdateRefusal(
                    .wrongKind,
                    "this is a signed \(other) (\(Quote.prefix(signed.name))), and a signed \(kind) is expected here: an app takes a policy update with RemotePolicy and a budget update with RemoteBudget",
                    at: root)
            }
            throw UpdateRefusal(
                .badSignature,
                "the signature does not verify with key \(key.id): the file was changed after it was signed, or signed with another key of the same id",
                at: root["signature"])
        }
        signed.kind = kind
        // From here on the bytes are the team's own.
        let compiled: DocumentNode
        do {
            compiled = try JSONReader().loadDocument(signed.compiled, file: "\(file) (compiled)")
        } catch {
            throw UpdateRefusal(.unreadable, diagnostics: error.diagnostics)
        }
        // Signed as this kind, yet holding the other: only a misuse of `SignedUpdate` makes one.
        let holds: SignedUpdate.Kind? =
            CompiledBudget.isCompiled(compiled) ? .budget : CompiledPolicy.isCompiled(compiled) ? .policy : nil
        if let holds, holds != kind {
            throw UpdateRefusal(
                .wrongKind, "this is signed as a \(kind) but holds a compiled \(holds), and a \(kind) is expected here",
                at: root["compiled"])
        }
        return (signed, root, compiled)
    }

    /// The refusal for what is newer than this library.
    private static func reason(_ newer: CompiledPolicy.Newer) -> UpdateRefusal.Reason {
        switch newer {
        case .format: .newerFormat
        case .language: .newerLanguage
        case .library: .libraryTooOld
        }
    }

    /// Refuses an envelope whose `name` or `digest` is not that of what it holds.
    private static func match(
        _ signed: SignedUpdate, _ root: DocumentNode, name: String, digest: String?, kind: SignedUpdate.Kind
    ) throws(UpdateRefusal) {
        guard signed.name != name || signed.digest != digest else { return }
        throw UpdateRefusal(
            .mismatch,
            "the signed \(kind) says it holds \(Quote.prefix(signed.name)) \(Quote.prefix(signed.digest)), but it holds \(name) \(digest ?? "")",
            at: signed.name == name ? root["digest"] : root["name"])
    }
}

@_spi(ReviewGateTools) import ReviewGate

/// The one path a policy update takes before an app uses it (SPEC §9), shared by
/// ``RemotePolicy/offer(_:file:)`` and `reviewgate verify`: the bytes must be a signed policy, signed by
/// a trusted key, whose signature verifies; then the compiled policy inside must be of a form and
/// language this library reads, need no newer library, decode and validate with its digest
/// matching, match the envelope's name and digest, and need no newer app.
public struct UpdateAcceptance: Sendable {
    /// The keys the app trusts (more than one while a new key replaces an old one).
    public var keys: [PolicyPublicKey]
    /// The app's version; `nil` leaves `requires.app_version` unchecked (`verify` without
    /// `--app-version`).
    public var appVersion: AppVersion?
    /// The library version `requires.library_version` is compared with.
    package var library: AppVersionNumber

    /// An acceptance path for an app at `appVersion` that trusts `keys`.
    public init(keys: [PolicyPublicKey], appVersion: AppVersion?) {
        self.init(keys: keys, appVersion: appVersion, library: LibraryVersion.current)
    }

    /// An acceptance path for a library at `library` (the tests' newer and older libraries).
    package init(keys: [PolicyPublicKey], appVersion: AppVersion?, library: AppVersionNumber) {
        self.keys = keys
        self.appVersion = appVersion
        self.library = library
    }

    /// A policy that passed every check.
    public struct Accepted: Sendable {
        /// The policy, its warnings and its document, as loaded.
        @_spi(ReviewGateTools) public var result: PolicyLoader.Result
        /// The envelope it came in.
        public var signed: SignedPolicy
        /// The policy.
        public var policy: Policy { result.policy }
    }

    /// Runs every check on `bytes`; `file` names them in diagnostics.
    public func check(_ bytes: [UInt8], file: String) -> Result<Accepted, UpdateRefusal> {
        do throws(UpdateRefusal) {
            return .success(try accept(bytes, file: file))
        } catch {
            return .failure(error)
        }
    }

    private func accept(_ bytes: [UInt8], file: String) throws(UpdateRefusal) -> Accepted {
        let root: DocumentNode
        do {
            root = try JSONReader().loadDocument(bytes, file: file)
        } catch {
            throw UpdateRefusal(.unreadable, diagnostics: error.diagnostics)
        }
        guard SignedPolicy.isSigned(root) else {
            if CompiledPolicy.isCompiled(root) {
                throw UpdateRefusal(
                    .unsigned, "this compiled policy is not signed: sign it", at: root, advice: .sign)
            }
            throw UpdateRefusal(
                .unreadable,
                "this is not a signed policy (\(SignedPolicy.formatKey)): write one", at: root, advice: .sign)
        }
        let signed = try SignedPolicy.decode(root)
        // Ids are short: every trusted key with the id is tried.
        let candidates = keys.filter { $0.id == signed.keyID }
        guard let key = candidates.first else {
            let trusted = keys.map(\.id).joined(separator: ", ")
            throw UpdateRefusal(
                .unknownKey,
                "signed with key \(Quote.prefix(signed.keyID)), which this app does not trust (it trusts \(trusted.isEmpty ? "no key" : trusted))",
                at: root["key_id"])
        }
        guard candidates.contains(where: { $0.verifies(signed.signature, of: signed.signedMessage) }) else {
            throw UpdateRefusal(
                .badSignature,
                "the signature does not verify with key \(key.id): the file was changed after it was signed, or signed with another key of the same id",
                at: root["signature"])
        }
        // From here on the bytes are the team's own.
        let compiledFile = "\(file) (compiled)"
        let compiledRoot: DocumentNode
        do {
            compiledRoot = try JSONReader().loadDocument(signed.compiled, file: compiledFile)
        } catch {
            throw UpdateRefusal(.unreadable, diagnostics: error.diagnostics)
        }
        if let (newer, refusal) = CompiledPolicy.newer(compiledRoot, library: library) {
            let reason: UpdateRefusal.Reason =
                switch newer {
                case .format: .newerFormat
                case .language: .newerLanguage
                case .library: .libraryTooOld
                }
            throw UpdateRefusal(reason, diagnostics: [refusal])
        }
        let result: PolicyLoader.Result
        do {
            result = try CompiledPolicy.decode(compiledRoot, digest: PolicyDigest.sha256)
        } catch {
            throw UpdateRefusal(.invalid, diagnostics: error.diagnostics)
        }
        guard signed.name == result.policy.name, signed.digest == result.policy.digest else {
            throw UpdateRefusal(
                .mismatch,
                "the signed policy says it holds \(Quote.prefix(signed.name)) \(Quote.prefix(signed.digest)), but it holds \(result.policy.name) \(result.policy.digest ?? "")",
                at: signed.name == result.policy.name ? root["digest"] : root["name"])
        }
        if let appVersion, let unmet = result.policy.requires.unmetByApp(appVersion, key: result.policy.app.versionKey)
        {
            throw UpdateRefusal(
                .appTooOld,
                diagnostics: [.error("the policy \(unmet)", at: result.policy.requires.appVersion?.location)])
        }
        return Accepted(result: result, signed: signed)
    }
}

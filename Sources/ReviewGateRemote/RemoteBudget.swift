@_spi(ReviewGateTools) import ReviewGate

/// The budget an app arbitrates its prompts with, kept up to date by signed remote updates (Semantics
/// §12), as ``RemotePolicy`` keeps a policy. Hold one for the life of the process.
///
/// It starts from the last good update kept on disk, when that still passes every check (see
/// ``UpdateAcceptance/checkBudget(_:file:)``: the budget and each of its policies), or else from the
/// compiled budget the app shipped with. ``offer(_:file:)`` takes the bytes of a signed budget the
/// app fetched (`reviewgate compile BUDGET --sign KEY`); one that passes, and was not signed before
/// the one kept, is kept atomically and arbitrates from the next moment on. Anything else, a signed
/// policy included, is refused with a value that says why, and the app goes on with the budget it
/// had. Any thread may read ``budget`` while another offers an update.
///
/// ```swift
/// let remote = try RemoteBudget(
///     shipped: budgetBytes, keys: [try UpdatePublicKey(teamKey)], appVersion: version, keptAt: keptPath)
/// if case .refused(let refusal) = remote.offer(downloaded, file: url) { log("update refused: \(refusal)") }
/// ```
public final class RemoteBudget: Sendable {
    /// Where the running budget came from.
    public typealias Origin = RemotePolicy.Origin

    /// What ``offer(_:file:)`` did: `.accepted(budget)`, `.unchanged(budget)` or `.refused(UpdateRefusal)`.
    public typealias Outcome = UpdateOutcome<Budget>

    private let updates: UpdateKeeper<Budget>

    /// Why the kept update was not used at start (a newer library wrote it, an app downgraded below
    /// a policy's `requires.app_version`, a file damaged or unreadable on disk); `nil` when it was
    /// used or there was none.
    public let keptRefusal: UpdateRefusal?

    /// Starts from the update kept at `keptAt`, if it still passes every check, or else from
    /// `shipped`, the compiled budget the app carries (`reviewgate compile` or the build plugin).
    /// Throws only when `shipped` does not load, which the build plugin rules out.
    public init(
        shipped: [UInt8], shippedName: String = "shipped budget", keys: [UpdatePublicKey], appVersion: AppVersion,
        keptAt: String
    ) throws(DiagnosticError) {
        let acceptance = UpdateAcceptance(keys: keys, appVersion: appVersion)
        updates = try UpdateKeeper(
            kind: .budget, keptAt: keptAt,
            check: { bytes, file in
                acceptance.checkBudget(bytes, file: file).map { .init(value: $0.budget, signedAt: $0.signed.signedAt) }
            },
            signingTime: { acceptance.signingTime(of: $0, file: $1, as: .budget) },
            shipped: { () throws(DiagnosticError) in
                try CompiledBudget.load(shipped, file: shippedName, digest: CompiledDigest.sha256)
            })
        keptRefusal = updates.keptRefusal
    }

    /// The budget to arbitrate with now.
    public var budget: Budget { updates.value }

    /// Where ``budget`` came from.
    public var origin: Origin { updates.origin }

    /// Checks the bytes of a fetched signed budget, keeps them and arbitrates with them from now on,
    /// or refuses them and changes nothing. A budget signed before the one kept is refused (`older`);
    /// a signed policy is refused (`wrong_kind`). `file` names the bytes in diagnostics (the URL, say).
    @discardableResult
    public func offer(_ bytes: [UInt8], file: String = "budget update") -> Outcome {
        updates.offer(bytes, file: file)
    }
}

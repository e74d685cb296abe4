@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateFiles

/// The policy an app decides with, kept up to date by signed remote updates (Semantics §9). Hold one for
/// the life of the process.
///
/// It starts from the last good update kept on disk, when that still passes every check (see
/// ``UpdateAcceptance``), or else from the compiled policy the app shipped with. ``offer(_:file:)``
/// takes the bytes the app fetched, on its own schedule and with its own networking; an update that
/// passes, and was not signed before the one kept, is kept atomically (a crash leaves the old file
/// or the new one) and decides from the next decision on. Anything else is refused with a value that
/// says why, and the app goes on with the policy it had. Any thread may read ``policy`` while
/// another offers an update.
public final class RemotePolicy: Sendable {
    /// Where the running policy came from.
    public enum Origin: Sendable, Equatable {
        /// The compiled policy (or budget) the app shipped with.
        case shipped
        /// An update kept on disk by an earlier run.
        case kept
        /// An update accepted by ``offer(_:file:)`` in this run.
        case updated
    }

    /// What ``offer(_:file:)`` did: `.accepted(policy)`, `.unchanged(policy)` or `.refused(UpdateRefusal)`.
    public typealias Outcome = UpdateOutcome<Policy>

    private let updates: UpdateKeeper<Policy>

    /// Why the kept update was not used at start (a newer library wrote it and this one cannot read
    /// it, an app downgraded below its `requires.app_version`, a file damaged or unreadable on disk);
    /// `nil` when it was used or there was none.
    public let keptRefusal: UpdateRefusal?

    /// Starts from the update kept at `keptAt`, if it still passes every check, or else from
    /// `shipped`, the compiled policy the app carries (`reviewgate compile` or the build plugin).
    /// Throws only when `shipped` does not load, which the build plugin rules out.
    public init(
        shipped: [UInt8], shippedName: String = "shipped policy", keys: [UpdatePublicKey], appVersion: AppVersion,
        keptAt: String
    ) throws(DiagnosticError) {
        let acceptance = UpdateAcceptance(keys: keys, appVersion: appVersion)
        updates = try UpdateKeeper(
            kind: .policy, keptAt: keptAt,
            check: { bytes, file in
                acceptance.check(bytes, file: file).map { .init(value: $0.policy, signedAt: $0.signed.signedAt) }
            },
            signingTime: { acceptance.signingTime(of: $0, file: $1, as: .policy) },
            shipped: { () throws(DiagnosticError) in
                try CompiledPolicy.load(shipped, file: shippedName, digest: CompiledDigest.sha256)
            })
        keptRefusal = updates.keptRefusal
    }

    /// The policy to decide with now.
    public var policy: Policy { updates.value }

    /// Where ``policy`` came from.
    public var origin: Origin { updates.origin }

    /// Checks the bytes of a fetched update (see ``UpdateAcceptance``), keeps them and decides with
    /// them from now on, or refuses them and changes nothing. An update signed before the one kept
    /// is refused (`older`), so that an old file served again cannot undo a change. `file` names the
    /// bytes in diagnostics (the URL, say).
    @discardableResult
    public func offer(_ bytes: [UInt8], file: String = "policy update") -> Outcome {
        updates.offer(bytes, file: file)
    }
}

import Dispatch
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateFiles

/// The policy an app decides with, kept up to date by signed remote updates (SPEC §9). Hold one for
/// the life of the process.
///
/// It starts from the last good update kept on disk, when that still passes every check (see
/// ``UpdateAcceptance``), or else from the compiled policy the app shipped with. ``offer(_:file:)``
/// takes the bytes the app fetched, on its own schedule and with its own networking; an update that
/// passes, and was not signed before the one kept, is kept atomically (a crash leaves the old file
/// or the new one) and decides from the next decision on. Anything else is refused with a value that
/// says why, and the app goes on with the policy it had. Any thread may read ``policy`` while
/// another offers an update.
public final class RemotePolicy: @unchecked Sendable {
    /// Where the running policy came from.
    public enum Origin: Sendable, Equatable {
        /// The compiled policy the app shipped with.
        case shipped
        /// An update kept on disk by an earlier run.
        case kept
        /// An update accepted by ``offer(_:file:)`` in this run.
        case updated
    }

    /// What ``offer(_:file:)`` did.
    public enum Outcome: Sendable {
        /// The update passed, was kept, and decides from now on.
        case accepted(Policy)
        /// The update is the very file already kept: nothing changed.
        case unchanged(Policy)
        /// The update was refused; the policy that was running still is.
        case refused(UpdateRefusal)
    }

    /// The running policy, and the update it came in (none for the shipped one).
    private struct Running {
        var policy: Policy
        var origin: Origin
        var bytes: [UInt8]?
        var signedAt: Timestamp?
    }

    private let acceptance: UpdateAcceptance
    private let keptPath: String
    /// Guards ``running``; held only to read or swap it. (Serial queues, not `NSLock`, which would
    /// bring all of Foundation, and not `Mutex`, which needs iOS 18.)
    private let lock = DispatchQueue(label: "ReviewGate.RemotePolicy.running")
    /// Lets one update at a time be checked and kept.
    private let updating = DispatchQueue(label: "ReviewGate.RemotePolicy.updating")
    private var running: Running

    /// Why the kept update was not used at start (a newer library wrote it and this one cannot read
    /// it, an app downgraded below its `requires.app_version`, a file damaged or unreadable on disk);
    /// `nil` when it was used or there was none.
    public let keptRefusal: UpdateRefusal?

    /// Starts from the update kept at `keptAt`, if it still passes every check, or else from
    /// `shipped`, the compiled policy the app carries (`reviewgate compile` or the build plugin).
    /// Throws only when `shipped` does not load, which the build plugin rules out.
    public init(
        shipped: [UInt8], shippedName: String = "shipped policy", keys: [PolicyPublicKey], appVersion: AppVersion,
        keptAt: String
    ) throws(DiagnosticError) {
        acceptance = UpdateAcceptance(keys: keys, appVersion: appVersion)
        keptPath = keptAt
        AtomicFile.removeLeftovers(of: keptAt)
        var refusal: UpdateRefusal?
        do {
            // Read past the size limit, so that the acceptance path gives its own refusal.
            let bytes = try FileBytes.read(keptAt, maxBytes: 4 * DocumentLimits().maxBytes)
            switch acceptance.check(bytes, file: keptAt) {
            case .success(let accepted):
                running = Running(
                    policy: accepted.policy, origin: .kept, bytes: bytes, signedAt: accepted.signed.signedAt)
                keptRefusal = nil
                return
            case .failure(let error):
                refusal = error
            }
        } catch  where error.reason == .notFound {
            refusal = nil
        } catch {
            refusal = UpdateRefusal(.unreadable, diagnostics: DiagnosticError(reading: error).diagnostics)
        }
        keptRefusal = refusal
        let policy = try CompiledPolicy.load(shipped, file: shippedName, digest: PolicyDigest.sha256)
        running = Running(policy: policy, origin: .shipped, bytes: nil, signedAt: nil)
    }

    /// The policy to decide with now.
    public var policy: Policy {
        lock.sync { running.policy }
    }

    /// Where ``policy`` came from.
    public var origin: Origin {
        lock.sync { running.origin }
    }

    /// Checks the bytes of a fetched update (see ``UpdateAcceptance``), keeps them and decides with
    /// them from now on, or refuses them and changes nothing. An update signed before the one kept
    /// is refused (`older`), so that an old file served again cannot undo a change. `file` names the
    /// bytes in diagnostics (the URL, say).
    @discardableResult
    public func offer(_ bytes: [UInt8], file: String = "policy update") -> Outcome {
        updating.sync {
            let current = lock.sync { running }
            if current.bytes == bytes { return .unchanged(current.policy) }
            let accepted: UpdateAcceptance.Accepted
            switch acceptance.check(bytes, file: file) {
            case .success(let value): accepted = value
            case .failure(let refusal): return .refused(refusal)
            }
            if let keptAt = current.signedAt, accepted.signed.signedAt < keptAt {
                return .refused(
                    UpdateRefusal(
                        .older,
                        diagnostics: [
                            .error(
                                "signed at \(accepted.signed.signedAt), before the policy this app keeps (signed at \(keptAt)): an old file served again? To roll back, sign the old policy again",
                                at: nil)
                        ]))
            }
            do {
                try keep(bytes)
            } catch {
                return .refused(
                    UpdateRefusal(.notKept, diagnostics: [.error("the update could not be kept: \(error)", at: nil)]))
            }
            lock.sync {
                running = Running(
                    policy: accepted.policy, origin: .updated, bytes: bytes, signedAt: accepted.signed.signedAt)
            }
            return .accepted(accepted.policy)
        }
    }

    /// Writes the update's bytes over the kept one, atomically, creating its folder if need be.
    private func keep(_ bytes: [UInt8]) throws {
        try AtomicFile.createFolder(of: keptPath)
        // The acceptance path read these bytes as UTF-8 JSON, so they are text.
        try AtomicFile.write(String(decoding: bytes, as: UTF8.self), to: keptPath)
    }
}

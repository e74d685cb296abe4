import Foundation
import ReviewGate
import ReviewGateFiles

/// The policy an app decides with, kept up to date by signed remote updates (SPEC §9). Hold one for
/// the life of the process.
///
/// It starts from the last good update kept on disk, when that still passes every check (see
/// ``UpdateAcceptance``), or else from the compiled policy the app shipped with. ``offer(_:)`` takes
/// the bytes the app fetched, on its own schedule and with its own networking; an update that passes
/// is kept atomically (a crash leaves the old file or the new one) and decides from the next
/// decision on. Anything else is refused with a value that says why, and the app goes on with the
/// policy it had. Any thread may read ``policy`` while another offers an update.
///
/// ```swift
/// let remote = try RemotePolicy(
///     shipped: shippedBytes, keys: [try PolicyPublicKey("ed25519:...")],
///     appVersion: AppVersion(short: "3.2", build: "41"), keptAt: folder + "/review-policy.json")
/// let decision = Evaluator(policy: remote.policy).decide(moment, state: state)
/// if case .refused(let refusal) = remote.offer(downloaded) { log(refusal) }
/// ```
public final class RemotePolicy: @unchecked Sendable {
    /// Where the running policy came from.
    public enum Origin: Sendable, Equatable {
        /// The compiled policy the app shipped with.
        case shipped
        /// An update kept on disk by an earlier run.
        case kept
        /// An update accepted by ``offer(_:)`` in this run.
        case updated
    }

    /// What ``offer(_:)`` did.
    public enum Outcome: Sendable {
        /// The update passed, was kept, and decides from now on.
        case accepted(Policy)
        /// The update is the policy already running (same digest): nothing changed.
        case unchanged(Policy)
        /// The update was refused; the policy that was running still is.
        case refused(UpdateRefusal)
    }

    private let acceptance: UpdateAcceptance
    private let keptPath: String
    /// Guards ``running`` and ``runningOrigin``; held only to read or swap them.
    private let lock = NSLock()
    /// Lets one update at a time be checked and kept.
    private let updating = NSLock()
    private var running: Policy
    private var runningOrigin: Origin

    /// Why the kept update was not used at start (a newer library wrote it and this one cannot read
    /// it, an app downgraded below its `requires.app_version`, a file damaged on disk); `nil` when
    /// it was used or there was none.
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
        var refusal: UpdateRefusal?
        if let bytes = try? FileBytes.read(keptAt, maxBytes: DocumentLimits().maxBytes) {
            switch acceptance.check(bytes, file: keptAt) {
            case .success(let accepted):
                running = accepted.policy
                runningOrigin = .kept
                keptRefusal = nil
                return
            case .failure(let error):
                refusal = error
            }
        }
        keptRefusal = refusal
        running = try CompiledPolicy.load(shipped, file: shippedName, digest: PolicyDigest.sha256).policy
        runningOrigin = .shipped
    }

    /// The policy to decide with now.
    public var policy: Policy {
        lock.withLock { running }
    }

    /// Where ``policy`` came from.
    public var origin: Origin {
        lock.withLock { runningOrigin }
    }

    /// Checks the bytes of a fetched update (see ``UpdateAcceptance``), keeps them and decides with
    /// them from now on, or refuses them and changes nothing. `file` names them in diagnostics
    /// (the URL, say).
    @discardableResult
    public func offer(_ bytes: [UInt8], file: String = "policy update") -> Outcome {
        updating.withLock {
            let accepted: UpdateAcceptance.Accepted
            switch acceptance.check(bytes, file: file) {
            case .success(let value): accepted = value
            case .failure(let refusal): return .refused(refusal)
            }
            if accepted.policy.digest == policy.digest, origin != .shipped {
                return .unchanged(policy)
            }
            do {
                try keep(bytes)
            } catch {
                return .refused(
                    UpdateRefusal(
                        .notKept, diagnostics: [.error("the update could not be kept: \(error)", at: nil)]))
            }
            lock.withLock {
                running = accepted.policy
                runningOrigin = .updated
            }
            return .accepted(accepted.policy)
        }
    }

    /// Writes the update's bytes over the kept one, atomically, creating its folder if need be.
    private func keep(_ bytes: [UInt8]) throws {
        let folder = PathArithmetic.directory(of: keptPath)
        if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder) {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        // The acceptance path read these bytes as UTF-8 JSON, so they are text.
        try AtomicFile.write(String(decoding: bytes, as: UTF8.self), to: keptPath)
    }
}

import Dispatch
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateFiles

/// What ``RemotePolicy`` and ``RemoteBudget`` share (Semantics §9, §12): the value an app decides with
/// and where it came from, the update kept on disk, and the path an offered update takes to replace
/// it. Any thread may read ``value`` while another offers an update.
final class UpdateKeeper<Value: Sendable>: @unchecked Sendable {
    /// An update that passed the acceptance path: what it holds, and when it was signed.
    struct Checked {
        var value: Value
        var signedAt: Timestamp
    }

    /// The running value, and the update it came in (none for the shipped one), and when that was
    /// signed: the floor below which an offered update is refused (for the shipped one, the kept
    /// update's that could not run, if any).
    private struct Running {
        var value: Value
        var origin: RemotePolicy.Origin
        var bytes: [UInt8]?
        var signedAt: Timestamp?
    }

    private let check: @Sendable (_ bytes: [UInt8], _ file: String) -> Result<Checked, UpdateRefusal>
    private let kind: SignedUpdate.Kind
    private let keptPath: String
    /// Guards ``running``; held only to read or swap it. (Serial queues, not `NSLock`, which would
    /// bring all of Foundation, and not `Mutex`, which needs iOS 18.)
    private let lock: DispatchQueue
    /// Lets one update at a time be checked and kept.
    private let updating: DispatchQueue
    private var running: Running

    /// Why the kept update was not used at start; `nil` when it was used or there was none.
    let keptRefusal: UpdateRefusal?

    /// Starts from the update kept at `keptAt`, if `check` still passes it, or else from `shipped`.
    /// A kept update refused at start (the app downgraded below it, say) whose signature still
    /// verifies (`signingTime`) still refuses an update signed before it: an old file served again
    /// is not taken because this app cannot run the newer one.
    init(
        kind: SignedUpdate.Kind, keptAt: String,
        check: @escaping @Sendable (_ bytes: [UInt8], _ file: String) -> Result<Checked, UpdateRefusal>,
        signingTime: (_ bytes: [UInt8], _ file: String) -> Timestamp?,
        shipped: () throws(DiagnosticError) -> Value
    ) throws(DiagnosticError) {
        self.kind = kind
        self.check = check
        keptPath = keptAt
        lock = DispatchQueue(label: "ReviewGate.Remote.\(kind).running")
        updating = DispatchQueue(label: "ReviewGate.Remote.\(kind).updating")
        AtomicFile.removeLeftovers(of: keptAt)
        var refusal: UpdateRefusal?
        var floor: Timestamp?
        do {
            // Read past the size limit, so that the acceptance path gives its own refusal.
            let bytes = try FileBytes.read(keptAt, maxBytes: 4 * DocumentLimits().maxBytes)
            switch check(bytes, keptAt) {
            case .success(let accepted):
                running = Running(value: accepted.value, origin: .kept, bytes: bytes, signedAt: accepted.signedAt)
                keptRefusal = nil
                return
            case .failure(let error):
                refusal = error
                floor = signingTime(bytes, keptAt)
            }
        } catch  where error.reason == .notFound {
            refusal = nil
        } catch {
            refusal = UpdateRefusal(.unreadable, diagnostics: DiagnosticError(reading: error).diagnostics)
        }
        keptRefusal = refusal
        running = Running(value: try shipped(), origin: .shipped, bytes: nil, signedAt: floor)
    }

    /// The value to decide with now.
    var value: Value {
        lock.sync { running.value }
    }

    /// Where ``value`` came from.
    var origin: RemotePolicy.Origin {
        lock.sync { running.origin }
    }

    /// Checks an update, keeps it and decides with it from now on, or refuses it and changes nothing.
    func offer(_ bytes: [UInt8], file: String) -> UpdateOutcome<Value> {
        updating.sync {
            let current = lock.sync { running }
            if current.bytes == bytes { return .unchanged(current.value) }
            let accepted: Checked
            switch check(bytes, file) {
            case .success(let value): accepted = value
            case .failure(let refusal): return .refused(refusal)
            }
            if let keptAt = current.signedAt, accepted.signedAt < keptAt {
                return .refused(
                    UpdateRefusal(
                        .older,
                        diagnostics: [
                            .error(
                                "signed at \(accepted.signedAt), before the \(kind) this app keeps (signed at \(keptAt)): an old file served again? To roll back, sign the old \(kind) again",
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
                running = Running(value: accepted.value, origin: .updated, bytes: bytes, signedAt: accepted.signedAt)
            }
            return .accepted(accepted.value)
        }
    }

    /// Writes the update's bytes over the kept one, atomically, creating its folder if need be.
    private func keep(_ bytes: [UInt8]) throws {
        try AtomicFile.createFolder(of: keptPath)
        // The acceptance path read these bytes as UTF-8 JSON, so they are text.
        try AtomicFile.write(String(decoding: bytes, as: UTF8.self), to: keptPath)
    }
}

import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateFiles
@_spi(ReviewGateTools) import ReviewGateRemote
import ReviewGateRemoteTestSupport
import ReviewGateTestSupport
import Testing

/// The budget an app holds (Semantics §12), as ``RemotePolicyTests`` check the policy: an update that
/// passes arbitrates from the next moment on and is kept; a refused one changes nothing; a kept one
/// that no longer passes gives way to the shipped one.
@Suite struct RemoteBudgetTests {
    static let files = Result { try BudgetUpdateFiles() }
    static let state = "reviewgate_state: 1\ninstalled_at: 2026-01-01T00:00:00Z\napp: {short: \"1.0\"}\n"

    static func remote(
        _ files: BudgetUpdateFiles, keptAt path: String, appVersion: AppVersion = UpdateFiles.appVersion
    ) throws -> RemoteBudget {
        try RemoteBudget(shipped: files.shipped, keys: [files.key.publicKey], appVersion: appVersion, keptAt: path)
    }

    /// Whether the first `done` grants the review: the shipped budget's policy (3 needed) blocks it,
    /// the good update's (1 needed) allows it. Read through the source a prompter takes.
    static func grantsReview(_ source: any BudgetSource) throws -> Bool {
        try grantsReview(source.budget)
    }

    /// Whether the first `done` grants the review under `budget`.
    static func grantsReview(_ budget: Budget) throws -> Bool {
        let moment = Moment(time: .utc(Fixtures.time("2026-02-01T00:00:00Z")), event: "done")
        return try Arbiter.arbitrate(budget, state: Fixtures.state(state), moment: moment).granted == "review"
    }

    static func keptPath() throws -> String {
        try Repository.temporaryFolder().appending(path: "Application Support/budget.json").path
    }

    static func digest(_ bytes: [UInt8], _ files: BudgetUpdateFiles) throws -> String? {
        try UpdateAcceptance(keys: [files.key.publicKey], appVersion: nil).checkBudget(bytes, file: "u").get()
            .budget.digest
    }

    @Test func aGoodUpdateArbitratesNextAndIsKept() throws {
        let files = try Self.files.get()
        let path = try Self.keptPath()
        let remote = try Self.remote(files, keptAt: path)
        #expect(remote.origin == .shipped)
        #expect(remote.keptRefusal == nil)
        #expect(try !Self.grantsReview(remote))

        guard case .accepted(let budget) = remote.offer(files.good) else {
            Issue.record("the good update was not accepted")
            return
        }
        #expect(budget.digest == remote.budget.digest)
        #expect(budget.digest == (try Self.digest(files.good, files)))
        #expect(remote.origin == .updated)
        #expect(try Self.grantsReview(remote))
        #expect(try FileBytes.read(path, maxBytes: 1 << 20) == files.good)
        guard case .unchanged = remote.offer(files.good) else {
            Issue.record("the same update again was not unchanged")
            return
        }

        // The next launch starts from the kept update.
        let next = try Self.remote(files, keptAt: path)
        #expect(next.origin == .kept)
        #expect(next.keptRefusal == nil)
        #expect(next.budget.digest == budget.digest)
        #expect(try Self.grantsReview(next))
    }

    @Test func aRefusedUpdateChangesNothing() throws {
        let files = try Self.files.get()
        let path = try Self.keptPath()
        let remote = try Self.remote(files, keptAt: path)
        _ = remote.offer(files.good)
        let digest = remote.budget.digest
        var refused = 0
        for (name, bytes, expected) in files.cases where expected != nil {
            guard case .refused(let refusal) = remote.offer(bytes, file: name) else {
                Issue.record("\(name) was not refused")
                continue
            }
            refused += 1
            #expect(refusal.reason == expected, "\(name)")
            #expect(remote.budget.digest == digest, "\(name) changed the running budget")
            #expect(try Self.grantsReview(remote), "\(name)")
            #expect(try FileBytes.read(path, maxBytes: 1 << 20) == files.good, "\(name) changed the kept file")
        }
        #expect(refused == files.cases.count - 3)
    }

    /// A budget kept by an app at 2.0 whose policy needs 2.0 runs at the next start; after a
    /// downgrade to 1.0 it is refused and the shipped budget runs, saying why.
    @Test func aKeptBudgetIsUsedAtStartAndRefusedAfterADowngrade() throws {
        let files = try Self.files.get()
        let path = try Self.keptPath()
        let needs2 = try #require(files.cases.first { $0.name == "newer-app.json" }).bytes
        let newer = AppVersion(short: "2.0", build: "7")
        guard case .accepted = try Self.remote(files, keptAt: path, appVersion: newer).offer(needs2) else {
            throw Failure("the update was refused at 2.0")
        }
        let again = try Self.remote(files, keptAt: path, appVersion: newer)
        #expect(again.origin == .kept)
        #expect(try Self.grantsReview(again))

        let downgraded = try Self.remote(files, keptAt: path)
        #expect(downgraded.origin == .shipped)
        #expect(downgraded.keptRefusal?.reason == .appTooOld)
        #expect(downgraded.budget.digest == (try CompiledBudget.load(files.shipped, file: "s").digest))
        #expect(try !Self.grantsReview(downgraded))
        // The kept file it cannot run still sets the floor: an update signed before it is an old
        // file served again, refused as such (Semantics §9), not taken because the newer one cannot run.
        let earlier = try BudgetUpdateFiles.signed(
            BudgetUpdateFiles.yaml(count: 2), key: files.key, signedAt: Fixtures.time("2026-10-01T00:00:00Z"))
        guard case .refused(let refusal) = downgraded.offer(earlier) else { throw Failure("the older file was taken") }
        #expect(refusal.reason == .older)
        // One signed after it is taken.
        let later = try BudgetUpdateFiles.signed(
            BudgetUpdateFiles.yaml(count: 2), key: files.key, signedAt: Fixtures.time("2027-01-01T00:00:00Z"))
        guard case .accepted = downgraded.offer(later) else { throw Failure("the later file was refused") }
    }

    /// A kept file of the other kind (a signed policy where the budget is kept) is not used.
    @Test func aKeptSignedPolicyIsNotUsedAsABudget() throws {
        let files = try Self.files.get()
        let path = try Self.keptPath()
        try FileManager.default.createDirectory(
            at: URL(filePath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(files.policies.good).write(to: URL(filePath: path))
        let remote = try Self.remote(files, keptAt: path)
        #expect(remote.origin == .shipped)
        #expect(remote.keptRefusal?.reason == .wrongKind)
    }

    @Test func aBudgetSignedBeforeTheKeptOneIsRefused() throws {
        let files = try Self.files.get()
        let remote = try Self.remote(files, keptAt: try Self.keptPath())
        let earlier = try BudgetUpdateFiles.signed(
            BudgetUpdateFiles.yaml(count: 2), key: files.key, signedAt: Fixtures.time("2026-10-01T00:00:00Z"))
        guard case .accepted = remote.offer(earlier) else { throw Failure("the first update was refused") }
        guard case .accepted = remote.offer(files.good) else { throw Failure("the later update was refused") }
        guard case .refused(let refusal) = remote.offer(earlier) else { throw Failure("the older file was taken") }
        #expect(refusal.reason == .older)
        #expect(
            refusal.diagnostics[0].message.hasPrefix("signed at 2026-10-01T00:00:00Z, before the budget this app keeps")
        )
    }

    @Test func aShippedBudgetThatDoesNotLoadIsAnError() throws {
        let files = try Self.files.get()
        #expect(throws: DiagnosticError.self) {
            try RemoteBudget(
                shipped: files.policies.shipped, keys: [files.key.publicKey], appVersion: UpdateFiles.appVersion,
                keptAt: try Self.keptPath())
        }
    }

    /// Threads arbitrate while updates are accepted: each reads one whole budget.
    @Test func budgetsAreReadWholeDuringUpdates() throws {
        let files = try Self.files.get()
        let remote = try Self.remote(files, keptAt: try Self.keptPath())
        let goodDigest = try Self.digest(files.good, files)
        let known: Set<String?> = [goodDigest, try Self.digest(files.other, files), remote.budget.digest]
        let stop = Flag()
        let wrong = Flag()
        let finished = DispatchSemaphore(value: 0)
        for _ in 0..<2 {
            Thread {
                defer { finished.signal() }
                while !stop.value {
                    let budget = remote.budget
                    // The review's policy is the budget's own: needs 1 in the good one only.
                    let good = budget.digest == goodDigest
                    let grants = (try? Self.grantsReview(budget)) ?? !good
                    if !known.contains(budget.digest) || grants != good { wrong.set() }
                }
            }.start()
        }
        for turn in 0..<300 {
            if case .refused(let refusal) = remote.offer(turn % 2 == 0 ? files.good : files.other) {
                Issue.record("refused: \(refusal)")
            }
        }
        stop.set()
        for _ in 0..<2 { finished.wait() }
        #expect(!wrong.value)
        #expect(remote.origin == .updated)
    }
}

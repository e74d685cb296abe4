import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateRemote
import ReviewGateRemoteTestSupport
import ReviewGateTestSupport
import Testing

/// Decisions made on other threads while updates are accepted. Four threads spin for as long as
/// the updates take (at least 200, each checked and kept): about 2 s alone, and about half a minute
/// in a whole `swift test` on two cores, beside the other suites. `swift test --skip SlowTests`
/// leaves it out (CONTRIBUTING.md, "Running part of the tests").
@Suite struct RemotePolicyConcurrencySlowTests {
    /// Four threads decide while updates are accepted: each decision is made with one whole policy,
    /// the one it read.
    @Test func decisionsGoOnDuringUpdates() throws {
        let files = try RemotePolicyTests.files.get()
        let remote = try RemotePolicyTests.remote(files, keptAt: try RemotePolicyTests.keptPath())
        let state = try Fixtures.state(RemotePolicyTests.state)
        let goodDigest = try UpdateAcceptance(keys: [files.key.publicKey], appVersion: nil)
            .check(files.good, file: "g").get().policy.digest
        let otherDigest = try UpdateAcceptance(keys: [files.key.publicKey], appVersion: nil)
            .check(files.other, file: "o").get().policy.digest
        let updates: Set<String?> = [goodDigest, otherDigest]
        let digests: Set<String?> = [
            goodDigest,
            try UpdateAcceptance(keys: [files.key.publicKey], appVersion: nil).check(files.other, file: "o").get()
                .policy.digest,
            remote.policy.digest,
        ]
        let stop = Flag()
        let wrong = Flag()
        let seen = Seen()
        let started = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        // Threads of their own: the global queue runs no more blocks than cores, and these spin.
        for _ in 0..<4 {
            Thread {
                defer { finished.signal() }
                started.signal()
                while !stop.value {
                    let policy = remote.policy
                    let allowed =
                        (try? Evaluator.evaluate(policy, state: state, moment: RemotePolicyTests.moment).isAllowed)
                    // Needs 1 (good) or 2 or 3: only the good one allows the first donation.
                    let good = policy.digest == goodDigest
                    if !digests.contains(policy.digest) || allowed != good { wrong.set() }
                    seen.insert(policy.digest)
                }
            }.start()
        }
        for _ in 0..<4 { started.wait() }
        // Updates until the deciders have run with both (or 2,000 updates).
        for turn in 0..<2000 where turn < 200 || !seen.includes(updates) {
            let outcome = remote.offer(turn % 2 == 0 ? files.good : files.other)
            if case .refused(let refusal) = outcome { Issue.record("refused: \(refusal)") }
        }
        stop.set()
        for _ in 0..<4 { finished.wait() }
        #expect(!wrong.value)
        // The deciders ran with both updates, each the running one in turn.
        #expect(seen.includes(updates))
    }
}

/// A flag threads set and read.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var raised = false
    var value: Bool { lock.withLock { raised } }
    func set() { lock.withLock { raised = true } }
}

/// Digests threads saw.
final class Seen: @unchecked Sendable {
    private let lock = NSLock()
    private var digests: Set<String?> = []
    func includes(_ wanted: Set<String?>) -> Bool { lock.withLock { wanted.isSubset(of: digests) } }
    func insert(_ digest: String?) { _ = lock.withLock { digests.insert(digest) } }
}

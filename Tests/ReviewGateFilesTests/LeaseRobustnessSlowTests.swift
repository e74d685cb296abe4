import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateFiles
import ReviewGateTestSupport
@_spi(ReviewGateTools) import ReviewGateYAML
import Testing

/// Leases under fire (Semantics §12): two processes granting, committing and releasing on one state file
/// never both hold a lease nor show within a gap, and a process killed with SIGKILL at any instant
/// leaves a state that reads and a lease that lapses when it should. A slow suite: LeaseProbe runs
/// budget time 10,000 times faster than the wall clock, so the 10 s gap is a millisecond and the
/// 1800 s lease 180 ms (the `kill -9` rounds lease for 300 s, 30 ms, since each round waits for a
/// dead process's lease to lapse). The probe is a release build (`swift build -c release --product
/// LeaseProbe`, which `.ci/run` makes first; `REVIEWGATE_LEASE_PROBE` may name another): in a debug
/// build, its grants run five times slower. Without it the suite is skipped, and in CI (`CI` set) that is
/// a failure.
@Suite(.serialized, .enabled(if: ReleaseProbe.isBuilt || ReleaseProbe.isCI))
struct LeaseRobustnessSlowTests {
    static let probe = ReleaseProbe.url
    static let scale: Int64 = 10_000
    static let gap = TimeSpan(seconds: 10)
    static let lease = TimeSpan(seconds: 1800)
    /// The `kill -9` rounds' lease: each round whose kill left a live lease waits for it to lapse.
    static let killedLease = TimeSpan(seconds: 300)

    static func budget(lease: TimeSpan) -> String {
        """
        reviewgate_budget: 1
        name: probe
        prompts:
          a: {priority: 50}
          b: {priority: 40}
        gaps: [{min: 10s}]
        lease: \(lease.nanoseconds / 1_000_000_000)s
        """
    }

    /// A folder with the budget, and the time every process of a run maps to 2026-01-01.
    static func setUp(lease: TimeSpan = Self.lease) throws -> (folder: URL, budget: URL, realStart: Int64) {
        let folder = try Repository.temporaryFolder()
        let budget = folder.appending(path: "probe.budget.yaml")
        try Self.budget(lease: lease).write(to: budget, atomically: true, encoding: .utf8)
        return (folder, budget, Int64(Date().timeIntervalSince1970 * 1e9))
    }

    static func start(state: URL, budget: URL, grants: Int, log: URL, realStart: Int64) throws -> Process {
        try #require(
            ReleaseProbe.isBuilt, "no \(probe.path): build it with swift build -c release --product LeaseProbe")
        let process = Process()
        process.executableURL = probe
        process.arguments = [
            state.path, budget.path, "\(grants)", log.path, "\(scale)", "\(realStart)",
        ]
        try process.run()
        return process
    }

    @Test("two processes, 3,000 grants: never two live leases, never two shown within the gap")
    func twoProcessesNeverOverlap() throws {
        let (folder, budget, realStart) = try Self.setUp()
        let state = folder.appending(path: "state.json")
        let logs = [folder.appending(path: "a.log"), folder.appending(path: "b.log")]
        let started = Date()
        let processes = try logs.map { log in
            try Self.start(state: state, budget: budget, grants: 1_500, log: log, realStart: realStart)
        }
        for process in processes {
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
        }
        let seconds = Date().timeIntervalSince(started)

        // Each lease held from its grant until its commit or release, or until it lapsed.
        var grants: [String: (at: Int64, expires: Int64)] = [:]
        var ends: [String: Int64] = [:]
        var shown: [Int64] = []
        var late = 0
        for log in logs {
            for line in try String(contentsOf: log, encoding: .utf8).split(separator: "\n") {
                let words = line.split(separator: " ").map(String.init)
                switch words[0] {
                case "G": grants[words[1]] = (Int64(words[2])!, Int64(words[3])!)
                case "C":
                    ends[words[1]] = Int64(words[2])!
                    if words[3] == "true" { shown.append(Int64(words[2])!) } else { late += 1 }
                default: ends[words[1]] = Int64(words[2])!
                }
            }
        }
        #expect(grants.count == 3_000)
        #expect(ends.count == 3_000)
        let held = grants.map { id, grant in (grant.at, min(ends[id] ?? grant.expires, grant.expires)) }.sorted {
            $0.0 < $1.0
        }
        var overlaps = 0
        var heldUntil = Int64.min
        for (start, end) in held {
            if start < heldUntil { overlaps += 1 }
            heldUntil = max(heldUntil, end)
        }
        #expect(overlaps == 0, "\(overlaps) leases began while another was live")
        shown.sort()
        let tooClose = zip(shown, shown.dropFirst()).filter { $1 - $0 < Self.gap.nanoseconds }.count
        #expect(tooClose == 0, "\(tooClose) prompts shown within the 10 s gap of the one before")
        let final = try FileStateStore(path: state.path).load()
        #expect(final.asks.count == shown.count + late)
        #expect(final.leases.isEmpty)
        print(
            "leases: 3,000 grants by 2 processes in \(String(format: "%.1f", seconds)) s, \(shown.count) shown, \(late) late commits, 0 overlaps"
        )
    }

    @Test("200 kill -9 at random points: the state reads, and a dead process's lease lapses on time")
    func killedAtAnyPointBlocksNoLongerThanTheLease() throws {
        let (folder, budgetFile, realStart) = try Self.setUp(lease: Self.killedLease)
        let state = folder.appending(path: "state.json")
        let log = folder.appending(path: "killed.log")
        let documents = DocumentFiles(parse: YAMLLoader().loadDocument)
        let budget = try BudgetLoader(policies: PolicyLoader.files(documents)).load(path: budgetFile.path).budget
        let store = FileStateStore(path: state.path)
        let budgetStart = Timestamp(rfc3339: "2026-01-01T00:00:00Z")!.nanosecondsSince1970
        func now() -> Timestamp {
            Timestamp(
                nanosecondsSince1970: budgetStart + (Int64(Date().timeIntervalSince1970 * 1e9) - realStart) * Self.scale
            )
        }
        var generator = SystemRandomNumberGenerator()
        var heldAtKill = 0
        for round in 0..<200 {
            let process = try Self.start(
                state: state, budget: budgetFile, grants: 1_000_000, log: log, realStart: realStart)
            usleep(UInt32.random(in: 3_000...25_000, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal, "the probe ended on its own")
            // Killed before its first write, there is no state yet.
            guard FileManager.default.fileExists(atPath: state.path) else { continue }
            let left = try store.load()
            let killedAt = now()
            // Each lease held for exactly its span, taken no later than now.
            #expect(left.leases.allSatisfy { $0.expires - $0.at == Self.killedLease && $0.at <= killedAt })
            if left.leases.contains(where: { $0.isLive(at: killedAt) }) { heldAtKill += 1 }
            // Once the lease and the gap have passed, a prompt is granted again.
            let free = (left.leases.map(\.expires) + left.asks.map { $0.at + Self.gap }).max() ?? killedAt
            while now() < free { usleep(2_000) }
            let grant = try store.grant(budget, wanted: ["b"], leaseID: "check-\(round)") { Moment(time: .utc(now())) }
            #expect(
                grant.arbitration.granted == "b", "round \(round): \(grant.arbitration.candidates.map(\.blockedBy))")
            try store.release(lease: "check-\(round)")
        }
        // The kills landed both while a lease was held and while none was.
        #expect(heldAtKill > 0 && heldAtKill < 200)
        print("leases: 200 kill -9, \(heldAtKill) while a lease was live; every state read, every lease lapsed on time")
    }
}

/// The release build of LeaseProbe: `.build/release/LeaseProbe` (which `.ci/run` builds before the
/// tests), or the one `REVIEWGATE_LEASE_PROBE` names.
enum ReleaseProbe {
    static let url =
        ProcessInfo.processInfo.environment["REVIEWGATE_LEASE_PROBE"].map { URL(fileURLWithPath: $0) }
        ?? Repository.root.appending(path: ".build/release/LeaseProbe")
    static var isBuilt: Bool { FileManager.default.isExecutableFile(atPath: url.path) }
    static let isCI = ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty } ?? false
}

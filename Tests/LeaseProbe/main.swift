import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateFiles
@_spi(ReviewGateTools) import ReviewGateYAML

// Grants, commits and releases a budget's leases on one state file until it has been granted GRANTS
// times, as an app's prompter would, for LeaseRobustnessSlowTests: two of these at once never both
// hold a lease, and one killed with SIGKILL at any instant leaves a state that reads and a lease
// that lapses. Budget time runs SCALE times faster than the wall clock, from REAL-START (ns since
// 1970) mapped to 2026-01-01, the same in every probe of a run, so that a gap of seconds passes in
// a fraction of a millisecond. Each grant, commit and release is a line of LOG, with the times read
// under the state's lock: `G id at expires prompt`, `C id at live`, `R id at`.
// Usage: LeaseProbe STATE BUDGET GRANTS LOG SCALE REAL-START
let arguments = CommandLine.arguments
guard arguments.count == 7, let grants = Int(arguments[3]), let scale = Int64(arguments[5]),
    let realStart = Int64(arguments[6])
else {
    print("usage: LeaseProbe STATE BUDGET GRANTS LOG SCALE REAL-START")
    exit(2)
}
let budgetStart = Timestamp(rfc3339: "2026-01-01T00:00:00Z")!.nanosecondsSince1970

/// Budget time: the wall clock, sped up.
func now() -> Timestamp {
    let real = Int64(Date().timeIntervalSince1970 * 1e9)
    return Timestamp(nanosecondsSince1970: budgetStart + (real - realStart) * scale)
}

do {
    let documents = DocumentFiles(parse: YAMLLoader().loadDocument)
    let budget = try BudgetLoader(policies: PolicyLoader.files(documents)).load(path: arguments[2]).budget
    let store = FileStateStore(
        path: arguments[1],
        initialState: ReviewState(
            installedAt: Timestamp(nanosecondsSince1970: budgetStart), app: AppVersion(short: "1")))
    guard
        let log = FileHandle(forWritingAtPath: arguments[4])
            ?? {
                _ = FileManager.default.createFile(atPath: arguments[4], contents: nil)
                return FileHandle(forWritingAtPath: arguments[4])
            }()
    else {
        print("cannot write \(arguments[4])")
        exit(2)
    }
    log.seekToEndOfFile()
    var random = SystemRandomNumberGenerator()
    let prompts = budget.externalPrompts
    let pid = ProcessInfo.processInfo.processIdentifier
    var granted = 0
    var attempt = 0
    while granted < grants {
        attempt += 1
        let wanted = [prompts[Int(random.next() % UInt64(prompts.count))]]
        let id = "\(pid)-\(attempt)"
        let grant = try store.grant(budget, wanted: wanted, leaseID: id) { Moment(time: .utc(now())) }
        guard let lease = grant.lease else {
            // Another process holds the budget: back off, as a prompter that was refused would.
            usleep(500 + UInt32(random.next() % 1_000))
            continue
        }
        granted += 1
        log.write(
            Data(
                "G \(id) \(lease.at.nanosecondsSince1970) \(lease.expires.nanosecondsSince1970) \(lease.prompt)\n".utf8)
        )
        // The presenter's time, then shown one time in forty (each shown prompt stays in the state,
        // which every update reads and writes whole).
        usleep(UInt32(random.next() % 300))
        if random.next() % 40 == 0 {
            var at = Timestamp(nanosecondsSince1970: 0)
            let live = try store.commit(lease: id, prompt: lease.prompt, trigger: nil) {
                at = now()
                return at
            }
            log.write(Data("C \(id) \(at.nanosecondsSince1970) \(live)\n".utf8))
        } else {
            var at = Timestamp(nanosecondsSince1970: 0)
            try store.update { state in
                at = now()
                Transition.release(lease: id, in: &state)
            }
            log.write(Data("R \(id) \(at.nanosecondsSince1970)\n".utf8))
        }
    }
} catch {
    print("error: \(error)")
    exit(1)
}

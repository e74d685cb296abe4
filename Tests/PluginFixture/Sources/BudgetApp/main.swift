import Foundation
import ReviewGate

// What an app does with the budget the plugin compiled: load it from the bundle, arbitrate moments.
guard let url = Bundle.module.url(forResource: "calm.budget", withExtension: "json") else {
    print("no compiled budget in the bundle")
    exit(1)
}
do {
    let budget = try CompiledBudget.load(Array(try Data(contentsOf: url)), file: "calm.budget.json")
    print("budget \(budget.name) \(budget.digest ?? "")")
    var state = ReviewState(
        installedAt: Timestamp(rfc3339: "2026-11-01T10:00:00Z")!, app: AppVersion(short: "1.0", build: "1"))
    state.events["task_completed"] = EventHistory(count: 3)
    let now = Timestamp(rfc3339: "2026-11-22T10:00:00Z")!
    // The review alone is granted; with the paywall wanted too, the paywall outranks it.
    let alone = try Arbiter.arbitrate(budget, state: state, moment: Moment(time: .utc(now), event: "task_completed"))
    print("granted \(alone.granted ?? "none")")
    let both = try Arbiter.arbitrate(
        budget, state: state, moment: Moment(time: .utc(now), event: "task_completed"), wanted: ["paywall"])
    print("granted \(both.granted ?? "none")")
} catch {
    print("\(error)")
    exit(1)
}

import Foundation
import ReviewGate
import ReviewGatePrompter

// What an app does with the policy the plugin compiled: load it from the bundle, decide at a moment.
guard let url = Bundle.module.url(forResource: "app", withExtension: "json") else {
    print("no compiled policy in the bundle")
    exit(1)
}
do {
    let policy = try CompiledPolicy.load(Array(try Data(contentsOf: url)), file: "app.json")
    let installed = Timestamp(rfc3339: "2026-11-01T10:00:00Z")!
    var state = ReviewState(installedAt: installed, app: AppVersion(short: "1.0", build: "1"))
    state.events["task_completed"] = EventHistory(count: 3)
    let moment = Moment(time: .utc(Timestamp(rfc3339: "2026-11-22T10:00:00Z")!), event: "task_completed")
    let decision = try Evaluator.evaluate(policy, state: state, moment: moment)
    print(TextExplanation(color: false).render(decision, policy: policy))

    // The same policy on a prompter, as an app runs it: a new install, a launch and a moment
    // (blocked: installed less than 7 days ago), its events one JSON line each.
    let folder = FileManager.default.temporaryDirectory.appending(path: "good-app-\(UUID().uuidString)")
    let prompter = Prompter(
        policy: policy, presenter: { true },
        environment: Prompter.Environment(
            stateFile: folder.appending(path: "review-state.json"), appVersion: AppVersion(short: "1.0", build: "1"),
            events: { print($0.json) }))
    await prompter.launched()
    await prompter.donate("task_completed")
    await prompter.waitUntilIdle()
    try? FileManager.default.removeItem(at: folder)

    print(DecisionEvent(decision, policy: policy).json)
} catch {
    print("\(error)")
    exit(1)
}

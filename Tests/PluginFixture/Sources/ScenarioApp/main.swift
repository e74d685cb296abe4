import Foundation
import ReviewGateFiles
import ReviewGateTesting

// What an app's test bundle does with the scenarios the plugin compiled: play each through the
// prompter with the test kit, reading JSON alone (no libyaml).
let folder = Bundle.module.resourceURL!
let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    .filter { $0.hasSuffix(".scenario.json") }.sorted()
var failed = false
for name in names {
    let result = try await ScenarioPlayback(.jsonOnly).play(path: folder.appending(path: name).path)
    print("\(result.passed ? "PASS" : "FAIL") \(name), golden \(result.golden)")
    for failure in result.failures { print("  \(failure.location): \(failure.message)") }
    failed = failed || !result.passed
}
exit(failed || names.isEmpty ? 1 : 0)

// The build plugin's tool: compiles a target's policies and budgets into its resources, as
// `reviewgate compile` does (the same bytes, the same diagnostics on stderr), and refuses two files
// that would give one resource name. A budget (a file whose root has `reviewgate_budget`, or named
// `*.budget.yaml`) compiles with the policies it names into one resource (Semantics §12). A scenario
// file (`*.scenario.yaml`) compiles for the test kit (Semantics §16.2): `NAME.scenario.json`, naming its
// policy's resource, with its golden file copied beside it. It links what compiling needs and nothing more (no argument parser, no simulate, no
// schemas, no swift-crypto: the digest is PortableSHA256's), so that an app's first build with the
// plugin stays short.
//
//   ReviewGatePolicyCompiler --output-directory FOLDER --relative-to FOLDER POLICY...
//
// (a POLICY may be a budget). The plugin writes that argument list itself, so the tool reads it in
// that order. Exit 0 when every file compiled, 1 when one did not (its errors printed, nothing written for it), 2 for a usage error.
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateFiles
@_spi(ReviewGateTools) import ReviewGateScenarios
@_spi(ReviewGateTools) import ReviewGateYAML

/// The resource a policy or budget compiles to: its file name with `.json` for `.yaml` (as the plugin
/// declares it): `calm.budget.yaml` is `calm.budget.json`.
func resourceName(of policy: String) -> String {
    let file = policy.split(separator: "/").last.map(String.init) ?? policy
    return (file.lastIndex(of: ".").map { String(file[..<$0]) } ?? file) + ".json"
}

/// Writes lines to standard error.
func printError(_ lines: [String]) {
    let text = lines.map { $0 + "\n" }.joined()
    _ = Array(text.utf8).withUnsafeBytes { SystemCalls.writeAll(2, $0) }
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 4, arguments[0] == "--output-directory", arguments[2] == "--relative-to" else {
    printError([
        "reviewgate: error: usage: ReviewGatePolicyCompiler --output-directory FOLDER --relative-to FOLDER POLICY..."
    ])
    SystemCalls.exit(2)
}
let folder = arguments[1]
let root = arguments[3]
let files = arguments.dropFirst(4)
let scenarios = files.filter {
    $0.lowercased().hasSuffix(".scenario.yaml") || $0.lowercased().hasSuffix(".scenario.yml")
}
let policies = files.filter { !scenarios.contains($0) }

var failed = false

// Two policies named alike would overwrite each other's resource (names that differ only in case
// too: a Mac's disk does not tell them apart): none of them is compiled.
var byName: [String: [String]] = [:]
for policy in files { byName[resourceName(of: policy).lowercased(), default: []].append(policy) }
for (_, clashing) in byName.sorted(by: { $0.key < $1.key }) where clashing.count > 1 {
    let files = clashing.sorted()
    let listed = files.dropLast().joined(separator: ", ") + " and " + files[files.count - 1]
    let names = Set(files.map(resourceName(of:))).sorted().joined(separator: " and ")
    printError([
        "reviewgate: error: \(listed) would \(files.count == 2 ? "both" : "all") compile to \(names): rename one"
    ])
    failed = true
}

// As `reviewgate compile POLICY -o OUTPUT --relative-to ROOT` says each failure.
var printer = DiagnosticPrinter()
let documents = DocumentFiles(parse: YAMLLoader().loadDocument)
for policy in policies where byName[resourceName(of: policy).lowercased()]?.count == 1 {
    let output = folder + "/" + resourceName(of: policy)
    // What it is, from its keys or a budget's name, loaded; its warnings said, then
    // its compiled text checked.
    let loaded: PolicyOrBudget
    do {
        loaded = try PolicyOrBudget.load(
            path: policy, with: PolicyLoader(reading: documents.reader, digest: PortableSHA256.policyDigest),
            namedAsBudget: [".budget.yaml", ".budget.yml"].contains { policy.lowercased().hasSuffix($0) })
    } catch {
        printError(printer.lines(error) + ["reviewgate: \(policy): \(error.summary); nothing compiled"])
        failed = true
        continue
    }
    printError(loaded.warnings.flatMap { printer.lines($0) })
    let text: String
    do {
        text = try loaded.checkedText(filesRelativeTo: root, file: output, digest: PortableSHA256.policyDigest)
    } catch {
        printError(
            printer.lines(error) + ["reviewgate: \(policy): its compiled form does not read back; nothing compiled"])
        failed = true
        continue
    }
    do {
        try AtomicFile.write(text, to: output)
    } catch {
        printError(printer.lines(DiagnosticError(reading: error)))
        failed = true
    }
}
// Each scenario, for the test kit: its policy named by its resource, its golden file copied.
let compiledPaths = Dictionary(
    policies.map { (PathArithmetic.normalize($0), resourceName(of: $0)) }, uniquingKeysWith: { first, _ in first })
for scenario in scenarios where byName[resourceName(of: scenario).lowercased()]?.count == 1 {
    let golden: (path: String, name: String, text: String?)?
    let text: String
    do {
        // Read as `reviewgate test` reads it: a scenario that does not load fails the build here.
        let loaded = try ScenarioRunner.files(documents).load(path: scenario)
        printError(loaded.warnings.flatMap { printer.lines($0) })
        // The copy is named after the scenario (`NAME.golden.txt`), whose name is the target's alone.
        let copy = String(resourceName(of: scenario).dropLast(".scenario.json".count)) + ".golden.txt"
        golden = loaded.golden.map { reference in
            let bytes = try? FileBytes.read(reference.path, maxBytes: 1 << 26)
            return (PathArithmetic.normalize(reference.path), copy, bytes.map { String(decoding: $0, as: UTF8.self) })
        }
        text = try CompiledScenario.text(
            documents.reader(scenario), path: scenario, filesRelativeTo: root,
            resource: { path in
                if let name = compiledPaths[path] { return name }
                guard let golden, golden.path == path, golden.text != nil else { return nil }
                return golden.name
            },
            read: { try documents.reader($0) })
    } catch {
        let error = error as? DiagnosticError ?? DiagnosticError(reading: error)
        printError(printer.lines(error) + ["reviewgate: \(scenario): \(error.summary); nothing compiled"])
        failed = true
        continue
    }
    do {
        try AtomicFile.write(text, to: folder + "/" + resourceName(of: scenario))
        if let golden, let goldenText = golden.text { try AtomicFile.write(goldenText, to: folder + "/" + golden.name) }
    } catch {
        printError(printer.lines(DiagnosticError(reading: error)))
        failed = true
    }
}
SystemCalls.exit(failed ? 1 : 0)

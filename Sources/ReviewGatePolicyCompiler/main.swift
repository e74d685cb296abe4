// The build plugin's tool: compiles a target's policies and budgets into its resources, as
// `reviewgate compile` does (the same bytes, the same diagnostics on stderr), and refuses two files
// that would give one resource name. A budget (a file whose root has `reviewgate_budget`, or named
// `*.budget.yaml`) compiles with the policies it names into one resource (Semantics §12). It links what compiling needs and nothing more (no argument parser, no simulate, no
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
let policies = arguments.dropFirst(4)

var failed = false

// Two policies named alike would overwrite each other's resource (names that differ only in case
// too: a Mac's disk does not tell them apart): none of them is compiled.
var byName: [String: [String]] = [:]
for policy in policies { byName[resourceName(of: policy).lowercased(), default: []].append(policy) }
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
SystemCalls.exit(failed ? 1 : 0)

@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateFiles

/// The event and prompt names the workspace's policies, budgets and scenarios use, and where: for
/// completion, and for the hover over an event's name.
struct WorkspaceNames {
    /// A place a name is used, and how.
    struct Use: Hashable {
        var path: String
        var line: Int
        var role: String
    }

    /// Event names, with where each is used.
    private(set) var events: [String: [Use]] = [:]
    /// Prompt names (a budget's prompts, a policy's `prompt`).
    private(set) var prompts: Set<String> = []
    /// Trigger ids of the workspace's policies.
    private(set) var triggers: Set<String> = []

    /// The most files read: a workspace past it is read in part.
    static let maxFiles = 2_000

    /// Reads the names of every YAML file under `root` (not in hidden folders or `.build`), and of
    /// the open documents, which stand for their files.
    init(root: String?, open: [String: [UInt8]], files: DocumentFiles) {
        var paths = root.map { Self.yamlFiles(under: $0) } ?? []
        paths += open.keys.filter { !paths.contains($0) }
        for path in paths.sorted() {
            let bytes = open[path] ?? (try? FileBytes.read(path, maxBytes: files.maxBytes))
            guard let bytes, let root = try? files.document(bytes, path: path) else { continue }
            add(root, path: path)
        }
    }

    /// The YAML files under a folder, breadth first, at most ``maxFiles``.
    private static func yamlFiles(under root: String) -> [String] {
        var found: [String] = []
        var folders = [root]
        var visited = 0
        while !folders.isEmpty, found.count < maxFiles, visited < 10 * maxFiles {
            let folder = folders.removeFirst()
            for name in SystemCalls.entries(of: folder).sorted() where !name.hasPrefix(".") && name != "node_modules" {
                visited += 1
                let path = folder == "/" ? "/\(name)" : "\(folder)/\(name)"
                if name.hasSuffix(".yaml") || name.hasSuffix(".yml") {
                    found.append(path)
                } else if case .success(.folder) = SystemCalls.kind(of: path, followingLinks: false) {
                    folders.append(path)
                }
            }
        }
        return Array(found.prefix(maxFiles))
    }

    private mutating func add(_ root: DocumentNode, path: String) {
        guard let first = root.mapping?.first?.key.string else { return }
        switch LanguageFile(firstKey: first) {
        case .scenario:
            for step in root["steps"]?.sequence ?? [] {
                if let event = step["event"] { use(event, path, "donated by a scenario step") }
                for key in ["want", "commit", "release", "prompt"] {
                    for node in step[key].map({ $0.sequence ?? [$0] }) ?? [] {
                        node.string.map { _ = prompts.insert($0) }
                    }
                }
            }
        case .budget:
            for entry in root["prompts"]?.mapping ?? [] { entry.key.string.map { _ = prompts.insert($0) } }
        case .policy:
            // A YAML file of another tool's (a CI workflow) is no policy: one has triggers or extends one.
            guard root["triggers"] != nil || root["extends"] != nil else { return }
            if let prompt = root["prompt"]?.string { prompts.insert(prompt) }
            for entry in root["triggers"]?.mapping ?? [] {
                guard let id = entry.key.string else { continue }
                triggers.insert(id)
                use(entry.value["event"] ?? entry.key, path, "read by trigger \(id)")
                conditions(entry.value["when"], path)
            }
            conditions(root["guards"]?["when"], path)
        default:
            return
        }
    }

    /// The events a condition reads, wherever it nests.
    private mutating func conditions(_ node: DocumentNode?, _ path: String) {
        var stack = node.map { [$0] } ?? []
        while let node = stack.popLast() {
            for entry in node.mapping ?? [] {
                if entry.key.string == "event" { use(entry.value, path, "read by a condition") }
                stack.append(entry.value)
            }
            stack += node.sequence ?? []
        }
    }

    private mutating func use(_ node: DocumentNode, _ path: String, _ role: String) {
        guard let name = node.string else { return }
        events[name, default: []].append(Use(path: path, line: node.location.line, role: role))
    }
}

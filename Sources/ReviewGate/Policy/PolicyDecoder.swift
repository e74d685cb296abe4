/// Turns a policy's node tree (``extends`` already merged) into a ``Policy``, reporting every
/// problem at its node. Decoding is by hand rather than through `Codable`, so that each value keeps
/// where it was written.
package struct PolicyDecoder {
    /// The language version this reviewgate reads.
    static let languageVersion = 1

    package var reader = NodeReader()

    /// A decoder with nothing read yet.
    package init() {}
    /// What decoded of a policy that has errors too, for the warnings that still apply to it.
    package private(set) var partial: Policy?

    /// The policy, or `nil` when there were errors (then ``reader`` holds them, and ``partial`` what
    /// decoded).
    package mutating func decode(_ root: DocumentNode) -> Policy? {
        // The version first: a newer language's file is refused before its keys are judged.
        if let refusal = FormatVersion.policy.refusal(root["reviewgate"]) {
            reader.report(refusal)
            return nil
        }
        // A signed policy (ReviewGateRemote's SignedUpdate) is for apps and verify, not a policy to decode.
        if root["reviewgate_signed"] != nil, root["reviewgate"] == nil {
            var signed = Diagnostic.error("this is a signed policy, for remote updates", at: root.location)
            signed.advice = .verifySigned
            reader.report(signed)
            return nil
        }
        // Then the library it needs: a policy for a newer library is refused before its new keys are.
        if let refusal = Self.libraryRefusal(root) {
            reader.report(refusal)
            return nil
        }
        guard let fields = reader.fields(root, "the policy", .policy(""), home: KeyHome.of) else {
            return nil
        }
        guard let versionNode = fields["reviewgate"] else {
            reader.error(
                "the policy is missing \"reviewgate: 1\", the language version, as its first key", at: root.location)
            return nil
        }
        guard let version = reader.int(versionNode, "reviewgate (the language version)", minimum: 1) else { return nil }
        reader.require(["name", "triggers"], in: fields, "the policy")

        let name = fields["name"].flatMap { reader.fileName($0) }
        let description = fields["description"].flatMap { reader.string($0, "description") }
        let prompt = fields["prompt"].flatMap { reader.identifier($0, "prompt") }
        let enabled = Located(
            fields["enabled"].flatMap { reader.bool($0, "enabled") } ?? true, at: fields.keyLocation("enabled"))
        let requires = decodeRequires(fields["requires"])
        let app = decodeApp(fields["app"])
        let triggers = fields["triggers"].map { decodeTriggers($0) } ?? []
        // The OS quota is the review prompt's: another prompt of a budget has none unless it says so.
        let guards = reader.guards(
            fields["guards"], platform: (prompt ?? Ask.review) == Ask.review ? app.platform : nil,
            at: fields.keyLocation("guards"))
        let responses = decodeResponses(fields["responses"])
        let counting = decodeCounting(fields["counting"])
        let presentation = decodePresentation(fields["presentation"])
        let rollout = fields["rollout"].flatMap {
            decodeRollout($0, policyName: name ?? "", at: fields.keyLocation("rollout")!)
        }

        let allowed = decodeLint(fields["lint"])
        var policy = Policy(
            version: version, name: name ?? "", description: description, enabled: enabled, app: app,
            triggers: triggers, guards: guards, responses: responses, counting: counting, presentation: presentation,
            rollout: rollout, allowedWarnings: allowed, location: root.location)
        policy.requires = requires
        if let node = fields["renamed"] {
            policy.renamed = reader.renames(node)
            let decided = prompt ?? Ask.review
            if let new = policy.renamed.prompts[decided] {
                reader.error(
                    "the prompt \(decided) is renamed to \(new), but this policy decides \(decided): its own asks would never count; rename an old prompt to \(decided), or decide \(new)",
                    at: policy.renamed.locations["prompts.\(decided)"])
            }
            for (name, location) in policy.oldNamesRead() {
                reader.error(
                    "\(name) is renamed to \(policy.renamed.event(name)), but the policy still reads \(name): read \(policy.renamed.event(name)), under which its history counts now",
                    at: location)
            }
        }
        if let prompt {
            policy.prompt = prompt
            policy.promptLocation = fields.keyLocation("prompt")
        }
        if let node = fields["channels"] {
            policy.channels = reader.channels(node, .policy("/channels"), of: "channels")
        }
        // The arms are decoded from the policy once the policy itself is sound.
        if let node = fields["experiment"], !reader.hasErrors {
            policy.experiment = decodeExperiment(node, root: root, base: policy, at: fields.keyLocation("experiment")!)
        }
        // An experiment is read once the policy is sound, and a prompt when its value reads: until
        // then neither is a key the policy uses (as 0.5 warned of them).
        // `hash: v1` is never compiled (Semantics §13): an older library reads the policy as it is.
        let hashes = ["/rollout/hash": policy.rollout?.hash, "/experiment/hash": policy.experiment?.hash]
        policy.newerKeys = reader.newerKeys.filter { key in
            (key.path != "/experiment" || policy.experiment != nil) && (key.path != "/prompt" || prompt != nil)
                && hashes[key.path].map { $0 == .v2 } ?? true
        }
        guard !reader.hasErrors, name != nil else {
            partial = policy
            return nil
        }
        return policy
    }

    /// The refusal of a policy that needs a newer library than `library` (this one): its
    /// `requires.library_version` is newer, or its `rollout` or `experiment` names a hash version of a
    /// later release.
    static func libraryRefusal(_ root: DocumentNode, library: AppVersionNumber = LibraryVersion.current)
        -> Diagnostic?
    {
        // A hash version of a later release (Semantics §13 *Hash versions*): never a fallback.
        for section in ["rollout", "experiment"] {
            guard let node = root[section]?["hash"], let text = node.string, HashVersion.isLaterVersion(text) else {
                continue
            }
            let known = HashVersion.allCases.map(\.rawValue).joined(separator: " and ")
            return .error("hash \(text) needs a newer reviewgate: this one knows \(known)", at: node.location)
        }
        guard let node = root["requires"]?["library_version"], let text = node.string,
            let needed = AppVersionNumber(text), library < needed
        else { return nil }
        return .error(
            "this policy needs a newer reviewgate: requires.library_version is \(text), and this is reviewgate \(library)",
            at: node.location)
    }

    /// `requires`: the oldest app and library the policy runs in.
    private mutating func decodeRequires(_ node: DocumentNode?) -> Requirements {
        var requires = Requirements.none
        guard let node, let fields = reader.fields(node, "requires", .policy("/requires"), home: KeyHome.of)
        else { return requires }
        func version(_ key: String) -> Located<AppVersionNumber>? {
            guard let valueNode = fields[key], let text = reader.string(valueNode, "requires.\(key)") else {
                return nil
            }
            guard let version = AppVersionNumber(text) else {
                reader.error(
                    "requires.\(key) must be a dotted version such as \"3.2\"; found \"\(NodeReader.prefix(text))\"",
                    at: valueNode.location)
                return nil
            }
            return Located(version, at: fields.keyLocation(key))
        }
        requires.appVersion = version("app_version")
        requires.libraryVersion = version("library_version")
        return requires
    }

    /// An Android application id: two or more dot-separated parts, each a letter then letters,
    /// digits or `_`.
    static func isAndroidPackage(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count >= 2
            && parts.allSatisfy { part in
                guard let first = part.unicodeScalars.first,
                    ("a"..."z").contains(first) || ("A"..."Z").contains(first)
                else { return false }
                return part.unicodeScalars.allSatisfy {
                    ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
                }
            }
    }

    /// Whether `text` is a policy's or budget's name: `[a-z0-9][a-z0-9._-]*`.
    static func isPolicyName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, ("a"..."z").contains(first) || ("0"..."9").contains(first) else {
            return false
        }
        return text.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0)
        }
    }

    private mutating func decodeApp(_ node: DocumentNode?) -> AppSettings {
        var app = AppSettings(storeID: nil, package: nil, versionKey: .short, platform: .ios)
        guard let node, let fields = reader.fields(node, "app", .policy("/app"), home: KeyHome.of) else {
            return app
        }
        if let idNode = fields["store_id"], let id = reader.string(idNode, "store_id") {
            if !id.isEmpty, id.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
                app.storeID = Located(id, at: fields.keyLocation("store_id"))
            } else {
                reader.error(
                    "store_id must be the app's numeric App Store id, such as \"1234567890\"; found \"\(Quote.prefix(id))\"",
                    at: idNode.location)
            }
        }
        if let packageNode = fields["package"], let name = reader.string(packageNode, "package") {
            if Self.isAndroidPackage(name) {
                app.package = Located(name, at: fields.keyLocation("package"))
            } else {
                reader.error(
                    "package must be the app's Android application id, such as \"com.example.app\"; found \"\(Quote.prefix(name))\"",
                    at: packageNode.location)
            }
        }
        if let keyNode = fields["version_key"], let key = reader.choice(keyNode, "version_key", as: VersionKey.self) {
            app.versionKey = key
        }
        if let platformNode = fields["platform"],
            let platform = reader.choice(platformNode, "platform", as: Platform.self)
        {
            app.platform = platform
        }
        return app
    }

    /// `lint: {allow: [...]}`: the warnings the team means, by rule id.
    private mutating func decodeLint(_ node: DocumentNode?) -> Set<LintRule> {
        guard let node, let fields = reader.fields(node, "lint", .policy("/lint"), home: KeyHome.of),
            let list = fields["allow"]
        else { return [] }
        guard let items = reader.list(list, "lint.allow (warning ids, such as [ask_at_launch])") else { return [] }
        var rules: Set<LintRule> = []
        for item in items {
            if let rule = reader.choice(item, "a warning id in lint.allow", as: LintRule.self) { rules.insert(rule) }
        }
        return rules
    }

    private mutating func decodeTriggers(_ node: DocumentNode) -> [Trigger] {
        guard let entries = node.mapping else {
            reader.error(
                "triggers must be a mapping of trigger ids to triggers; found \(node.summary)", at: node.location)
            return []
        }
        if entries.isEmpty { reader.error("triggers must name at least one trigger", at: node.location) }
        var triggers: [Trigger] = []
        for entry in entries {
            guard let id = reader.identifier(entry.key, "the trigger id") else { continue }
            if let trigger = reader.trigger(id: id, entry.value, at: entry.key.location) { triggers.append(trigger) }
        }
        return triggers
    }

    private mutating func decodeResponses(_ node: DocumentNode?) -> ResponseRules {
        var rules = ResponseRules(
            afterRated: Located(WaitList(.nextVersion), at: nil),
            afterDeclined: Located(WaitList(.nextVersion), at: nil),
            afterLater: Located(WaitList(.wait(TimeSpan(seconds: 86_400))), at: nil))
        guard let node, let fields = reader.fields(node, "responses", .policy("/responses"), home: KeyHome.of)
        else {
            return rules
        }
        if let value = fields["after_rated"],
            let rule = Self.responseRule(value, "after_rated", allowsDuration: false, allowsVersion: true, &reader)
        {
            rules.afterRated = Located(WaitList(rule), at: fields.keyLocation("after_rated"))
        }
        // `after_declined` and `after_later` may be lists (Semantics §14.3); `after_rated` has no run.
        if let value = fields["after_declined"],
            let list = reader.waitList(
                value, "after_declined",
                entry: { reader, node, what in
                    Self.responseRule(node, what, allowsDuration: true, allowsVersion: true, &reader)
                })
        {
            rules.afterDeclined = Located(list, at: fields.keyLocation("after_declined"))
        }
        if let value = fields["after_later"],
            let list = reader.waitList(
                value, "after_later",
                entry: { reader, node, what in
                    Self.responseRule(node, what, allowsDuration: true, allowsVersion: false, &reader)
                })
        {
            rules.afterLater = Located(list, at: fields.keyLocation("after_later"))
        }
        return rules
    }

    private static func responseRule(
        _ node: DocumentNode, _ what: String, allowsDuration: Bool, allowsVersion: Bool, _ reader: inout NodeReader
    ) -> ResponseRule? {
        if allowsVersion, node.string == "never" { return .never }
        if allowsVersion, node.string == "next_version" { return .nextVersion }
        if allowsDuration, let text = node.string, let span = TimeSpan(duration: text) { return .wait(span) }
        let words =
            (allowsVersion ? ["never", "next_version"] : []) + (allowsDuration ? ["a duration such as 30d"] : [])
        let list = allowsDuration && !what.hasSuffix("]") ? ", or a list of them" : ""
        let hint =
            node.string.map { Suggestion.phrase(for: $0, in: allowsVersion ? ["never", "next_version"] : []) } ?? ""
        reader.error(
            "\(what) must be \(Suggestion.list(words))\(list); found \(node.summary)\(hint)", at: node.location)
        return nil
    }

    private mutating func decodeCounting(_ node: DocumentNode?) -> Counting {
        var counting = Counting(whileBlocked: true, resetOnNewVersion: false)
        guard let node, let fields = reader.fields(node, "counting", .policy("/counting"), home: KeyHome.of)
        else {
            return counting
        }
        if let value = fields["while_blocked"].flatMap({ reader.bool($0, "while_blocked") }) {
            counting.whileBlocked = value
        }
        if let node = fields["reset_on_new_version"], let value = reader.bool(node, "reset_on_new_version") {
            counting.resetOnNewVersion = value
            counting.resetOnNewVersionLocation = node.location
        }
        return counting
    }

    private mutating func decodePresentation(_ node: DocumentNode?) -> Presentation {
        var presentation = Presentation(delay: TimeSpan(nanoseconds: 0), requireSameScene: false)
        guard let node,
            let fields = reader.fields(node, "presentation", .policy("/presentation"), home: KeyHome.of)
        else {
            return presentation
        }
        if let delay = fields["delay"].flatMap({ reader.duration($0, "delay") }) { presentation.delay = delay }
        if let same = fields["require_same_scene"].flatMap({ reader.bool($0, "require_same_scene") }) {
            presentation.requireSameScene = same
        }
        return presentation
    }

    private mutating func decodeRollout(_ node: DocumentNode, policyName: String, at location: SourceLocation)
        -> Rollout?
    {
        guard let fields = reader.fields(node, "rollout", .policy("/rollout"), home: KeyHome.of) else {
            return nil
        }
        reader.require(["percent"], in: fields, "rollout")
        var percent: Double?
        if let percentNode = fields["percent"], let value = reader.number(percentNode, "rollout percent") {
            if (0...100).contains(value) {
                percent = value
            } else {
                reader.error(
                    "rollout percent must be between 0 and 100; found \(AttributeValue.number(value))",
                    at: percentNode.location)
            }
        }
        let salt = fields["salt"].flatMap { reader.string($0, "rollout salt") } ?? policyName
        let hash = fields["hash"].map { hashVersion($0, of: "rollout") }
        guard let percent, let text = fields["percent"]?.scalar?.text, hash != .some(nil) else { return nil }
        var rollout = Rollout(
            percent: percent, bucketLimit: Self.bucketLimit(text, percent), salt: salt, location: location)
        if let hash = hash ?? nil {
            rollout.hash = hash
            rollout.hashLocation = fields.keyLocation("hash")
        }
        return rollout
    }

    /// The `hash` of `rollout` or `experiment` (Semantics §13 *Hash versions*): `v1` or `v2`; `nil`
    /// after an error. A version of a later release never reaches here: ``libraryRefusal(_:library:)``
    /// refuses the policy first, saying so (never a fallback to another hash).
    mutating func hashVersion(_ node: DocumentNode, of section: String) -> HashVersion? {
        // Any scalar is read as its text, so that `hash: 2` is told the versions' names.
        guard let text = node.scalar?.text else {
            reader.error("\(section) hash must be v1 or v2; found \(node.summary)", at: node.location)
            return nil
        }
        if node.scalar?.value == .string(text), let version = HashVersion(rawValue: text) { return version }
        reader.error("\(section) hash must be v1 or v2; found \"\(NodeReader.prefix(text))\"", at: node.location)
        return nil
    }

    /// `percent × 100` rounded up, exactly from a plain decimal's digits (`12.345` → 1235); other
    /// spellings (`1e1`) through the number, rounded to a millionth first.
    static func bucketLimit(_ text: String, _ percent: Double) -> Int {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        if let whole = Int(parts[0].isEmpty ? "0" : parts[0]) {
            let fraction = parts.count > 1 ? Array(parts[1].utf8) : []
            if fraction.allSatisfy({ (0x30...0x39).contains($0) }) {
                let hundredths =
                    fraction.prefix(2).reduce(0) { $0 * 10 + Int($1 - 0x30) } * (fraction.count == 1 ? 10 : 1)
                let rest = fraction.dropFirst(2).contains { $0 != 0x30 } ? 1 : 0
                return whole * 100 + hundredths + rest
            }
        }
        return Int((((percent * 100) * 1e6).rounded() / 1e6).rounded(.up))
    }
}

extension NodeReader {
    /// A policy's or a budget's `name`: `[a-z0-9][a-z0-9._-]*`.
    mutating func fileName(_ node: DocumentNode) -> String? {
        guard let text = string(node, "name") else { return nil }
        guard PolicyDecoder.isPolicyName(text) else {
            error(
                "name \"\(Quote.prefix(text))\" must be lowercase letters, digits, . _ and -, starting with a letter or digit",
                at: node.location)
            return nil
        }
        return text
    }
}

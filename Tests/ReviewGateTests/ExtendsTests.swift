@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateFiles
import ReviewGateTestSupport
import Testing

/// Semantics §2 *Extending a policy* (issue 9, defect 5): what merges, what replaces, `null` removes,
/// and where errors from a base are reported.
@Suite struct ExtendsTests {
    static let base = """
        reviewgate: 1
        name: base
        app: {store_id: "1234567890", version_key: build}
        triggers:
          done: {at_least: 4, scenes: [Main]}
          other: {at_least: 2}
        guards:
          cooldown: 7d
          max_asks: {count: 3, per: 30d}
          when:
            not: {attribute: plan, equals: free}
        """

    /// Loads `child.yaml` over `base.yaml`, both read from memory.
    static func load(_ child: String, base: String = base) throws(DiagnosticError) -> Policy {
        let files = ["base.yaml": base, "child.yaml": child]
        let loader = PolicyLoader { path in
            guard let text = files[path] else { throw DiagnosticError("no such file", at: nil) }
            return try Fixtures.document(text, file: path)
        }
        return try loader.load(path: "child.yaml").policy
    }

    /// `lint` is a section: a child's `lint` replaces the base's `allow` list, and one without
    /// `lint` keeps the base's.
    @Test func lintAllowIsInheritedAndReplaced() throws {
        let base = Self.base + "\nlint: {allow: [ask_at_launch, no_limit]}"
        let inherited = try Self.load("reviewgate: 1\nextends: base.yaml\nname: child", base: base)
        #expect(inherited.allowedWarnings == [.askAtLaunch, .noLimit])
        let replaced = try Self.load(
            "reviewgate: 1\nextends: base.yaml\nname: child\nlint: {allow: [rollout_none]}", base: base)
        #expect(replaced.allowedWarnings == [.rolloutNone])
    }

    @Test func aWhenReplacesTheBasesWhole() throws {
        let policy = try Self.load("extends: base.yaml\nname: child\nguards:\n  when: {flag: happy}\n")
        guard case .when(let condition)? = policy.guards[.when]?.value, case .flag(let name) = condition.test else {
            Issue.record("the child's when did not replace the base's")
            return
        }
        #expect(name == "happy")
        #expect(policy.guards[.cooldown] != nil)  // the rest of guards merged key by key
    }

    @Test func aCountKeyReplacesTheBasesCountKey() throws {
        let policy = try Self.load("extends: base.yaml\nname: child\ntriggers:\n  done: {exactly: 3}\n")
        let done = try #require(policy.trigger(id: "done"))
        #expect(done.count.value == .exactly(3))
        #expect(done.scenes?.value == ["Main"])  // the trigger's other keys merged
        #expect(policy.trigger(id: "other") != nil)  // triggers merged by id
    }

    @Test func nullRemovesTheBasesSetting() throws {
        let policy = try Self.load(
            "extends: base.yaml\nname: child\nguards: {cooldown: null, max_asks: {count: 1}}\ntriggers: {other: null}\n"
        )
        #expect(policy.guards[.cooldown] == nil)
        guard case .maxAsks(let limit)? = policy.guards[.maxAsks]?.value else {
            Issue.record("no max_asks")
            return
        }
        #expect(limit == AskLimit(count: 1, per: nil))  // replaced whole: no per from the base
        #expect(policy.trigger(id: "other") == nil)
    }

    /// `Fixtures/extends/removes-settings.yaml` sets to `null` every setting of its base that may be
    /// removed (the schema agreement test checks that the JSON Schema accepts it too).
    @Test func everyRemovableSettingIsRemovedByNull() throws {
        let folder = Repository.path("Tests/ReviewGateTests/Fixtures/extends")
        let loader = PolicyLoader.files(Fixtures.documents)
        let base = try loader.load(path: folder + "/full-base.yaml").policy
        let policy = try loader.load(path: folder + "/removes-settings.yaml").policy
        #expect(base.description != nil && policy.description == nil)
        #expect(base.app.storeID != nil && policy.app.storeID == nil && policy.app.package == nil)
        #expect(base.app.versionKey == .build && policy.app.versionKey == .short)
        #expect(base.guards.rules.count == 10)
        // What is left are the defaults: never at launch or from a button, and iOS's quota.
        #expect(policy.guards.rules.map(\.value.key) == [.neverOn, .systemQuota])
        #expect(policy.guards.neverOn == [.launch, .userAction])
        #expect(base.guards.neverOn == [.userAction])
        #expect(
            base.responses.afterRated.value.first == .never && policy.responses.afterRated.value.first == .nextVersion)
        #expect(!base.counting.whileBlocked && policy.counting.whileBlocked)
        #expect(base.presentation.requireSameScene && !policy.presentation.requireSameScene)
        #expect(base.rollout != nil && policy.rollout == nil)
        #expect(policy.triggers.map(\.id) == ["done"])
        let done = try #require(policy.trigger(id: "done"))
        #expect(done.event == "done" && done.within == nil && done.scenes == nil && done.when == nil)
        #expect(!base.allowedWarnings.isEmpty && policy.allowedWarnings.isEmpty)
    }

    @Test func anErrorFromTheBaseIsAtTheBasesLineWithANoteAtTheExtends() {
        let base = Self.base.replacingOccurrences(of: "cooldown: 7d", with: "cooldown: 7")
        let error = #expect(throws: DiagnosticError.self) {
            try Self.load("reviewgate: 1\nextends: base.yaml\nname: child\n", base: base)
        }
        let diagnostic = error?.diagnostics.first
        #expect(diagnostic?.location == SourceLocation(file: "base.yaml", line: 8, column: 13))
        #expect(diagnostic?.notes.map(\.location) == [SourceLocation(file: "child.yaml", line: 2, column: 10)])
        #expect(diagnostic?.notes.first?.message == "in the policy this one extends, base.yaml")
    }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}

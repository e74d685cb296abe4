import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateFiles
import ReviewGateTestSupport
@_spi(ReviewGateTools) import ReviewGateYAML
import Testing

@Suite struct PolicyLoaderTests {
    static let fixtures = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "Fixtures")

    @Test func extendsMergesMappingsKeyByKeyAndReplacesListsAndScalars() throws {
        let path = Self.fixtures.appending(path: "extends/child.yaml").path
        let policy = try PolicyLoader.files(Fixtures.documents).load(path: path).policy
        #expect(policy.name == "child")
        #expect(policy.app.storeID?.value == "1234567890")
        #expect(policy.app.versionKey == .build)
        let trigger = try #require(policy.trigger(id: "done"))
        #expect(trigger.count.value == .atLeast(4))  // from the base, merged under the child's mapping
        #expect(trigger.scenes?.value == ["Main"])  // the child's list replaces the base's
        guard case .cooldown(let cooldown)? = policy.guards[.cooldown]?.value else {
            Issue.record("no cooldown")
            return
        }
        #expect(cooldown.first == TimeSpan(duration: "14d") && !cooldown.isList)
        #expect(policy.guards[.oncePerVersion] != nil)
        #expect(policy.guards[.cooldown]?.location?.file.hasSuffix("child.yaml") == true)
        #expect(policy.guards[.oncePerVersion]?.location?.file.hasSuffix("base.yaml") == true)
    }

    /// The merge keeps only the child's `reviewgate`, so each file of the chain is asked first.
    @Test func aBaseOfANewerLanguageIsRefused() throws {
        let path = Self.fixtures.appending(path: "extends/child-of-newer.yaml").path
        let error = #expect(throws: DiagnosticError.self) {
            try PolicyLoader.files(Fixtures.documents).load(path: path)
        }
        let diagnostic = error?.diagnostics.first
        #expect(diagnostic?.message.contains("needs a newer reviewgate") == true)
        #expect(diagnostic?.location?.file.hasSuffix("newer-base.yaml") == true)
        #expect(diagnostic?.notes.first?.location?.file.hasSuffix("child-of-newer.yaml") == true)
    }

    @Test func cycleNamesTheChain() throws {
        let path = Self.fixtures.appending(path: "bad-policies/extends-cycle-a.yaml").path
        let error = #expect(throws: DiagnosticError.self) {
            try PolicyLoader.files(Fixtures.documents).load(path: path)
        }
        let message = error?.diagnostics.first?.message ?? ""
        #expect(message.contains("extends-cycle-a.yaml → "))
        #expect(message.contains("extends-cycle-b.yaml → "))
        #expect(message.hasSuffix("extends-cycle-a.yaml"))
    }

    @Test func everyErrorIsReportedUpToFifty() {
        var yaml = "reviewgate: 1\nname: many\ntriggers:\n"
        for index in 0..<60 { yaml += "  t\(index): {at_least: 0}\n" }
        let errors = Fixtures.errors(yaml)
        #expect(errors.count == 50)
    }

    @Test func newerLanguageIsRefusedBeforeOtherKeys() {
        let errors = Fixtures.errors("reviewgate: 2\nname: x\nfuture_key: 1\ntriggers: {a: {at_least: 1}}")
        #expect(errors.count == 1)
        #expect(errors.first?.message.contains("needs a newer reviewgate") == true)
    }

    @Test func filePathsNormalise() {
        #expect(PathArithmetic.resolve("../b.yaml", from: "policies/x/a.yaml") == "policies/b.yaml")
        #expect(PathArithmetic.resolve("b.yaml", from: "a.yaml") == "b.yaml")
        #expect(PathArithmetic.resolve("./c/../b.yaml", from: "/p/a.yaml") == "/p/b.yaml")
    }
}

@Suite struct PolicyLintTests {
    @Test func askingAtLaunchOrFromAButtonIsWarned() throws {
        let warnings = try Fixtures.warnings(
            "reviewgate: 1\nname: t\ntriggers: {a: {at_least: 1}}\nguards: {never_on: [], cooldown: 1d}")
        #expect(warnings.contains { $0.message.contains("may ask at launch") && $0.location?.line == 4 })
        #expect(warnings.contains { $0.message.contains("may ask from a button") })
    }

    @Test func defaultsAreQuiet() throws {
        let warnings = try Fixtures.warnings(
            "reviewgate: 1\nname: t\ntriggers: {a: {at_least: 1}}\nguards: {cooldown: 7d}")
        #expect(warnings.isEmpty)
    }

    @Test func nothingLimitingHowOftenIsWarned() throws {
        let warnings = try Fixtures.warnings(
            "reviewgate: 1\nname: t\napp: {platform: android}\ntriggers: {a: {at_least: 1}}")
        #expect(warnings.map(\.rule) == [.noLimit])
        #expect(warnings.contains { $0.message.contains("nothing limits how often") })
    }

    /// The iOS quota limits asks to 3 a year but lets them come 20 minutes apart: without a
    /// cooldown, once_per_version or a limit of one, a policy may spend it in one evening.
    @Test func nothingSpacingAsksApartIsWarnedAtTheGuardsLine() throws {
        let bare = try Fixtures.warnings("reviewgate: 1\nname: t\ntriggers: {a: {at_least: 1}}")
        #expect(bare.map(\.rule) == [.noSpacing])
        #expect(bare.first?.message.contains("spend iOS's whole quota of 3 a year") == true)
        let located = try Fixtures.warnings(
            "reviewgate: 1\nname: t\ntriggers: {a: {at_least: 1}}\nguards:\n  min_install_age: 7d\n  max_asks: {count: 2}"
        )
        #expect(located.map(\.rule) == [.noSpacing])
        #expect(located.first?.location?.line == 4 && located.first?.location?.column == 1)
        for spacing in [
            "cooldown: 1d", "once_per_version: true", "max_asks: {count: 1, per: 30d}", "max_asks: {count: 1}",
            "system_quota: {max: 1, per: 180d}",
        ] {
            #expect(
                try Fixtures.warnings("reviewgate: 1\nname: t\ntriggers: {a: {at_least: 1}}\nguards: {\(spacing)}")
                    .isEmpty, "\(spacing)")
        }
        for short in ["cooldown: 0s", "cooldown: 10m", "max_asks: {count: 1, per: 1h}"] {
            #expect(
                try Fixtures.warnings("reviewgate: 1\nname: t\ntriggers: {a: {at_least: 1}}\nguards: {\(short)}")
                    .map(\.rule) == [.noSpacing], "\(short) lets three asks into one evening")
        }
        let allowed = try Fixtures.warnings(
            "reviewgate: 1\nname: t\ntriggers: {a: {at_least: 1}}\nlint: {allow: [no_spacing]}")
        #expect(allowed.isEmpty)
    }

    @Test func aStoreIDOfTheOtherPlatformIsWarned() throws {
        let android = try Fixtures.warnings(
            "reviewgate: 1\nname: t\napp: {platform: android, store_id: \"1\"}\ntriggers: {a: {at_least: 1}}\nguards: {cooldown: 1d}"
        )
        #expect(android.map(\.rule) == [.storeLinkUnused])
        let ios = try Fixtures.warnings(
            "reviewgate: 1\nname: t\napp: {package: com.example.app}\ntriggers: {a: {at_least: 1}}\nguards: {cooldown: 1d}"
        )
        #expect(ios.map(\.rule) == [.storeLinkUnused])
    }

    @Test func aPolicyThatCanNeverAskIsWarned() throws {
        let everySource = try Fixtures.warnings(
            "reviewgate: 1\nname: t\ntriggers: {a: {at_least: 1}}\nguards: {never_on: [launch, user_action, system]}")
        #expect(everySource.map(\.rule) == [.neverAsks])
        #expect(everySource.first?.message.contains("never_on lists every source") == true)
        for when in ["{any: []}", "{all: [{flag: a}, {any: []}]}", "{not: {all: []}}"] {
            let warnings = try Fixtures.warnings(
                "reviewgate: 1\nname: t\ntriggers: {a: {at_least: 1}}\nguards: {when: \(when)}")
            #expect(warnings.map(\.rule) == [.neverAsks], "\(when)")
        }
        #expect(
            try Fixtures.warnings(
                "reviewgate: 1\nname: t\ntriggers: {a: {at_least: 1}}\nguards: {cooldown: 1d, when: {any: [{flag: a}, {all: []}]}}"
            )
            .isEmpty)
    }

    @Test(arguments: [
        ("{max: 3, per: 30d}", "allows up to 39 asks in 365 days"),
        ("{max: 1, per: 120d}", "allows up to 4 asks in 365 days"),
        ("{max: 4, per: 365d}", "allows up to 4 asks in 365 days"),
    ])
    func anIOSQuotaLooserThanTheOSIsWarned(_ quota: String, _ phrase: String) throws {
        let warnings = try Fixtures.warnings(
            "reviewgate: 1\nname: t\ntriggers: {a: {at_least: 1}}\nguards: {cooldown: 1d, system_quota: \(quota)}")
        #expect(warnings.map(\.rule) == [.quotaAboveOS])
        #expect(warnings.first?.message.contains(phrase) == true, "\(warnings)")
    }

    @Test(arguments: ["{max: 1, per: 180d}", "{max: 3, per: 365d}", "{max: 2, per: 730d}"])
    func anIOSQuotaWithinTheOSsIsQuiet(_ quota: String) throws {
        #expect(
            try Fixtures.warnings(
                "reviewgate: 1\nname: t\ntriggers: {a: {at_least: 1}}\nguards: {cooldown: 1d, system_quota: \(quota)}"
            ).isEmpty)
    }

    @Test func aWarningTheTeamMeansIsAllowedByItsID() throws {
        let yaml = "reviewgate: 1\nname: t\ntriggers: {a: {at_least: 1}}\nguards: {never_on: [], cooldown: 1d}"
        #expect(Set(try Fixtures.warnings(yaml).compactMap(\.rule)) == [.askAtLaunch, .askFromButton])
        #expect(try Fixtures.warnings(yaml + "\nlint: {allow: [ask_at_launch]}").compactMap(\.rule) == [.askFromButton])
        let errors = Fixtures.errors(yaml + "\nlint: {allow: [ask_at_lunch]}")
        #expect(errors.contains { $0.message.contains("did you mean \"ask_at_launch\"") }, "\(errors)")
    }

    @Test func launchTriggerBlockedByNeverOnIsWarned() throws {
        let warnings = try Fixtures.warnings("reviewgate: 1\nname: t\ntriggers: {open: {event: launch, at_least: 3}}")
        #expect(warnings.contains { $0.message.contains("can never allow") && $0.location?.line == 3 })
    }

    /// The three-week rule asks at launch on purpose, and says so under `lint`.
    @Test func threeWeekRuleAcknowledgesAskingAtLaunch() throws {
        let path = Repository.root.appending(path: "policies/three-week-rule.yaml").path
        let result = try PolicyLoader.files(Fixtures.documents).load(path: path)
        #expect(result.warnings.isEmpty)
        #expect(result.policy.allowedWarnings == [.askAtLaunch])
    }

    @Test(arguments: ["apple-sample.yaml", "treaty.yaml"])
    func otherShippedPoliciesHaveNoWarnings(_ name: String) throws {
        let path = Repository.root.appending(path: "policies/\(name)").path
        #expect(try PolicyLoader.files(Fixtures.documents).load(path: path).warnings.isEmpty)
    }
}

/// A key in the wrong section is told where it belongs; a section whose lines lost their
/// indentation, or `key:value` without a space, says so.
@Suite struct MisplacedKeyTests {
    @Test func aKeyInTheWrongSectionIsToldWhereItBelongs() {
        let errors = Fixtures.errors(
            """
            reviewgate: 1
            name: demo
            cooldown: 30d
            triggers:
              done: {at_least: 3, cooldown: 2d}
            guards:
              within: 7d
              delay: 2s
            """
        ).map(\.message)
        #expect(
            errors == [
                "unknown key \"cooldown\" in the policy; cooldown is a guard, so it belongs under guards",
                "unknown key \"cooldown\" in trigger \"done\"; cooldown is a guard, so it belongs under guards",
                "unknown key \"within\" in guards; within belongs to a trigger, under triggers and the trigger's id",
                "unknown key \"delay\" in guards; delay belongs under presentation",
            ])
    }

    @Test func aSectionWithNothingUnderItAsksAboutIndentation() {
        let errors = Fixtures.errors("reviewgate: 1\nname: demo\ntriggers: {done: {at_least: 1}}\nguards:\n")
        #expect(
            errors.map(\.message) == [
                "guards must be a mapping; found nothing under it (are the lines below it meant to be indented under it?)"
            ])
    }

    @Test func aKeyWithoutASpaceIsNamedWhereAMappingIsWanted() {
        let errors = Fixtures.errors(
            "reviewgate: 1\nname: demo\ntriggers: {done: {at_least: 1}}\nguards:\n  cooldown:30d\n")
        #expect(
            errors.map(\.message) == [
                "guards must be a mapping; found the text \"cooldown:30d\"; YAML needs a space after the colon of a key: cooldown: 30d"
            ])
    }
}

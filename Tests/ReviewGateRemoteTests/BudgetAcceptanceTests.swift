import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateRemote
import ReviewGateRemoteTestSupport
import ReviewGateTestSupport
import Testing

/// The acceptance path for signed budgets (Semantics §12): the refusals of a policy, on the budget and on
/// each of its policies, and a file of the other kind refused as such both ways.
@Suite struct BudgetAcceptanceTests {
    static let files = Result { try BudgetUpdateFiles() }

    static func refusal(
        _ name: String, _ files: BudgetUpdateFiles, acceptance: UpdateAcceptance? = nil
    ) throws -> UpdateRefusal {
        let acceptance =
            acceptance ?? UpdateAcceptance(keys: [files.key.publicKey], appVersion: UpdateFiles.appVersion)
        let bytes = try #require(files.cases.first { $0.name == name }?.bytes)
        guard case .failure(let refusal) = acceptance.checkBudget(bytes, file: name) else {
            Issue.record("\(name) was accepted")
            throw CancellationError()
        }
        return refusal
    }

    @Test func everyCaseGetsItsReason() throws {
        let files = try Self.files.get()
        let acceptance = UpdateAcceptance(keys: [files.key.publicKey], appVersion: UpdateFiles.appVersion)
        var accepted: [String] = []
        for (name, bytes, expected) in files.cases {
            switch acceptance.checkBudget(bytes, file: name) {
            case .success(let budget):
                #expect(expected == nil, "\(name) was accepted; expected \(expected?.rawValue ?? "")")
                #expect(budget.budget.name == "remote-budget")
                #expect(budget.signed.kind == .budget)
                #expect(budget.budget.digest == budget.signed.digest)
                accepted.append(name)
            case .failure(let refusal):
                #expect(refusal.reason == expected, "\(name): \(refusal)")
                #expect(!refusal.diagnostics.isEmpty, "\(name) was refused without a diagnostic")
                #expect(refusal.diagnostics.allSatisfy { $0.severity == .error })
            }
        }
        #expect(accepted == ["good.json", "other.json", "same-app.json"])
    }

    /// A signed budget is no policy, and a signed policy no budget: each is refused as the other
    /// kind, by the domain its signature verifies under, with what it is and what is expected.
    @Test func aFileOfTheOtherKindIsRefusedAsSuch() throws {
        let files = try Self.files.get()
        let acceptance = UpdateAcceptance(keys: [files.key.publicKey], appVersion: UpdateFiles.appVersion)
        let budgetAsPolicy = try #require(throws: UpdateRefusal.self) {
            try acceptance.check(files.good, file: "b.json").get()
        }
        #expect(budgetAsPolicy.reason == .wrongKind)
        #expect(
            budgetAsPolicy.diagnostics[0].message
                == "this is a signed budget (remote-budget), and a signed policy is expected here: an app takes a policy update with RemotePolicy and a budget update with RemoteBudget"
        )
        let policyAsBudget = try Self.refusal("signed-policy.json", files)
        #expect(
            policyAsBudget.diagnostics[0].message.hasPrefix("this is a signed policy (remote), and a signed budget"))
        let compiledPolicy = try Self.refusal("compiled-policy.json", files)
        #expect(
            compiledPolicy.diagnostics[0].message == "this is a compiled policy, and a signed budget is expected here")
        let unsignedBudget = try #require(throws: UpdateRefusal.self) {
            try acceptance.check(files.shipped, file: "b.json").get()
        }
        #expect(unsignedBudget.reason == .wrongKind)
        #expect(
            unsignedBudget.diagnostics[0].message == "this is a compiled budget, and a signed policy is expected here")
        let misused = try Self.refusal("policy-signed-as-budget.json", files)
        #expect(misused.diagnostics[0].message.hasPrefix("this is signed as a budget but holds a compiled policy"))
        // The policy path still takes its own kind.
        #expect(throws: Never.self) { try acceptance.check(files.policies.good, file: "p.json").get() }
    }

    @Test func refusalsSayWhereAndWhy() throws {
        let files = try Self.files.get()
        let app = try Self.refusal("newer-app.json", files).diagnostics[0]
        #expect(
            app.message
                == "the policy of prompt review (remote) needs app marketing version 2.0 or later, and this app is version 1.0"
        )
        // At the policy's requires line, relative to the budget's folder as compiled.
        #expect(app.location?.file == "review.yaml")
        #expect(app.location?.line == 6)
        let language = try Self.refusal("newer-language.json", files).diagnostics[0]
        #expect(language.notes.map(\.message) == ["in the policy of prompt review"])
        let unsigned = try Self.refusal("unsigned.json", files).diagnostics[0]
        #expect(unsigned.message == "this compiled budget is not signed: sign it")
        #expect(unsigned.advice == .sign)
        let large = try Self.refusal("too-large.json", files).diagnostics[0]
        #expect(
            large.message.contains(
                DocumentLimits.sizeMessage(size: try Self.size("too-large.json", files), limit: 1 << 20)))
        let edited = try Self.refusal("edited-digest.json", files).diagnostics[0]
        #expect(edited.message.hasSuffix("it was edited after compiling; compile the YAML again"))
        let name = try Self.refusal("tampered-name.json", files).diagnostics[0]
        #expect(name.message.hasPrefix("the signed budget says it holds remote-budget2 sha256:"))
    }

    static func size(_ name: String, _ files: BudgetUpdateFiles) throws -> Int {
        try #require(files.cases.first { $0.name == name }).bytes.count
    }

    @Test func anOlderLibraryRefusesWhatAPolicyOfTheBudgetRequires() throws {
        let files = try Self.files.get()
        let signed = try BudgetUpdateFiles.signed(
            BudgetUpdateFiles.yaml(
                count: 1, policyExtra: "requires: {library_version: \"\(LibraryVersion.current.dotted)\"}"),
            key: files.key)
        let current = UpdateAcceptance(keys: [files.key.publicKey], appVersion: nil)
        #expect(throws: Never.self) { try current.checkBudget(signed, file: "u.json").get() }
        let older = UpdateAcceptance(
            keys: [files.key.publicKey], appVersion: nil, library: try #require(AppVersionNumber("0.1")))
        let refusal = try #require(throws: UpdateRefusal.self) { try older.checkBudget(signed, file: "u.json").get() }
        #expect(refusal.reason == .libraryTooOld)
        #expect(refusal.diagnostics[0].notes.map(\.message) == ["in the policy of prompt review"])
    }

    /// Without an app version (`verify` without `--app-version`) a policy's app requirement is left.
    @Test func noAppVersionLeavesTheAppRequirement() throws {
        let files = try Self.files.get()
        let bytes = try #require(files.cases.first { $0.name == "newer-app.json" }).bytes
        let acceptance = UpdateAcceptance(keys: [files.key.publicKey], appVersion: nil)
        #expect(throws: Never.self) { try acceptance.checkBudget(bytes, file: "a.json").get() }
    }

    /// Any one byte of a signed budget changed (bit 0 flipped) is refused.
    @Test func everyByteFlippedIsRefused() throws {
        let files = try Self.files.get()
        let acceptance = UpdateAcceptance(keys: [files.key.publicKey], appVersion: UpdateFiles.appVersion)
        let accepted = UpdateFiles.flipsAccepted(files.good) { bytes in
            (try? acceptance.checkBudget(bytes, file: "flipped.json").get()) != nil
        }
        #expect(accepted.isEmpty, "accepted with byte \(accepted.prefix(5)) flipped")
    }
}

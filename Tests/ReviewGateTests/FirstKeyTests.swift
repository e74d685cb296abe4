@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateScenarios
import Testing

/// The one table of first keys (`LanguageFile(firstKey:)`), which `validate` and the editor read a
/// file's kind from, names each format's own key constant.
@Suite struct FirstKeyTests {
    @Test("every format key is known as its file, and any other first key is a policy's")
    func formatKeys() {
        #expect(LanguageFile(firstKey: BudgetDecoder.formatKey) == .budget)
        #expect(LanguageFile(firstKey: CompiledBudget.formatKey) == .compiledBudget)
        #expect(LanguageFile(firstKey: CompiledPolicy.formatKey) == .compiledPolicy)
        #expect(LanguageFile(firstKey: CompiledScenario.formatKey) == .compiledScenario)
        #expect(LanguageFile(firstKey: PersonRecord.formatKey) == .person)
        #expect(LanguageFile(firstKey: "reviewgate_state") == .state)
        #expect(LanguageFile(firstKey: "reviewgate_scenario") == .scenario)
        #expect(LanguageFile(firstKey: "reviewgate") == .policy)
        #expect(LanguageFile(firstKey: "") == .policy)
    }
}

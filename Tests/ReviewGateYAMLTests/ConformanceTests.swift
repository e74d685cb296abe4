import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateYAML
import Testing

/// The loader against the public YAML test suite: valid cases read as their `in.json`, error cases
/// are refused, nothing crashes. libyaml 0.2.5's own misreadings are listed in ``KnownDeviations``.
@Suite struct ConformanceTests {
    @Test func suiteIsPresent() {
        #expect(
            YAMLTestSuiteCase.all.count > 300,
            "the YAML test suite is missing at \(YAMLTestSuiteCase.root.path); set REVIEWGATE_YAML_TEST_SUITE")
    }

    @Test(arguments: YAMLTestSuiteCase.all.filter { $0.isError })
    func errorCaseIsRefused(_ testCase: YAMLTestSuiteCase) {
        let refused = (try? YAMLLoader().load(testCase.input, file: "in.yaml")) == nil
        if let reason = KnownDeviations.acceptsInvalid[testCase.id] {
            #expect(!refused, "listed as accepted by libyaml (\(reason)) but now refused: update the list")
        } else {
            #expect(refused, "\(testCase.id) \(testCase.title): accepted, but the suite says it is an error")
        }
    }

    @Test(arguments: YAMLTestSuiteCase.all.filter { !$0.isError && $0.json != nil })
    func validCaseReadsAsItsJSON(_ testCase: YAMLTestSuiteCase) throws {
        let expected = try JSONStream.values(testCase.json!).map(JSONStream.canonical)
        let documents: [DocumentNode]
        do {
            documents = try YAMLLoader().load(testCase.input, file: "in.yaml")
        } catch {
            #expect(KnownDeviations.rejectsValid[testCase.id] != nil, "\(testCase.id) \(testCase.title): \(error)")
            return
        }
        #expect(KnownDeviations.rejectsValid[testCase.id] == nil, "listed as rejected by libyaml but now read")
        let actual = try documents.map { try JSONStream.canonical(JSONWriter().string($0.jsonValue)) }
        if let reason = KnownDeviations.misreadsValid[testCase.id] {
            #expect(actual != expected, "listed as misread (\(reason)) but now read right: update the list")
        } else {
            #expect(actual == expected, "\(testCase.id) \(testCase.title)")
        }
    }

    @Test(arguments: YAMLTestSuiteCase.all.filter { !$0.isError && $0.json == nil })
    func validCaseWithoutJSONLoads(_ testCase: YAMLTestSuiteCase) {
        let loaded = (try? YAMLLoader().load(testCase.input, file: "in.yaml")) != nil
        let refused = KnownDeviations.rejectsValid[testCase.id] ?? KnownDeviations.refusedByDesign[testCase.id]
        #expect(loaded == (refused == nil), "\(testCase.id) \(testCase.title)")
    }
}

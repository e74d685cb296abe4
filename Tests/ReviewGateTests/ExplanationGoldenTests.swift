import Foundation
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
@_spi(ReviewGateTools) import ReviewGateFiles
import ReviewGateTestSupport
import Testing

/// The library's text and JSON renderers, in process, against the same golden files as
/// `evaluate --explain` and `--format json` (which print them with a final newline).
@Suite struct ExplanationGoldenTests {
    @Test(arguments: ExplanationCase.all)
    func renderersMatchTheGoldens(_ testCase: ExplanationCase) throws {
        // Files named as the command line names them from the repository's root, wherever the tests run.
        let read: PolicyLoader.DocumentReader = { path throws(DiagnosticError) in
            let bytes: [UInt8]
            do throws(FileError) {
                bytes = try FileBytes.read(Repository.path(path), maxBytes: 1 << 20)
            } catch {
                throw DiagnosticError(reading: error)
            }
            return try Fixtures.documents.parse(bytes, path)
        }
        let policy = try PolicyLoader(reading: read).load(path: "policies/\(testCase.policy).yaml").policy
        let state = try StateDecoder.decode(
            read("policies/examples/\(testCase.state)"), versionKey: policy.app.versionKey)
        let decision = try Evaluator.evaluate(policy, state: state, moment: testCase.libraryMoment)
        #expect(decision.isAllowed == (testCase.status == 0))
        let text = TextExplanation(color: false).render(decision, policy: policy) + "\n"
        let json = JSONExplanation.render(decision, policy: policy) + "\n"
        for (rendered, format) in [(text, ExplanationCase.Format.text), (json, .json)] {
            let outcome = Golden.check(rendered, against: testCase.golden(format))
            #expect(outcome == .matches, "\(outcome)")
        }
    }
}

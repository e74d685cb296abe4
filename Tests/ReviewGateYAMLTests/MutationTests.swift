@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateAuthoring
import ReviewGateTestSupport
@_spi(ReviewGateTools) import ReviewGateYAML
import Testing

/// No input crashes or hangs the loader or the decoders: every YAML test suite input, mutated at
/// random (seeded, so a failure repeats), is either read or refused with located diagnostics.
@Suite struct MutationTests {
    static let alphabet = Array("-:?[]{},&*!|>'\"%@`#\t\n ~0x1e.<".utf8) + [0xC3, 0xFF, 0x00]

    @Test func mutatedInputsAreReadOrRefusedWithPositions() {
        var random = SplitMix(seed: 2026)
        var refused = 0
        var read = 0
        for testCase in YAMLTestSuiteCase.all {
            let original = testCase.input
            for _ in 0..<12 {
                let bytes = Mutation.mutate(original, alphabet: Self.alphabet, using: &random)
                do {
                    let documents = try YAMLLoader().load(bytes, file: "m.yaml")
                    read += 1
                    // The decoders take any tree: they refuse it with diagnostics, never crash.
                    for document in documents {
                        _ = try? PolicyLoader.decode(document)
                        _ = try? StateDecoder.decode(document, versionKey: .short)
                    }
                } catch {
                    refused += 1
                    for diagnostic in error.diagnostics {
                        #expect(
                            (diagnostic.location?.line ?? 0) >= 1 && (diagnostic.location?.column ?? 0) >= 1,
                            "\(testCase.id): \(diagnostic)")
                    }
                }
            }
        }
        #expect(read > 100 && refused > 100)
    }
}

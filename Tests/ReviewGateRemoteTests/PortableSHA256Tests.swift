import Crypto
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateRemote
import ReviewGateTestSupport
import Testing

/// The build plugin's tool hashes with `PortableSHA256` (no swift-crypto): it must give what
/// swift-crypto gives, on every padding case and on random inputs.
@Suite struct PortableSHA256Tests {
    @Test func theStandardsExamples() {
        // FIPS 180-4's examples (NIST's "SHA256.pdf"): one block, two blocks, and the empty message.
        let hex = { (text: String) in
            PortableSHA256.hash(Array(text.utf8)).map { String($0, radix: 16) }.map {
                $0.count == 1 ? "0" + $0 : $0
            }.joined()
        }
        #expect(hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    /// The inputs are random from a fixed seed, which each failure names: the same bytes every run.
    static let seed: UInt64 = 256

    @Test func everyLengthUpTo300BytesAgreesWithSwiftCrypto() {
        var random = SplitMix(seed: Self.seed)
        for length in 0...300 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            #expect(
                PortableSHA256.hash(bytes) == Array(SHA256.hash(data: bytes)), "length \(length), seed \(Self.seed)")
        }
    }

    @Test func randomInputsAndThePolicyDigestAgreeWithSwiftCrypto() {
        var random = SplitMix(seed: Self.seed + 1)
        for index in 0..<500 {
            let bytes = (0..<Int.random(in: 0...20_000, using: &random)).map { _ in
                UInt8.random(in: 0...255, using: &random)
            }
            #expect(
                PortableSHA256.policyDigest(bytes) == CompiledDigest.sha256(bytes),
                "input \(index) of seed \(Self.seed + 1), \(bytes.count) bytes: \(bytes.prefix(64))…")
        }
    }
}

/// Seeded random edits of an input, for the readers' no-crash tests: each replaces, removes or
/// inserts a byte from an alphabet of the bytes that matter to the reader.
package enum Mutation {
    /// `bytes` with one to four random edits.
    package static func mutate(_ bytes: [UInt8], alphabet: [UInt8], using random: inout SplitMix) -> [UInt8] {
        var bytes = bytes
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &random)
            let byte = alphabet.randomElement(using: &random)!
            switch Int.random(in: 0..<3, using: &random) {
            case 0 where !bytes.isEmpty: bytes[position] = byte
            case 1 where !bytes.isEmpty: bytes.remove(at: position)
            default: bytes.insert(byte, at: min(position, bytes.count))
            }
        }
        return bytes
    }
}

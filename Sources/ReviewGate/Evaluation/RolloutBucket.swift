/// The rollout bucket: FNV-1a 64 of the UTF-8 of `salt + ":" + user_id`, modulo 10,000, so the same
/// person lands in the same bucket on every platform.
package enum RolloutBucket {
    /// FNV-1a 64-bit over bytes.
    package static func fnv1a64<S: Sequence>(_ bytes: S, seed: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64
    where S.Element == UInt8 {
        var hash = seed
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// The bucket 0–9999 of a person under a salt, hashed without building the joined string.
    package static func bucket(salt: String, userID: String) -> Int {
        var hash = fnv1a64(salt.utf8)
        hash = fnv1a64(CollectionOfOne(UInt8(ascii: ":")), seed: hash)
        hash = fnv1a64(userID.utf8, seed: hash)
        return Int(hash % 10_000)
    }
}

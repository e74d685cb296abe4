/// A version of the assignment hash that buckets people for `rollout` and `experiment` (Semantics §13
/// *Hash versions*). A policy without `hash` is `v1`, forever, so that no person moves when a file is
/// compiled again by a later release.
package enum HashVersion: String, Sendable, Hashable, CaseIterable {
    /// FNV-1a 64 of `salt + ":" + user_id`, modulo 10,000: sequential ids (`u1`, `u2`, …) split
    /// less evenly than chance, because the bucket's low digits follow the id's last characters.
    case v1
    /// v1's FNV-1a 64 value mixed by MurmurHash3's 64-bit finalizer, then modulo 10,000: sequential
    /// ids split as random ones do.
    case v2

    /// How a bucket's words name the version: `nil` for v1, whose words are as before the second
    /// hash; `hash v2` for another.
    package var label: String? {
        self == .v1 ? nil : "hash \(rawValue)"
    }

    /// Whether `text` names a hash version a later release may know (`v` and a number above this
    /// library's last, `v3`): refused as too new; anything else (`v0`, `v01`, `fnv`) as a mistake.
    package static func isLaterVersion(_ text: String) -> Bool {
        // By hand over the bytes: a parse to `Int` links 1.7 KB into every app (issue 54's budget).
        var digits = text.utf8.makeIterator()
        guard digits.next() == UInt8(ascii: "v"), var digit = digits.next(), digit != UInt8(ascii: "0") else {
            return false
        }
        var number = 0
        var count = 0
        while true {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit), count < 9 else { return false }
            number = number * 10 + Int(digit - UInt8(ascii: "0"))
            count += 1
            guard let next = digits.next() else { break }
            digit = next
        }
        return number > allCases.count
    }
}

/// The assignment bucket (Semantics §4.12, §13): FNV-1a 64 of the UTF-8 of `salt + ":" + user_id`,
/// mixed under hash `v2`, modulo 10,000, so the same person lands in the same bucket on every platform.
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

    /// MurmurHash3's 64-bit finalizer (`fmix64`): every bit of `x` moves every bit of the result.
    package static func mix(_ x: UInt64) -> UInt64 {
        var x = x
        x ^= x >> 33
        x = x &* 0xff51_afd7_ed55_8ccd
        x ^= x >> 33
        x = x &* 0xc4ce_b9fe_1a85_ec53
        x ^= x >> 33
        return x
    }

    /// The bucket 0–9999 of a person under a salt and a hash version, hashed without building the
    /// joined string.
    package static func bucket(salt: String, userID: String, hash version: HashVersion) -> Int {
        var hash = fnv1a64(salt.utf8)
        hash = fnv1a64(CollectionOfOne(UInt8(ascii: ":")), seed: hash)
        hash = fnv1a64(userID.utf8, seed: hash)
        switch version {
        case .v1: return Int(hash % 10_000)
        case .v2: return Int(mix(hash) % 10_000)
        }
    }
}

// The names of `ReviewGateRemote`'s types before 0.6, deprecated until 1.0. A signed file, its
// keys and its digest serve budgets as well as policies, so they are named for what they are: a
// remote update, and a compiled file's digest.

/// ``SignedUpdate``, by its name before 0.6.
@available(*, deprecated, renamed: "SignedUpdate")
public typealias SignedPolicy = SignedUpdate

/// ``UpdateSigningKey``, by its name before 0.6.
@available(*, deprecated, renamed: "UpdateSigningKey")
public typealias PolicySigningKey = UpdateSigningKey

/// ``UpdatePublicKey``, by its name before 0.6.
@available(*, deprecated, renamed: "UpdatePublicKey")
public typealias PolicyPublicKey = UpdatePublicKey

/// ``CompiledDigest``, by its name before 0.6.
@available(*, deprecated, renamed: "CompiledDigest")
public typealias PolicyDigest = CompiledDigest

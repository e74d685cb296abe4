// The names of `ReviewGateRemote`'s types in 0.4, deprecated since 0.5 and until 1.0. A signed file, its
// keys and its digest serve budgets as well as policies, so they are named for what they are: a
// remote update, and a compiled file's digest.

/// ``SignedUpdate``, by its 0.4 name.
@available(*, deprecated, renamed: "SignedUpdate")
public typealias SignedPolicy = SignedUpdate

/// ``UpdateSigningKey``, by its 0.4 name.
@available(*, deprecated, renamed: "UpdateSigningKey")
public typealias PolicySigningKey = UpdateSigningKey

/// ``UpdatePublicKey``, by its 0.4 name.
@available(*, deprecated, renamed: "UpdatePublicKey")
public typealias PolicyPublicKey = UpdatePublicKey

/// ``CompiledDigest``, by its 0.4 name.
@available(*, deprecated, renamed: "CompiledDigest")
public typealias PolicyDigest = CompiledDigest

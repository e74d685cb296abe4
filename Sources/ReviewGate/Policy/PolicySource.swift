/// Where a prompter gets the policy for each moment: a compiled policy the app ships (a ``Policy``
/// is its own source), or `ReviewGateRemote`'s `RemotePolicy`, which changes when an update is
/// accepted. Read once per moment; an ask keeps the policy it was decided under.
public protocol PolicySource: Sendable {
    /// The policy to decide the next moment with.
    var policy: Policy { get }
}

extension Policy: PolicySource {
    /// The policy itself: a shipped policy never changes.
    public var policy: Policy { self }
}

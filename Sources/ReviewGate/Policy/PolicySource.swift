/// Where a prompter gets the policy for each moment when it can change while the app runs:
/// `ReviewGateRemote`'s `RemotePolicy`, which changes when an update is accepted (a prompter takes
/// a ``Policy`` the app ships as it is). Read once per moment; an ask keeps the policy it was decided under.
public protocol PolicySource: Sendable {
    /// The policy to decide the next moment with.
    var policy: Policy { get }
}

/// What offering an update to a ``RemotePolicy`` (`Value` is `Policy`) or a ``RemoteBudget``
/// (`Budget`) did.
public enum UpdateOutcome<Value: Sendable>: Sendable {
    /// The update passed, was kept, and decides from now on.
    case accepted(Value)
    /// The update is the very file already kept: nothing changed.
    case unchanged(Value)
    /// The update was refused; what was running still is.
    case refused(UpdateRefusal)
}

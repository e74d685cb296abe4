/// Where a prompter gets the budget for each moment: a compiled budget the app ships (a ``Budget``
/// is its own source), or `ReviewGateRemote`'s remote budget, which changes when an update is
/// accepted. Read once per moment; a granted prompt keeps the budget it was granted under.
public protocol BudgetSource: Sendable {
    /// The budget to arbitrate the next moment with.
    var budget: Budget { get }
}

extension Budget: BudgetSource {
    /// The budget itself: a shipped budget never changes.
    public var budget: Budget { self }
}

/// Where a prompter gets the budget for each moment when it can change while the app runs:
/// `ReviewGateRemote`'s remote budget, which changes when an update is accepted (a prompter takes a
/// ``Budget`` the app ships as it is). Read once per moment; a granted prompt keeps the budget it was granted under.
public protocol BudgetSource: Sendable {
    /// The budget to arbitrate the next moment with.
    var budget: Budget { get }
}

@_spi(ReviewGateTools) import ReviewGate

/// A prompter reads ``RemoteBudget/budget`` at each moment, so an accepted update arbitrates the next one.
extension RemoteBudget: BudgetSource {}

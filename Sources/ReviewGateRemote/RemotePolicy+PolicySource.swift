@_spi(ReviewGateTools) import ReviewGate

/// A prompter reads ``RemotePolicy/policy`` at each moment, so an accepted update decides the next one.
extension RemotePolicy: PolicySource {}

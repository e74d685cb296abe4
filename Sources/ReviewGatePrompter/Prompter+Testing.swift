import ReviewGate

extension Prompter {
    /// Writes what every change owes the state (the running version, an owed ask, the app's user
    /// id) and nothing else: what an updated app's first change writes, for the test kit's
    /// `update:` step (Semantics §16.2).
    package func settle() async {
        let (now, ruling) = (timestamp(), ruling())
        let change: @Sendable (inout ReviewState) -> Void = { _ in }
        _ = await onDisk(at: now, rules: ruling.stateRules, change)
    }
}

extension Prompter {
    /// The scene the app reported last (``scene(_:)``, or a moment's): what the test kit's recording
    /// presenter notes with each presentation.
    package var reportedScene: String? { currentScene }
}

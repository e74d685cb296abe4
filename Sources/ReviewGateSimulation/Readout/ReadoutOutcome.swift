@_spi(ReviewGateTools) import ReviewGate

/// What a readout counts after each person's trigger (Semantics §15): an event's lines, the answers
/// of one kind to the app's pre-prompt (`response:rated`, `response:declined`, `response:later`),
/// or launches.
public enum ReadoutOutcome: Sendable, Hashable, CustomStringConvertible {
    /// An `event` line of this name, or of an old name of it (Semantics §14.4).
    case event(String)
    /// A `response` line of this kind.
    case response(ResponseKind)
    /// A `launch` line.
    case launch

    /// The outcome `--outcome` names: `launch`, `response:KIND`, or an event's name. A
    /// `response:` of no kind is `nil`.
    public init?(_ text: String) {
        if text == Trigger.launchEvent {
            self = .launch
        } else if text.hasPrefix(Self.responsePrefix) {
            guard let kind = ResponseKind(rawValue: String(text.dropFirst(Self.responsePrefix.count))) else {
                return nil
            }
            self = .response(kind)
        } else if text.isEmpty {
            return nil
        } else {
            self = .event(text)
        }
    }

    /// How `--outcome` and the reports name it.
    public var description: String {
        switch self {
        case .event(let name): name
        case .response(let kind): Self.responsePrefix + kind.rawValue
        case .launch: Trigger.launchEvent
        }
    }

    private static let responsePrefix = "response:"

    /// What the input check looks for (Semantics §10 *What the input can tell*): the name, and the kind
    /// of line that sends it.
    var read: PolicyReads.Name {
        let by = "--outcome \(description)"
        switch self {
        case .event(let name): return PolicyReads.Name(kind: .event, name: name, by: by, location: nil)
        case .response(let kind): return PolicyReads.Name(kind: .response, name: kind.rawValue, by: by, location: nil)
        case .launch: return PolicyReads.Name(kind: nil, name: Trigger.launchEvent, by: by, location: nil)
        }
    }
}

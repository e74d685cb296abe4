/// Why a JSON state file cannot be decoded, as an app's prompter recovers from it (Semantics §11): a file
/// that is not JSON or not a state is moved aside and replaced; one that a newer reviewgate wrote
/// (a newer format, or a key this one does not know with a newer `written_by`) is left as it is.
package enum StateFailure: String, Sendable {
    /// Not JSON: empty, cut short, binary.
    case notJSON = "not_json"
    /// JSON, but not a state: a required field missing, a value of the wrong type or range.
    case invalid
    /// A newer reviewgate's state: its format, or a key this one does not know where `written_by`
    /// is newer than this reviewgate (and no required key is missing, at any depth).
    case newerState = "newer_state"

    /// Why `bytes` cannot be decoded as a JSON state; `nil` when they can.
    package init?(of bytes: [UInt8], file: String) {
        let root: DocumentNode
        do {
            root = try JSONReader().loadDocument(bytes, file: file)
        } catch {
            self = .notJSON
            return
        }
        var reader = NodeReader()
        let state = StateDecoder.decode(root, versionKey: nil, defaultInstalledAt: nil, reader: &reader)
        if FormatVersion.state.refusal(root["reviewgate_state"]) != nil {
            self = .newerState
        } else if reader.unknownKeys > 0, Self.newerWriter(root), reader.missingKeys == 0 {
            // A key this library does not know, in a newer library's state: left as it is.
            self = .newerState
        } else if state == nil || reader.hasErrors {
            self = .invalid
        } else {
            return nil
        }
    }

    /// Whether the state's `written_by` names a library newer than this one (Semantics §3).
    static func newerWriter(_ root: DocumentNode) -> Bool {
        guard case .string(let text)? = root["written_by"]?.scalar?.value,
            let writer = AppVersionNumber(release: text)
        else { return false }
        return writer > LibraryVersion.current
    }
}

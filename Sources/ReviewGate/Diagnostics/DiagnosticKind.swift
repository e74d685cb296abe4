/// The kind of an error, as the diagnostics reference names its page (`error-unknown-key.md` is
/// ``unknownKey``): the `code` of an error in `validate --format json` and in an editor.
package enum DiagnosticKind: String, Sendable, Hashable, CaseIterable {
    /// The file is not valid YAML (or JSON).
    case yamlSyntax = "yaml-syntax"
    /// A key written twice in one mapping.
    case duplicateKey = "duplicate-key"
    /// An empty file, or several YAML documents.
    case notOneDocument = "not-one-document"
    /// A key the section does not have.
    case unknownKey = "unknown-key"
    /// A required key is missing.
    case missingKey = "missing-key"
    /// A value of the wrong type.
    case wrongType = "wrong-type"
    /// A value of the right type that the key does not take.
    case invalidValue = "invalid-value"
    /// A duration in the wrong form.
    case badDuration = "bad-duration"
    /// A number below its least or above its most.
    case outOfRange = "out-of-range"
    /// A name that refers to something not defined.
    case undefinedReference = "undefined-reference"
    /// Settings that cannot hold together.
    case conflictingSettings = "conflicting-settings"
    /// An `extends` that cannot be followed.
    case extends
    /// A file past a limit: nesting, aliases, size.
    case limit
    /// A file that does not exist or cannot be read as text.
    case unreadableFile = "unreadable-file"
    /// A file written for a newer ReviewGate.
    case newerFormat = "newer-format"
    /// A compiled policy edited after compiling, or a signed policy where it is not taken.
    case compiledOrSigned = "compiled-or-signed"
}

extension DiagnosticError {
    /// The error with `kind` given to each of its diagnostics that has none yet.
    package func kind(_ kind: DiagnosticKind) -> DiagnosticError {
        var error = self
        for index in error.diagnostics.indices where error.diagnostics[index].kind == nil {
            error.diagnostics[index].kind = kind
        }
        return error
    }
}

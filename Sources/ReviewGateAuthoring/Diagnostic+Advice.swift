@_spi(ReviewGateTools) import ReviewGate

extension Diagnostic {
    /// The diagnostic as the command line says it: a remedy the library names
    /// (``Diagnostic/advice``) ends with the command that does it.
    package var advised: Diagnostic {
        guard let advice else { return self }
        var advised = self
        switch advice {
        case .compileAgain: advised.message += " with reviewgate compile"
        case .sign: advised.message += " with reviewgate compile --sign KEY"
        case .inputFormat: advised.message += ", or give --input-format jsonl|csv"
        case .verifySigned:
            advised.message +=
                ": check it with reviewgate verify --key KEY FILE, and give the other commands the YAML or the compiled policy"
        }
        advised.advice = nil
        return advised
    }
}

extension DiagnosticError {
    /// The error with each diagnostic as the command line says it.
    package var advised: DiagnosticError {
        var advised = self
        advised.diagnostics = diagnostics.map(\.advised)
        return advised
    }
}

import ArgumentParser
import ReviewGate
import ReviewGateYAML

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads input files for the commands, turning every failure into diagnostics.
enum InputFile {
    /// The bytes of a file, or a diagnostic saying why it cannot be read.
    static func bytes(_ path: String) throws(DiagnosticError) -> [UInt8] {
        var isDirectory: Bool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw DiagnosticError("no such file", at: SourceLocation(file: path, line: 1, column: 1))
        }
        guard !isDirectory, let data = FileManager.default.contents(atPath: path) else {
            throw DiagnosticError(
                isDirectory ? "is a folder, not a file" : "cannot be read", at: SourceLocation(file: path, line: 1, column: 1))
        }
        return [UInt8](data)
    }

    /// Prints each diagnostic to stderr.
    static func report(_ error: DiagnosticError) {
        for diagnostic in error.diagnostics { Terminal.printError(diagnostic.description) }
    }
}

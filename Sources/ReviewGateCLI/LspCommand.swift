import ArgumentParser
@_spi(ReviewGateTools) import ReviewGate
@_spi(ReviewGateTools) import ReviewGateFiles
@_spi(ReviewGateTools) import ReviewGateLanguageServer
@_spi(ReviewGateTools) import ReviewGateRemote

/// `reviewgate lsp`: the language server (Semantics §17) on standard input and output.
struct LspCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lsp", _superCommandName: "reviewgate",
        abstract:
            "Run the language server for editors: diagnostics as validate gives them, hover, completion and each scenario step's decision inline.",
        discussion: """
            Speaks LSP 3.17 (JSON-RPC) on standard input and output, for policies, budgets, scenarios, \
            state files and compiled files; an editor starts it (Documentation/guides/in-your-editor.md \
            shows the set-up for VS Code, Neovim, Helix, Zed and Emacs). Diagnostics are those of \
            reviewgate validate, published 50 ms after the last change. A policy with a comment \
            "# reviewgate: state FILE" (and "at 2026-11-22T10:00:00Z", else now) shows each trigger's \
            decision on that state.
            Exit codes: 0 after shutdown and exit, 1 when the input ends or exit comes without shutdown.
            """
    )

    func run() throws {
        let server = LanguageServer(
            environment: .init(digest: CompiledDigest.sha256, clock: MomentOptions.clock, version: LibraryVersion.text))
        let code = LanguageServerLoop.run(server)
        if code != 0 { throw ExitCode(code) }
    }
}

import Foundation
import ReviewGateTestSupport
import Testing

/// `reviewgate lsp` driven by real clients, as the built executable an editor starts: pytest-lsp's
/// client (`Tests/LSP`, the suite of every request the server answers, its diagnostics held to
/// `validate --format json` on every shipped file), and headless Neovim 0.7 with the set-up of the
/// guide *In your editor* (`Tests/LSP/neovim`). Enabled where pytest-lsp and Neovim are installed,
/// and under CI, where a missing one fails the test rather than skips it.
@Suite("reviewgate lsp with real clients")
struct LanguageServerClientTests {
    /// Whether Python has pytest-lsp (and with it pytest, pytest-asyncio and lsprotocol).
    static let hasPytestLSP: Bool = {
        (try? Command.run("python3", ["-c", "import pytest_lsp"]).status) == 0
    }()

    /// Neovim on `PATH`, as Debian installs it.
    static let neovim: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/nvim"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }()

    /// Whether this is a CI run (`CI` set), where a missing client fails the test, not skips it.
    static let isCI = ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty } ?? false

    /// What Neovim shows for the core's `several-errors.yaml`: its three errors, 1-based, in order.
    static let neovimDiagnostics = [
        #"7:20: error: cooldown must be a duration such as 21d (a whole number and s, m, h, d or w); found the string "soon" [bad-duration]"#,
        "8:21: error: once_per_version must be true or false; found the integer 1 [wrong-type]",
        #"11:5: error: unknown key "scene" in trigger "done"; did you mean "scenes"? [unknown-key]"#,
    ]

    /// The guide's Neovim 0.7 set-up: the first `lua` block of *In your editor*, its command
    /// `reviewgate` on `PATH`, which `init.lua` gives as the binary `REVIEWGATE_BIN` names.
    static func guideSetUp() throws -> [String] {
        let block = try #require(
            DocumentationPages.blocks.first { $0.page == "Documentation/guides/in-your-editor.md" && $0.info == "lua" },
            "Documentation/guides/in-your-editor.md has no lua block")
        return block.lines.map {
            $0.replacingOccurrences(of: #"cmd = { "reviewgate", "lsp" }"#, with: #"cmd = { reviewgate, "lsp" }"#)
        }
    }

    @Test(
        "pytest-lsp's client: capabilities, diagnostics as validate gives them, hover, completion, quick fixes, definition, symbols, inlay hints",
        .enabled(if: hasPytestLSP || isCI, "pytest-lsp is not installed (pip install pytest-lsp)"),
        .timeLimit(.minutes(2)))
    func pytestLSP() throws {
        try #require(Self.hasPytestLSP, "pytest-lsp is not installed, and CI is set: .ci/run installs it")
        // Python writes no bytecode into the repository (Tests/LSP/__pycache__).
        let run = try Command.run(
            "/usr/bin/env",
            [
                "REVIEWGATE_BIN=\(CLIRunner.executable.path)", "PYTHONDONTWRITEBYTECODE=1", "python3", "-m", "pytest",
                "-q", "Tests/LSP",
            ])
        #expect(run.status == 0, "\(run.output.suffix(6000))")
        #expect(run.output.contains(" passed"), "\(run.output.suffix(2000))")
        #expect(!run.output.contains(" skipped"), "\(run.output.suffix(2000))")
    }

    @Test(
        "headless Neovim 0.7, set up as the guide says (vim.lsp.start_client), shows a bad policy's three errors",
        .enabled(if: neovim != nil || isCI, "Neovim is not installed (apt-get install neovim)"),
        .timeLimit(.minutes(1)))
    func neovimShowsTheDiagnostics() throws {
        let neovim = try #require(Self.neovim, "Neovim is not installed, and CI is set: .ci/run installs it")
        // The check's set-up is the guide's, line for line.
        let initLua = try String(contentsOfFile: Repository.path("Tests/LSP/neovim/init.lua"), encoding: .utf8)
        let setUp = try Self.guideSetUp()
        #expect(setUp.contains { $0.contains("vim.lsp.start_client") })
        #expect(initLua.contains(setUp.joined(separator: "\n")), "init.lua's set-up is not the guide's:\n\(setUp)")
        let run = try Command.run(
            "/usr/bin/env",
            [
                "REVIEWGATE_BIN=\(CLIRunner.executable.path)", "NVIM_BIN=\(neovim)",
                Repository.path("Tests/LSP/neovim/check.sh"),
            ])
        #expect(run.status == 0, "\(run.output)")
        let shown = run.output.split(separator: "\n").map(String.init).filter { $0.first?.isNumber == true }
        #expect(shown == Self.neovimDiagnostics, "\(run.output)")
    }
}

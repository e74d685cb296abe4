"""Fixtures for the `reviewgate lsp` end-to-end suite: a pytest-lsp client connected to the binary
that `REVIEWGATE_BIN` names (default `.build/debug/reviewgate`, from the repository's root), with the
workspace's root as the client's folder, and helpers that open documents and wait for the
diagnostics the server publishes for them.

Run from the repository: `REVIEWGATE_BIN=.build/debug/reviewgate python3 -m pytest -q Tests/LSP`.
"""

from __future__ import annotations

import asyncio
import json
import os
import pathlib
import subprocess

import pytest
import pytest_lsp
from lsprotocol import types
from pygls.protocol import default_converter
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

REPO = pathlib.Path(__file__).resolve().parents[2]
"""The repository's root, the workspace folder the client opens."""


def _binary() -> str:
    named = os.environ.get("REVIEWGATE_BIN") or ".build/debug/reviewgate"
    path = pathlib.Path(named)
    return str(path if path.is_absolute() else REPO / path)


BIN = _binary()
"""The `reviewgate` executable under test."""

WAIT = 10.0
"""How long, in seconds, any one wait for the server lasts before the test fails."""


class RecordingClient(LanguageClient):
    """A pytest-lsp client that keeps every `textDocument/publishDiagnostics` it receives, in
    order, as well as the latest list by URI (`diagnostics`), so that a test can count them."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.published: list[types.PublishDiagnosticsParams] = []
        self.versions: dict[str, int] = {}
        self.registrations: list[types.Registration] = []

    def open(self, path: pathlib.Path | str, text: str | None = None, version: int = 1) -> str:
        """Sends `didOpen` for `path` (its text on disk unless `text`); gives its URI."""
        path = pathlib.Path(path).resolve()
        uri = path.as_uri()
        self.versions[uri] = version
        self.text_document_did_open(
            types.DidOpenTextDocumentParams(
                text_document=types.TextDocumentItem(
                    uri=uri,
                    language_id="yaml",
                    version=version,
                    text=path.read_text(encoding="utf-8") if text is None else text,
                )
            )
        )
        return uri

    def replace(self, uri: str, text: str) -> int:
        """Sends a full-text `didChange`; gives the document's new version."""
        self.versions[uri] += 1
        self.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=self.versions[uri]),
                content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
            )
        )
        return self.versions[uri]

    def edit(self, uri: str, start: tuple[int, int], end: tuple[int, int], text: str) -> int:
        """Sends a ranged `didChange` (0-based line and UTF-16 character); gives the new version."""
        self.versions[uri] += 1
        self.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=self.versions[uri]),
                content_changes=[
                    types.TextDocumentContentChangePartial(
                        range=types.Range(start=types.Position(*start), end=types.Position(*end)), text=text
                    )
                ],
            )
        )
        return self.versions[uri]

    def close(self, uri: str) -> None:
        self.text_document_did_close(
            types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri))
        )

    async def diagnostics_of(
        self, uri: str, version: int | None = None, since: int = 0, timeout: float = WAIT
    ) -> list[types.Diagnostic]:
        """Waits for the first publish for `uri` (of `version`, when given) at or after index
        `since` of `published`; gives its diagnostics."""
        found = await self.publish_of(uri, version, since, timeout)
        return list(found.diagnostics)

    async def publish_of(
        self, uri: str, version: int | None = None, since: int = 0, timeout: float = WAIT
    ) -> types.PublishDiagnosticsParams:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            for params in self.published[since:]:
                if params.uri == uri and (version is None or params.version == version):
                    return params
            if loop.time() > deadline:
                seen = [(p.uri.rsplit("/", 1)[-1], p.version) for p in self.published[since:]]
                raise AssertionError(f"no diagnostics for {uri} (version {version}) in {timeout} s; got {seen}")
            await asyncio.sleep(0.005)


def make_client() -> RecordingClient:
    """The client `ClientServerConfig` makes: pytest-lsp's, with `publishDiagnostics` recorded."""
    client = RecordingClient(converter_factory=default_converter)

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def publish_diagnostics(client: RecordingClient, params: types.PublishDiagnosticsParams):
        client.published.append(params)
        client.diagnostics[params.uri] = params.diagnostics

    # VS Code's and Neovim's capabilities say they take watchers registered at run time: the server
    # asks for one once initialized, and the client says yes, as they do.
    @client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register_capability(client: RecordingClient, params: types.RegistrationParams):
        client.registrations.extend(params.registrations)
        return None

    @client.feature(types.WINDOW_LOG_MESSAGE)
    def log_message(client: RecordingClient, params: types.LogMessageParams):
        client.log_messages.append(params)

    return client


@pytest_lsp.fixture(
    config=ClientServerConfig(server_command=[BIN, "lsp"], client_factory=make_client),
)
async def client(lsp_client: RecordingClient):
    """A server started and initialized for one test, as VS Code would, on the repository's root;
    shut down (`shutdown`, then `exit`) after it."""
    lsp_client.initialize_result = await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities("visual-studio-code"),
            root_uri=REPO.as_uri(),
            workspace_folders=[types.WorkspaceFolder(uri=REPO.as_uri(), name="ReviewGate")],
        )
    )
    yield
    await lsp_client.shutdown_session()


def validate_json(path: pathlib.Path) -> dict:
    """`reviewgate validate --format json PATH`, read, from the repository's root."""
    run = subprocess.run(
        [BIN, "validate", "--format", "json", str(path)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode in (0, 1), f"validate {path}: exit {run.returncode}: {run.stderr}"
    return json.loads(run.stdout)


def pytest_sessionstart(session):
    if not os.access(BIN, os.X_OK):
        pytest.exit(f"{BIN} is not an executable: build it (swift build) or set REVIEWGATE_BIN", returncode=4)

"""The diagnostics `reviewgate lsp` publishes are those of `reviewgate validate --format json`, for
every shipped YAML file under policies/, every bad policy of the core's fixtures and a policy of 60
errors (50 listed, and the server's notice of the 10 more, where validate counts them in `omitted`): each problem in
the opened file at the same range (validate's 1-based line and column less one; the files are ASCII,
so UTF-16 characters are scalars), severity, code and message, in the same order; a problem in
another file (the policy extended) at the opened file's line its note names (else the first), its
message after that file's place.

One server opens them all at once, as an editor restoring a session would.
"""

from __future__ import annotations

import concurrent.futures
import os
import pathlib

import pytest
import pytest_asyncio
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, client_capabilities

from conftest import BIN, REPO, RecordingClient, make_client, validate_json

FILES = sorted(
    [
        *(REPO / "policies").rglob("*.yaml"),
        *(REPO / "Tests/ReviewGateTests/Fixtures/bad-policies").iterdir(),
        REPO / "Tests/LSP/files/many-errors.yaml",
    ]
)


def test_the_files_are_there():
    assert len([f for f in FILES if f.is_relative_to(REPO / "policies")]) >= 60
    assert len([f for f in FILES if "bad-policies" in f.parts]) >= 30
    assert all(f.suffix == ".yaml" for f in FILES)


@pytest_lsp.fixture(
    config=ClientServerConfig(server_command=[BIN, "lsp"], client_factory=make_client),
    scope="module",
)
async def shared(lsp_client: RecordingClient):
    await lsp_client.initialize_session(
        types.InitializeParams(capabilities=client_capabilities("neovim"), root_uri=REPO.as_uri())
    )
    yield
    await lsp_client.shutdown_session()


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def published(shared: RecordingClient) -> dict[pathlib.Path, list[types.Diagnostic]]:
    """Every file opened, and each one's first diagnostics."""
    uris = {path: shared.open(path) for path in FILES}
    return {path: await shared.diagnostics_of(uri, version=1) for path, uri in uris.items()}


@pytest.fixture(scope="module")
def validated() -> dict[pathlib.Path, dict]:
    """`validate --format json` of every file, as many at a time as there are cores."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2)) as pool:
        return dict(zip(FILES, pool.map(validate_json, FILES)))


def severity(word: str) -> int:
    return {"error": types.DiagnosticSeverity.Error, "warning": types.DiagnosticSeverity.Warning}[word]


@pytest.mark.asyncio(loop_scope="module")
@pytest.mark.parametrize("path", FILES, ids=[str(f.relative_to(REPO)) for f in FILES])
async def test_diagnostics_are_validates(path: pathlib.Path, published, validated):
    expected = validated[path]["diagnostics"]
    got = published[path]
    # Past 50 problems, validate counts the rest in `omitted`; the server says so in one notice.
    omitted = validated[path]["files"][0]["omitted"]
    if omitted:
        notice = got.pop()
        assert notice.severity == types.DiagnosticSeverity.Information
        assert notice.message == f"{omitted} more problem{'' if omitted == 1 else 's'} not shown (the first 50 are)"
    here = [d for d in expected if pathlib.Path(d["file"]) == path]
    elsewhere = [d for d in expected if pathlib.Path(d["file"]) != path]
    assert len(got) == len(expected), [d.message for d in got]

    def as_lsp(d: dict) -> tuple:
        return (
            d["line"] - 1,
            d["column"] - 1,
            d["end_line"] - 1,
            d["end_column"] - 1,
            severity(d["severity"]),
            d["code"],
            d["message"],
        )

    def of(d: types.Diagnostic) -> tuple:
        r = d.range
        return (r.start.line, r.start.character, r.end.line, r.end.character, d.severity, d.code, d.message)

    prefix = tuple(str(f) for f in {pathlib.Path(d["file"]) for d in elsewhere})
    got_here = [of(d) for d in got if not (prefix and d.message.startswith(prefix))]
    assert got_here == [as_lsp(d) for d in here]
    got_elsewhere = [d for d in got if prefix and d.message.startswith(prefix)]
    assert len(got_elsewhere) == len(elsewhere)
    for lsp, d in zip(got_elsewhere, elsewhere):
        assert lsp.message == f"{d['file']}:{d['line']}:{d['column']}: {d['message']}"
        assert (lsp.severity, lsp.code) == (severity(d["severity"]), d["code"])
        note = next((n for n in d["notes"] if pathlib.Path(n["file"]) == path), None)
        start = (note["line"] - 1, note["column"] - 1) if note else (0, 0)
        assert (lsp.range.start.line, lsp.range.start.character) == start

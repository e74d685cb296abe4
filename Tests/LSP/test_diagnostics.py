"""`reviewgate lsp`'s lifecycle and diagnostics: what `initialize` answers, the exit codes, the
diagnostics of a bad and a clean policy, and when they are published again: after an edit (whole
or ranged) that fixes an error, once after a burst of changes, for an open policy when the open
policy it extends changes, and when the base changes on disk (`didChangeWatchedFiles`, `didSave`).
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import time

from lsprotocol import types

from conftest import BIN, REPO, RecordingClient

SEVERAL_ERRORS = REPO / "Tests/ReviewGateTests/Fixtures/bad-policies/several-errors.yaml"


def summary(diagnostics: list[types.Diagnostic]) -> list[tuple]:
    """Each diagnostic as (code, severity, start line, start character, end line, end character)."""
    return [
        (
            d.code,
            d.severity,
            d.range.start.line,
            d.range.start.character,
            d.range.end.line,
            d.range.end.character,
        )
        for d in diagnostics
    ]


async def test_initialize_answers_the_capabilities(client: RecordingClient):
    result = client.initialize_result
    capabilities = result.capabilities
    assert result.server_info.name == "reviewgate"
    assert result.server_info.version
    assert capabilities.position_encoding == types.PositionEncodingKind.Utf16
    sync = capabilities.text_document_sync
    assert sync.open_close is True
    assert sync.change == types.TextDocumentSyncKind.Full
    assert sync.save.include_text is False
    assert capabilities.hover_provider is True
    assert sorted(capabilities.completion_provider.trigger_characters) == [" ", ":"]
    assert list(capabilities.code_action_provider.code_action_kinds) == [types.CodeActionKind.QuickFix]
    assert capabilities.definition_provider is True
    assert capabilities.document_symbol_provider is True
    assert capabilities.inlay_hint_provider is True


async def test_a_bad_policy_has_its_three_errors_at_their_ranges(client: RecordingClient):
    uri = client.open(SEVERAL_ERRORS)
    diagnostics = await client.diagnostics_of(uri, version=1)
    assert summary(diagnostics) == [
        ("bad-duration", types.DiagnosticSeverity.Error, 6, 19, 6, 23),
        ("wrong-type", types.DiagnosticSeverity.Error, 7, 20, 7, 21),
        ("unknown-key", types.DiagnosticSeverity.Error, 10, 4, 10, 9),
    ]
    assert [d.source for d in diagnostics] == ["reviewgate"] * 3
    assert diagnostics[0].message.startswith("cooldown must be a duration such as 21d")
    assert diagnostics[0].message.endswith('found the string "soon"')
    assert diagnostics[1].message == "once_per_version must be true or false; found the integer 1"
    assert diagnostics[2].message == 'unknown key "scene" in trigger "done"; did you mean "scenes"?'
    assert diagnostics[2].data == {"did_you_mean": "scenes"}


async def test_a_clean_policy_has_no_diagnostics(client: RecordingClient):
    uri = client.open(REPO / "policies/apple-sample.yaml")
    publish = await client.publish_of(uri)
    assert publish.version == 1
    assert list(publish.diagnostics) == []


async def test_closing_clears_the_diagnostics(client: RecordingClient):
    uri = client.open(SEVERAL_ERRORS)
    assert len(await client.diagnostics_of(uri, version=1)) == 3
    since = len(client.published)
    client.close(uri)
    cleared = await client.publish_of(uri, since=since)
    assert list(cleared.diagnostics) == []


async def test_a_change_that_fixes_an_error_publishes_fewer(client: RecordingClient):
    uri = client.open(SEVERAL_ERRORS)
    assert len(await client.diagnostics_of(uri, version=1)) == 3
    # Whole text: `soon` becomes `7d`.
    text = SEVERAL_ERRORS.read_text().replace("{cooldown: soon,", "{cooldown: 7d,")
    version = client.replace(uri, text)
    diagnostics = await client.diagnostics_of(uri, version=version)
    assert [d.code for d in diagnostics] == ["wrong-type", "unknown-key"]
    # A range: the `1` of `once_per_version: 1` (line 7, 0-based, characters 20 to 21) becomes `true`.
    version = client.edit(uri, (7, 20), (7, 21), "true")
    diagnostics = await client.diagnostics_of(uri, version=version)
    assert summary(diagnostics) == [("unknown-key", types.DiagnosticSeverity.Error, 10, 4, 10, 9)]
    # And `scene` becomes `scenes`: nothing left.
    version = client.edit(uri, (10, 4), (10, 9), "scenes")
    assert await client.diagnostics_of(uri, version=version) == []


async def test_positions_count_utf16_units(client: RecordingClient, tmp_path):
    # `😀` is two UTF-16 units (one scalar, four UTF-8 bytes); `é` one.
    text = 'reviewgate: 1\nname: x\ndescription: "é😀"\ntriggers:\n  done: {at_least: 1}\nguards: {cooldown: "😀😀"}\n'
    uri = client.open(tmp_path / "emoji.yaml", text=text)
    [problem] = await client.diagnostics_of(uri, version=1)
    assert summary([problem]) == [("bad-duration", types.DiagnosticSeverity.Error, 5, 19, 5, 25)]
    # A ranged edit in UTF-16 units: the quoted value, six units, becomes `7d`.
    version = client.edit(uri, (5, 19), (5, 25), "7d")
    assert await client.diagnostics_of(uri, version=version) == []


async def test_a_burst_of_changes_is_diagnosed_once(client: RecordingClient):
    uri = client.open(SEVERAL_ERRORS)
    await client.diagnostics_of(uri, version=1)
    bad = SEVERAL_ERRORS.read_text()
    good = bad.replace("{cooldown: soon,", "{cooldown: 7d,")
    # 200 changes, each a whole text, sent without waiting: errors come and go in between. The
    # server publishes once its input has been quiet for 50 ms: a burst in which this process was
    # held up that long (a loaded machine) is sent again, up to three times.
    for attempt in range(3):
        since = len(client.published)
        first = client.versions[uri] + 1
        sent = [time.monotonic()]
        for number in range(200):
            version = client.replace(uri, good if number % 2 == 1 else bad)
            sent.append(time.monotonic())
        gap = max(b - a for a, b in zip(sent, sent[1:]))
        assert version == first + 199
        final = await client.publish_of(uri, version=version, since=since)
        assert [d.code for d in final.diagnostics] == ["wrong-type", "unknown-key"]
        # Nothing else comes: the burst was one publish.
        await asyncio.sleep(0.3)
        if gap < 0.03:
            break
    assert gap < 0.03, f"this process was held up {gap:.3f} s in each of three bursts"
    assert [(p.uri, p.version) for p in client.published[since:]] == [(uri, version)]


async def test_a_changed_base_diagnoses_the_open_child_again(client: RecordingClient):
    folder = REPO / "Tests/ReviewGateTests/Fixtures/extends"
    base = client.open(folder / "base.yaml")
    child = client.open(folder / "child.yaml")
    assert await client.diagnostics_of(child, version=1) == []
    assert await client.diagnostics_of(base, version=1) == []
    since = len(client.published)
    # The base's `delay: 2s` (line 9, 0-based 8, characters 22 to 24) becomes `soon`: an error in
    # the base, and the child, which extends it (and does not set the delay), is diagnosed again
    # with the base's error, as validate gives it, at the child's `extends` value (its note).
    version = client.edit(base, (8, 22), (8, 24), "soon")
    in_base = await client.diagnostics_of(base, version=version, since=since)
    assert summary(in_base) == [("bad-duration", types.DiagnosticSeverity.Error, 8, 22, 8, 26)]
    in_child = await client.diagnostics_of(child, version=1, since=since)
    assert summary(in_child) == [("bad-duration", types.DiagnosticSeverity.Error, 1, 9, 1, 18)]
    assert in_child[0].message.startswith(f"{folder / 'base.yaml'}:9:23: delay must be a duration")
    assert [(r.location.uri, r.location.range.start.line, r.message) for r in in_child[0].related_information] == [
        (child, 1, "in the policy this one extends, base.yaml")
    ]
    # Undone, both are clean again.
    since = len(client.published)
    version = client.edit(base, (8, 22), (8, 26), "2s")
    assert await client.diagnostics_of(base, version=version, since=since) == []
    assert await client.diagnostics_of(child, version=1, since=since) == []


async def test_a_base_changed_on_disk_diagnoses_the_open_child_again(client: RecordingClient, tmp_path):
    folder = REPO / "Tests/ReviewGateTests/Fixtures/extends"
    base = tmp_path / "base.yaml"
    base.write_text((folder / "base.yaml").read_text())
    child = client.open(tmp_path / "child.yaml", text=(folder / "child.yaml").read_text())
    assert await client.diagnostics_of(child, version=1) == []
    # VS Code takes watchers registered at run time: the server asked for one, on the files it reads.
    [watcher] = client.registrations
    assert (watcher.method, watcher.register_options) == (
        "workspace/didChangeWatchedFiles",
        {"watchers": [{"globPattern": "**/*.{yaml,yml,json}"}]},
    )
    # The base, not open, is saved with a bad delay; the client's file watcher says so.
    base.write_text((folder / "base.yaml").read_text().replace("delay: 2s", "delay: soon"))
    since = len(client.published)
    client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(
            changes=[types.FileEvent(uri=base.as_uri(), type=types.FileChangeType.Changed)]
        )
    )
    [problem] = await client.diagnostics_of(child, version=1, since=since)
    assert problem.code == "bad-duration"
    assert problem.message.startswith(f"{base}:9:23: delay must be a duration")
    # Fixed, and the save reported (`didSave`; the base is not open: the server reads it from disk).
    base.write_text((folder / "base.yaml").read_text())
    since = len(client.published)
    client.text_document_did_save(
        types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=base.as_uri()))
    )
    assert await client.diagnostics_of(child, version=1, since=since) == []


def frame(message: dict) -> bytes:
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def test_exit_codes():
    """0 after `shutdown` and `exit`; 1 for `exit` without `shutdown`, and when the input ends."""
    initialize = frame({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})
    shutdown = frame({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
    exit_ = frame({"jsonrpc": "2.0", "method": "exit"})
    for messages, code in [
        (initialize + shutdown + exit_, 0),
        (initialize + exit_, 1),
        (initialize, 1),
    ]:
        run = subprocess.run([BIN, "lsp"], input=messages, capture_output=True, timeout=30)
        assert run.returncode == code, run.stderr
        assert b'"serverInfo":{"name":"reviewgate"' in run.stdout.replace(b" ", b"")

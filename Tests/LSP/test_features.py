"""`reviewgate lsp`'s requests on policies: hover over a key (the schema's words for it) and over a
duration (in words), completion of a mapping's keys and of a key's values, the quick fixes (a
did-you-mean, and a lint warning allowed), going from `extends:` to the base, and the outline.
"""

from __future__ import annotations

import json

import pytest
from lsprotocol import types

from conftest import REPO, RecordingClient

CHILD = REPO / "Tests/ReviewGateTests/Fixtures/extends/child.yaml"
SCHEMA = json.loads((REPO / "schemas/policy.schema.json").read_text())


def at(uri: str, line: int, character: int) -> dict:
    return {"text_document": types.TextDocumentIdentifier(uri=uri), "position": types.Position(line, character)}


async def hover(client: RecordingClient, uri: str, line: int, character: int) -> types.Hover | None:
    return await client.text_document_hover_async(types.HoverParams(**at(uri, line, character)))


async def completion_labels(client: RecordingClient, uri: str, line: int, character: int) -> list[str]:
    result = await client.text_document_completion_async(types.CompletionParams(**at(uri, line, character)))
    assert isinstance(result, types.CompletionList)
    return [item.label for item in result.items]


async def test_hover_over_a_key_gives_its_words(client: RecordingClient):
    uri = client.open(CHILD)
    # `  cooldown: 14d` is line 7 (0-based 6); the cursor on the key's `o`.
    found = await hover(client, uri, 6, 4)
    assert found.contents.kind == types.MarkupKind.Markdown
    text = found.contents.value
    assert text.startswith("**`guards.cooldown`** (duration)\n\n")
    # The schema's words for the key, its default and first release among them.
    words = SCHEMA["properties"]["guards"]["properties"]["cooldown"]["markdownDescription"]
    assert words in text
    assert "Default: none. Read from reviewgate 0.2 on." in text
    assert "Documentation/semantics/language.md" in text
    assert (found.range.start.line, found.range.start.character, found.range.end.character) == (6, 2, 10)


@pytest.mark.parametrize(
    ("duration", "words"),
    [("30d", "30 days"), ("1d", "1 day"), ("2w", "2 weeks"), ("36h", "36 hours (1d 12h)"), ("90s", "90 seconds")],
)
async def test_hover_over_a_duration_says_it_in_words(client: RecordingClient, duration: str, words: str):
    text = CHILD.read_text().replace("cooldown: 14d", f"cooldown: {duration}")
    uri = client.open(CHILD, text=text)
    found = await hover(client, uri, 6, 13)
    assert found.contents.value.startswith(f"`{duration}`: {words}")
    assert (found.range.start.line, found.range.start.character) == (6, 12)
    assert found.range.end.character == 12 + len(duration)


async def test_hover_over_a_shipped_duration(client: RecordingClient):
    uri = client.open(REPO / "policies/recipes/nextcloud-android-10431-cap-above-quota.yaml")
    # `  cooldown: 30d` is line 25 (0-based 24).
    found = await hover(client, uri, 24, 13)
    assert found.contents.value.startswith("`30d`: 30 days")


POLICY = "reviewgate: 1\nname: x\napp:\n  platform: \ntriggers:\n  done: {at_least: 1}\nguards:\n  cooldown: 7d\n  \n"


async def test_completion_inside_guards_offers_the_guards_keys(client: RecordingClient, tmp_path):
    uri = client.open(tmp_path / "new.yaml", text=POLICY)
    labels = await completion_labels(client, uri, 8, 2)
    assert "min_install_age" in labels
    # Every guard the schema has, but the one already written.
    expected = [key for key in SCHEMA["properties"]["guards"]["properties"] if key != "cooldown"]
    assert sorted(labels) == sorted(expected)
    # And cooldown, when it is not written yet.
    uri = client.open(tmp_path / "other.yaml", text=POLICY.replace("  cooldown: 7d\n", ""))
    labels = await completion_labels(client, uri, 7, 2)
    assert "cooldown" in labels and "min_install_age" in labels
    result = await client.text_document_completion_async(types.CompletionParams(**at(uri, 7, 2)))
    cooldown = next(item for item in result.items if item.label == "cooldown")
    assert cooldown.insert_text == "cooldown: "
    assert cooldown.detail == "duration"
    assert cooldown.kind == types.CompletionItemKind.Property


async def test_completion_after_platform_offers_the_platforms(client: RecordingClient, tmp_path):
    uri = client.open(tmp_path / "new.yaml", text=POLICY)
    # `  platform: ` is line 4 (0-based 3), the cursor after its space.
    result = await client.text_document_completion_async(types.CompletionParams(**at(uri, 3, 12)))
    assert [(item.label, item.kind) for item in result.items] == [
        ("ios", types.CompletionItemKind.EnumMember),
        ("android", types.CompletionItemKind.EnumMember),
    ]


async def test_completion_at_the_top_offers_the_missing_top_keys(client: RecordingClient, tmp_path):
    uri = client.open(tmp_path / "new.yaml", text=POLICY + "\n")
    labels = await completion_labels(client, uri, 9, 0)
    written = {"reviewgate", "name", "app", "triggers", "guards"}
    assert sorted(labels) == sorted(set(SCHEMA["properties"]) - written)


async def test_a_did_you_mean_is_a_quick_fix(client: RecordingClient):
    uri = client.open(REPO / "Tests/ReviewGateTests/Fixtures/bad-policies/several-errors.yaml")
    diagnostics = await client.diagnostics_of(uri, version=1)
    unknown = diagnostics[2]
    assert unknown.code == "unknown-key"
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=types.Range(start=types.Position(10, 5), end=types.Position(10, 5)),
            context=types.CodeActionContext(diagnostics=[unknown]),
        )
    )
    assert [action.title for action in actions] == ["Change to scenes"]
    action = actions[0]
    assert action.kind == types.CodeActionKind.QuickFix
    assert action.is_preferred is True
    assert [d.code for d in action.diagnostics] == ["unknown-key"]
    [edit] = action.edit.changes[uri]
    assert edit.new_text == "scenes"
    assert (edit.range.start.line, edit.range.start.character, edit.range.end.character) == (10, 4, 9)


async def test_a_warning_can_be_allowed_under_lint(client: RecordingClient, tmp_path):
    # The three-week rule without its `lint: {allow: [ask_at_launch]}`: the warning comes back.
    text = (REPO / "policies/three-week-rule.yaml").read_text().replace("lint:\n  allow: [ask_at_launch]\n", "")
    assert "\nlint:" not in text
    path = tmp_path / "three-week-rule.yaml"
    uri = client.open(path, text=text)
    [warning] = await client.diagnostics_of(uri, version=1)
    assert (warning.code, warning.severity) == ("ask_at_launch", types.DiagnosticSeverity.Warning)
    assert (warning.range.start.line, warning.range.start.character) == (15, 2)
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=warning.range,
            context=types.CodeActionContext(diagnostics=[warning]),
        )
    )
    assert [action.title for action in actions] == ["Allow ask_at_launch in this file (lint: allow)"]
    [edit] = actions[0].edit.changes[uri]
    last = len(text.splitlines())
    assert (edit.range.start.line, edit.range.start.character) == (last, 0)
    assert edit.new_text == "lint: {allow: [ask_at_launch]}\n"
    # Applied, the warning is gone.
    version = client.replace(uri, text + edit.new_text)
    assert await client.diagnostics_of(uri, version=version) == []


async def test_extends_goes_to_the_base(client: RecordingClient):
    uri = client.open(CHILD)
    # `extends: base.yaml` is line 2 (0-based 1), the cursor in `base`.
    found = await client.text_document_definition_async(types.DefinitionParams(**at(uri, 1, 12)))
    assert isinstance(found, types.Location)
    assert found.uri == (CHILD.parent / "base.yaml").as_uri()
    assert (found.range.start.line, found.range.start.character) == (0, 0)
    # Not on the value: nothing.
    assert await client.text_document_definition_async(types.DefinitionParams(**at(uri, 2, 2))) is None


async def test_the_outline_names_the_top_level_keys(client: RecordingClient):
    uri = client.open(CHILD)
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    assert [(s.name, s.kind, s.detail) for s in symbols] == [
        ("reviewgate", types.SymbolKind.Property, "1"),
        ("extends", types.SymbolKind.Property, "base.yaml"),
        ("name", types.SymbolKind.Property, "child"),
        ("triggers", types.SymbolKind.Object, None),
        ("guards", types.SymbolKind.Object, None),
    ]
    assert [s.range.start.line for s in symbols] == [0, 1, 2, 3, 5]
    guards = symbols[4]
    assert [(c.name, c.detail) for c in guards.children] == [("cooldown", "14d")]
    assert (guards.range.end.line, guards.range.end.character) == (6, 15)
    done = symbols[3].children[0]
    assert done.name == "done"
    assert [c.name for c in done.children] == ["scenes"]

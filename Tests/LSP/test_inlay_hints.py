"""`reviewgate lsp`'s inlay hints: each scenario step's decision at the end of the step's first line,
as `reviewgate test` decides it; and in a policy with a `# reviewgate: state FILE at TIME` comment,
each trigger's decision on that state were its event donated then (what `reviewgate evaluate
--event` says), with the comment's line saying what is decided on.
"""

from __future__ import annotations

import os
import pathlib
import re
import subprocess

from lsprotocol import types

from conftest import BIN, REPO, RecordingClient

SCENARIO = REPO / "policies/scenarios/treaty.cooldown.scenario.yaml"
POLICY = REPO / "policies/apple-sample.yaml"
STATE = REPO / "policies/examples/apple-sample.state.yaml"
AT = "2026-11-22T10:00:00Z"


async def hints(client: RecordingClient, uri: str, first: int = 0, last: int = 1000) -> list[tuple[int, int, str]]:
    found = await client.text_document_inlay_hint_async(
        types.InlayHintParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=types.Range(start=types.Position(first, 0), end=types.Position(last, 0)),
        )
    )
    assert all(hint.padding_left for hint in found)
    return [(hint.position.line, hint.position.character, hint.label) for hint in found]


def ends(text: str, line: int) -> tuple[int, int]:
    """The end of a 0-based line (ASCII: characters are UTF-16 units)."""
    return (line, len(text.splitlines()[line]))


async def test_each_scenario_step_shows_its_decision(client: RecordingClient):
    text = SCENARIO.read_text()
    uri = client.open(SCENARIO)
    until = "block: cooldown until 2026-04-05T18:00:00Z"
    # Steps start on lines 17, 19, 23, 26, 29 and 31 (1-based); the update (29) decides nothing.
    assert await hints(client, uri) == [
        (*ends(text, 16), until),
        (*ends(text, 18), f"2×: {until}"),
        (*ends(text, 22), until),
        (*ends(text, 25), "allow via logged_enough_feed_activities"),
        (*ends(text, 30), "block: trigger"),
    ]
    # Only the hints in the range asked for.
    assert [label for *_, label in await hints(client, uri, 20, 27)] == [
        until,
        "allow via logged_enough_feed_activities",
    ]


async def test_a_step_not_as_expected_says_so(client: RecordingClient):
    # Beside the shipped one (its policy and golden file found), unsaved, with the fourth step expecting the wrong decision.
    path = SCENARIO.parent / "lsp-test-not-as-expected.scenario.yaml"
    text = SCENARIO.read_text().replace(
        "expect: {decision: allow, trigger: logged_enough_feed_activities}", "expect: {decision: block}"
    )
    uri = client.open(path, text=text)
    labels = {line: label for line, _, label in await hints(client, uri)}
    assert labels[25] == "allow via logged_enough_feed_activities ✗ not as expected"
    assert labels[16] == "block: cooldown until 2026-04-05T18:00:00Z"


def evaluate(policy: pathlib.Path, *arguments: str) -> str:
    """`reviewgate evaluate`'s decision for the state at AT, in an inlay hint's words: `allow via
    TRIGGER`, `block: GUARD, ...`."""
    run = subprocess.run(
        [BIN, "evaluate", "--policy", str(policy), "--state", str(STATE), "--now", AT, *arguments],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=60,
    )
    first = run.stdout.splitlines()[0]
    if allowed := re.fullmatch(r"allow \(trigger (\S+)\)", first):
        return f"allow via {allowed[1]}"
    blocked = re.fullmatch(r"block \(blocked by ([^)]+)\)", first)
    assert blocked, first
    return f"block: {blocked[1]}"


def trigger_hint(label: str, policy: pathlib.Path) -> str:
    """A trigger's hint, `EVENT [on SCENE] [now] → DECISION`, held to what `evaluate` decides for
    that moment (the event donated, on the scene the hint names); gives the decision."""
    hint = re.fullmatch(r"process_completed(?: on (\w+))?(?: now)? → (.+)", label)
    assert hint, label
    scene = ["--scene", hint[1]] if hint[1] else []
    assert hint[2] == evaluate(policy, "--event", "process_completed", *scene), label
    return hint[2]


async def test_a_policy_with_a_state_comment_shows_each_triggers_decision(client: RecordingClient, tmp_path):
    # A copy in a temporary folder, its state named relative to that folder.
    relative = os.path.relpath(STATE, tmp_path)
    assert relative.startswith("..")
    comment = f"# reviewgate: state {relative} at {AT}"
    text = f"{comment}\n{POLICY.read_text()}"
    path = tmp_path / "apple-sample.yaml"
    path.write_text(text)
    uri = client.open(path)
    # The comment's line says what is decided on; the trigger `process_completed:`, line 14 (0-based
    # 13) under the comment, its decision were its event donated at AT: the fourth completion.
    [deciding, trigger] = await hints(client, uri)
    assert deciding == (0, len(comment), f"deciding on {relative} at {AT}")
    assert trigger[:2] == ends(text, 13)
    trigger_hint(trigger[2], path)
    # Without its `scenes: [ProcessCompleted]`, whatever the scene, the fourth completion asks.
    unscened = text.replace("    scenes: [ProcessCompleted]\n", "")
    path.write_text(unscened)
    client.replace(uri, unscened)
    [deciding, trigger] = await hints(client, uri)
    assert deciding == (0, len(comment), f"deciding on {relative} at {AT}")
    assert trigger[:2] == ends(unscened, 13)
    assert trigger_hint(trigger[2], path) == "allow via process_completed"
    assert evaluate(path, "--event", "process_completed") == "allow via process_completed"


async def test_a_state_comment_naming_no_file_says_so(client: RecordingClient, tmp_path):
    comment = "# reviewgate: state no-such.state.yaml at 2026-11-22T10:00:00Z"
    uri = client.open(tmp_path / "apple-sample.yaml", text=f"{comment}\n{POLICY.read_text()}")
    assert await hints(client, uri) == [(0, len(comment), "state no-such.state.yaml does not load")]


async def test_a_policy_without_the_comment_has_no_hints(client: RecordingClient):
    uri = client.open(POLICY)
    assert await hints(client, uri) == []


async def test_a_compiled_scenario_is_checked_and_shows_no_hints(client: RecordingClient):
    # The build plugin's form of the scenario above: checked as a scenario (no policy's unknown keys),
    # and no hints, since its steps are at the YAML's lines, not this file's.
    compiled = REPO / "Tests/Catalogue/treaty.cooldown.scenario.json"
    uri = client.open(compiled)
    assert await client.diagnostics_of(uri, version=1) == []
    assert await hints(client, uri) == []

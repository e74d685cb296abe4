#!/usr/bin/env python3
"""Writes inputs well inside Semantics §7's limits (1 MiB, depth 64, 100,000 alias nodes) that cost far
more than their size to read, one folder per fuzz target: the seeds libFuzzer alone would not find
(it keeps inputs small), and what the tests and Fuzz/amplification.sh replay.

Usage: Fuzz/amplify.py OUTDIR   (writes OUTDIR/<target>/<name>)"""
import datetime
import json
import os
import sys

LONG = "x" * 1000


def aliases(count, template="*s"):
    return ", ".join([template] * count)


def policy_head():
    return "reviewgate: 1\nname: amplified\ntriggers: {t: {at_least: 1}}\n"


INPUTS = {
    "policy": {
        # A sequence of aliases to a long string under never_on: one did-you-mean per item.
        "never-on-aliases.yaml": policy_head() + f'guards:\n  never_on: [&s "{LONG}", {aliases(100_000)}]\n',
        # Aliases of a 60-character string, just inside the alias text budget: each reaches the
        # decoder, an error and a did-you-mean each.
        "never-on-short-aliases.yaml": policy_head() + f'guards:\n  never_on: [&s "{"z" * 60}", {aliases(16_000)}]\n',
        # A flow mapping whose keys are aliases of one long string: every key a duplicate.
        "duplicate-alias-keys.yaml": "reviewgate: 1\nname: amplified\n"
        + f'triggers: {{&k "{LONG}": {{at_least: 1}}, '
        + ", ".join(["*k : 1"] * 100_000)
        + "}\n",
        # Unknown keys, each an alias of a long string.
        "unknown-alias-keys.yaml": policy_head() + f'guards: {{&k "{LONG}": 1, '
        + ", ".join(["*k : 1"] * 100_000)
        + "}\n",
        # Aliases of a large list nested in a list: many nodes from few bytes.
        "laughs.yaml": policy_head()
        + "lint:\n  allow: &a [[&b [&c [x, x, x, x, x, x, x, x, x, x], *c, *c, *c, *c, *c, *c, *c, *c, *c], *b, *b, *b, *b, *b, *b, *b, *b, *b], *a, *a, *a, *a, *a, *a, *a, *a, *a]\n",
        "deep.yaml": "[" * 100_000 + "]" * 100_000 + "\n",
        # A key that is a mapping whose key is a mapping, 63 deep, with aliases of it as further keys:
        # each key's text once, not escaped once more per level.
        "nested-keys.yaml": "a: &k " + "{" * 62 + "x: 1}" + ": 1}" * 61 + "\nb: {" + ", ".join(["*k : 1"] * 700) + "}\n",
        # Many distinct long names (no aliases): each a did-you-mean and a message.
        "never-on-long-names.yaml": policy_head()
        + "guards:\n  never_on: ["
        + ", ".join(f"n{i:05d}{'y' * 60}" for i in range(12_000))
        + "]\n",
        # Waits that grow (Semantics §14.3): lists of 10,000 entries, each read and checked.
        "many-waits.yaml": policy_head()
        + "guards:\n  cooldown: [" + ", ".join(f"{1 + i % 365}d" for i in range(10_000)) + "]\n"
        + "responses:\n  after_later: [" + ", ".join(f"{1 + i % 30}d" for i in range(10_000)) + "]\n",
        # A chain of 10,000 renames (Semantics §14.4): each an error whose message names the chain's end.
        "rename-chain.yaml": policy_head()
        + "renamed:\n  events: {" + ", ".join(f"e{i}: e{i + 1}" for i in range(10_000)) + "}\n",
        "many-triggers.json": json.dumps(
            {"reviewgate": 1, "name": "amplified", "triggers": {f"t{i}": {"at_least": 1, "scenes": ["s"]} for i in range(10_000)}}
        ),
    },
    "budget": {
        # Thousands of prompts and of gaps between them, and a hundred limits: each gap's prompts
        # looked up by name, each arbitration's gaps checked against the last prompt of each kind.
        "many-prompts-and-gaps.yaml": "reviewgate_budget: 1\nname: amplified\nprompts:\n  review: {priority: 50, policy: review.yaml}\n"
        + "".join(f"  p{i}: {{priority: {1 + i % 100}}}\n" for i in range(6_000))
        + "gaps:\n"
        + "".join(f"  - {{after: p{i}, before: p{(i * 7) % 6_000}, min: {1 + i % 48}h}}\n" for i in range(6_000))
        + "limits:\n"
        + "".join(f"  - {{max: {1 + i}, per: {1 + i}d}}\n" for i in range(100))
        + "lint: {allow: [ignores_budget, unlimited]}\n",
    },
    "state": {
        "asks-aliases.yaml": "reviewgate_state: 1\ninstalled_at: 2026-01-01T00:00:00Z\napp: {short: '1'}\n"
        + f'asks: [&a "{LONG}", {aliases(100_000, "*a")}]\n',
        "events-alias-keys.yaml": "reviewgate_state: 1\ninstalled_at: 2026-01-01T00:00:00Z\napp: {short: '1'}\n"
        + f'events: {{&k "{LONG}": 1, '
        + ", ".join(["*k : 1"] * 100_000)
        + "}\n",
        # 10,000 days of use (Semantics §14.2), each a date read and checked in order.
        "active-days.json": json.dumps(
            {"reviewgate_state": 1, "installed_at": "2000-01-01T00:00:00Z", "app": {"short": "1"},
             "active_days": [(datetime.date(2000, 1, 1) + datetime.timedelta(days=i)).isoformat() for i in range(10_000)]}
        ),
        "asks-bad.json": json.dumps(
            {"reviewgate_state": 1, "installed_at": "2026-01-01T00:00:00Z", "app": {"short": "1"}, "asks": ["y" * 40] * 20_000}
        ),
    },
    "scenario": {
        "steps-aliases.yaml": "reviewgate_scenario: 1\nname: amplified\npolicy: p.yaml\nstart: 2026-01-01T00:00:00Z\n"
        + f'steps: [&s "{LONG}", {aliases(100_000)}]\n',
        "trigger-aliases.yaml": "reviewgate_scenario: 1\nname: amplified\npolicy: p.yaml\nstart: 2026-01-01T00:00:00Z\n"
        + f'steps: [{{trigger: &t "{LONG}"}}, '
        + ", ".join(["{trigger: *t}"] * 60_000)
        + "]\n",
    },
    "compiled": {
        "duplicate-keys.json": "{" + ", ".join(['"k": 1'] * 120_000) + "}\n",
        "deep.json": "[" * 200_000 + "]" * 200_000 + "\n",
        "long-strings.json": json.dumps(
            {"reviewgate_compiled": 1, "digest": "sha256:" + "0" * 64, "policy": {"reviewgate": 1, "name": "z" * 500_000}, "locations": {}}
        ),
    },
    "simulate": {
        # One person, 15,000 moments: each decision looks at one state that keeps growing.
        "one-person.jsonl": "".join(
            f'{{"user":"u","time":{1767603600 + i},"type":"event","name":"done"}}\n' for i in range(15_000)
        ),
        "deep-unknown.jsonl": '{"user":"u","time":1767603600,"type":"launch","x":' + "[" * 100_000 + "]" * 100_000 + "}\n",
        "many-columns.csv": ",".join(f"c{i}" for i in range(100_000)) + "\n",
        "unclosed-quotes.csv": "user,time,type\n" + '"' * 1_000_000 + "\n",
        "huge-counts.json": json.dumps({"reviewgate_simulation": 1, "input": {"sources": [], "lines": 0, "events": 0,
            "skipped": 0}, "policy": {"triggers": [], "days_to_first_ask": {"people_by_day": {"36500": 10**15}}}}),
    },
    "vary": {
        # 100,000 distinct values of one --vary: each split, checked once against the others.
        "many-values.txt": "guards.cooldown=" + ",".join(f"{i}d" for i in range(100_000)) + "\n" + policy_head(),
        # A path of 200,000 keys, past the depth of any policy.
        "deep-path.txt": "guards." + "a." * 200_000 + "a=1\n" + policy_head(),
        # One value nested 100,000 deep.
        "deep-value.txt": "guards.cooldown=" + "[" * 100_000 + "]" * 100_000 + "\n" + policy_head(),
    },
    "lsp": {
        # 40,000 frames of an empty object, each answered as an invalid request.
        "many-frames.txt": "Content-Length: 2\r\n\r\n{}" * 40_000,
        # One message nested 100,000 deep, past the reader's depth limit.
        "deep-message.txt": "Content-Length: 200000\r\n\r\n" + "[" * 100_000 + "]" * 100_000,
        # A header line of 1 MB with no empty line: read as no header, 8 KiB at a time.
        "endless-header.txt": "Content-Length: 1" + " " * 1_000_000,
    },
    "remote": {
        "large-payload.json": json.dumps(
            {"reviewgate_signed": 1, "name": "a", "digest": "b", "key_id": "c", "signed_at": "2026-01-01T00:00:00Z",
             "signature": "A" * 86 + "==", "compiled": "QUFB" * 250_000}
        ),
        "long-key-id.json": json.dumps(
            {"reviewgate_signed": 1, "name": "a", "digest": "b", "key_id": "k" * 900_000, "signed_at": "2026-01-01T00:00:00Z",
             "signature": "A" * 86 + "==", "compiled": ""}
        ),
    },
}


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    for target, files in INPUTS.items():
        folder = os.path.join(sys.argv[1], target)
        os.makedirs(folder, exist_ok=True)
        for name, text in files.items():
            data = text.encode()
            assert len(data) <= 1 << 20, f"{name} is {len(data)} bytes, over 1 MiB"
            with open(os.path.join(folder, name), "wb") as out:
                out.write(data)


if __name__ == "__main__":
    main()

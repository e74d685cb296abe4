#!/usr/bin/env python3
"""`reviewgate simulate --budget` against its policies replayed alone, in one run (issue 40).

The budget is the shipped calm-app budget (a review and a survey decided by policies, a paywall and a
what's-new sheet the app wants); the timeline is its shipped cohort at `--people` people (`--synthetic`
with `--write-timeline`: 20,000 people are about 487,000 lines, 50 MB). Each round runs, on one core
(`--jobs 1`, JSON report), the budget and then each of its two policies alone; the budget's time is
compared with the sum of the policies' times, as the issue's target reads ("at most 1.5x the time of
replaying its policies alone, together"). Rounds alternate so that a slow spell of a shared machine
slows both sides; the script prints each round, then the median ratio and its range. Times are whole
processes, from start to exit (reading, replaying, the report).

    swift build -c release --product reviewgate
    python3 Benchmarks/simulate-budget.py [--runs 7] [--people 20000] [--binary PATH]
"""

import argparse
import os
import re
import statistics
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUDGET = os.path.join(ROOT, "policies/budget/calm-app.budget.yaml")
POLICIES = [os.path.join(ROOT, "policies/budget", name) for name in ["review.yaml", "survey.yaml"]]
COHORT = os.path.join(ROOT, "policies/examples/simulate/calm-app.cohort.yaml")


def make_timeline(binary, folder, people):
    with open(COHORT) as file:
        cohort = re.sub(r"(?m)^people: \d+", f"people: {people}", file.read())
    cohort_path = os.path.join(folder, "cohort.yaml")
    with open(cohort_path, "w") as file:
        file.write(cohort)
    timeline = os.path.join(folder, "timeline.jsonl")
    subprocess.run(
        [binary, "simulate", "--budget", BUDGET, "--synthetic", cohort_path, "--write-timeline", timeline],
        check=True, capture_output=True)
    return timeline


def timed(binary, what, timeline):
    start = time.perf_counter()
    subprocess.run(
        [binary, "simulate"] + what + ["--jobs", "1", "--format", "json", timeline], check=True, capture_output=True)
    return time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--people", type=int, default=20_000)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/reviewgate"))
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        timeline = make_timeline(options.binary, folder, options.people)
        lines = sum(1 for _ in open(timeline, "rb"))
        print(f"{lines:,} lines, {os.path.getsize(timeline):,} bytes; budget against its 2 policies alone, one core")
        ratios = []
        for run in range(options.runs):
            budget = timed(options.binary, ["--budget", BUDGET], timeline)
            alone = sum(timed(options.binary, ["--policy", policy], timeline) for policy in POLICIES)
            ratios.append(budget / alone)
            print(f"run {run + 1}: budget {budget:.3f} s, policies alone {alone:.3f} s, ratio {budget / alone:.2f}")
        print(f"median ratio {statistics.median(ratios):.2f} (range {min(ratios):.2f}-{max(ratios):.2f})")


if __name__ == "__main__":
    main()

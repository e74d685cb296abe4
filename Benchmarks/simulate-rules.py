"""The cost of the rules of Semantics §14 in `simulate` (issue 38), and of a release against another.

Writes the shipped cohort at 30,000 people (708,990 lines), then times `simulate --jobs 1 --format
json`, process start to exit, alternating so that a slow spell of the shared VM slows every run:
Apple's sample under each binary given, and under the first binary the same sample with a count
since the last ask and an `active_days` guard (`apple-sample-rules.yaml`). Prints each median and
its ratio to the first binary's sample.

    swift build -c release --product reviewgate
    python3 Benchmarks/simulate-rules.py --runs 9 .build/release/reviewgate [/tmp/reviewgate-before]
"""
import argparse
import os
import statistics
import subprocess
import tempfile
import time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
parser = argparse.ArgumentParser()
parser.add_argument("--runs", type=int, default=9)
parser.add_argument("binaries", nargs="+")
arguments = parser.parse_args()

with tempfile.TemporaryDirectory() as work:
    cohort = os.path.join(work, "cohort.yaml")
    with open(os.path.join(root, "policies/examples/simulate/first-month.cohort.yaml")) as source:
        text = source.read()
    with open(cohort, "w") as target:
        target.write("\n".join("people: 30000" if line.startswith("people:") else line for line in text.split("\n")))
    timeline = os.path.join(work, "timeline.jsonl")
    sample = os.path.join(root, "policies/apple-sample.yaml")
    rules = os.path.join(root, "Benchmarks/apple-sample-rules.yaml")
    subprocess.run(
        [arguments.binaries[0], "simulate", "--policy", sample, "--synthetic", cohort, "--write-timeline", timeline],
        stdout=subprocess.DEVNULL, check=True)
    runs = [(binary, sample) for binary in arguments.binaries] + [(arguments.binaries[0], rules)]
    times = [[] for _ in runs]
    for _ in range(arguments.runs):
        for index, (binary, policy) in enumerate(runs):
            start = time.perf_counter()
            subprocess.run(
                [binary, "simulate", "--policy", policy, "--jobs", "1", "--format", "json", timeline],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
            times[index].append((time.perf_counter() - start) * 1000)
    baseline = statistics.median(times[0])
    for (binary, policy), measured in zip(runs, times):
        median = statistics.median(measured)
        print(f"{median:8.1f} ms  ×{median / baseline:.3f}  {os.path.basename(policy)} with {binary}")

#!/usr/bin/env python3
"""`reviewgate simulate` against DuckDB on the same JSON Lines file, in one run.

The baseline issue 12 names: DuckDB's `read_json` and a window count (each person's running count
of each event, in time order) on one thread, and on two. The file is the shipped cohort at 50,000
people (`--synthetic` with `--write-timeline`: about 1.2 million lines, 120 MB). The runs
alternate, reviewgate and DuckDB, so that a slow spell of a shared machine slows both; the script
prints each run and the medians.

DuckDB is timed inside Python, from the query's start to its last row; reviewgate from process start
to exit (reading, replaying and the report, policy loading included). A bare line scan (`wc -l`) is
the floor. The sweep (issue 27) is `--vary` of 20 variants (5 counts × 4 cooldowns) on two cores,
counted as variant-events per second (lines × 21 policies: the 20 variants and the policy as
written). Needs a release build of reviewgate and `pip install duckdb`.

    swift build -c release --product reviewgate
    python3 Benchmarks/simulate-vs-duckdb.py [--runs 5] [--people 50000] [--binary PATH] [--timeline FILE]
"""

import argparse
import os
import re
import statistics
import subprocess
import tempfile
import time

import duckdb

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COHORT = os.path.join(ROOT, "policies/examples/simulate/first-month.cohort.yaml")
POLICY = os.path.join(ROOT, "policies/apple-sample.yaml")

QUERY = """
SELECT count(*), sum(n) FROM (
  SELECT count(*) OVER (PARTITION BY "user", name ORDER BY "time" ROWS UNBOUNDED PRECEDING) AS n
  FROM read_json('{path}', format = 'newline_delimited', columns = {{
    'user': 'VARCHAR', 'time': '{time}', 'type': 'VARCHAR', 'name': 'VARCHAR',
    'scene': 'VARCHAR', 'short': 'VARCHAR', 'build': 'VARCHAR'}}))
"""
# The cohort's times are UTC (`Z`): TIMESTAMP, as issue 12's baseline ran. A GA4-shaped file's
# (`--timeline`, from Benchmarks/ga4-timeline.py) carry the device's offset: TIMESTAMPTZ.
TIME_TYPE = "TIMESTAMP"


def reviewgate_binary():
    path = subprocess.run(
        ["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
        capture_output=True, text=True).stdout.strip()
    return os.path.join(path, "reviewgate")


def make_timeline(binary, folder, people):
    with open(COHORT) as file:
        cohort = re.sub(r"(?m)^people: \d+", f"people: {people}", file.read())
    cohort_path = os.path.join(folder, "cohort.yaml")
    with open(cohort_path, "w") as file:
        file.write(cohort)
    timeline = os.path.join(folder, "timeline.jsonl")
    subprocess.run(
        [binary, "simulate", "--policy", POLICY, "--synthetic", cohort_path, "--write-timeline", timeline],
        check=True, capture_output=True)
    return timeline


def time_reviewgate(binary, timeline, jobs):
    start = time.perf_counter()
    subprocess.run(
        [binary, "simulate", "--policy", POLICY, "--jobs", str(jobs), "--format", "json", timeline],
        check=True, capture_output=True)
    return time.perf_counter() - start


SWEEP = ["--vary", "triggers.process_completed.at_least=2,3,4,5,6", "--vary", "guards.cooldown=null,7d,14d,30d"]


def time_sweep(binary, timeline, jobs):
    start = time.perf_counter()
    subprocess.run(
        [binary, "simulate", "--policy", POLICY, "--jobs", str(jobs), "--format", "json", timeline] + SWEEP,
        check=True, capture_output=True)
    return time.perf_counter() - start


def time_scan(timeline):
    start = time.perf_counter()
    subprocess.run(["wc", "-l", timeline], check=True, capture_output=True)
    return time.perf_counter() - start


def time_duckdb(timeline, threads):
    connection = duckdb.connect()
    connection.execute(f"SET threads TO {threads}")
    start = time.perf_counter()
    connection.execute(QUERY.format(path=timeline, time=TIME_TYPE)).fetchall()
    elapsed = time.perf_counter() - start
    connection.close()
    return elapsed


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--people", type=int, default=50_000)
    parser.add_argument("--binary", help="a release reviewgate (default: swift build -c release's)")
    parser.add_argument(
        "--timeline", help="a timeline to read instead of the cohort's (Benchmarks/ga4-timeline.py writes two)")
    options = parser.parse_args()
    global TIME_TYPE
    if options.timeline:
        TIME_TYPE = "TIMESTAMPTZ"
    binary = options.binary or reviewgate_binary()
    if not os.path.exists(binary):
        parser.error(f"no {binary}: build it with swift build -c release --product reviewgate")
    with tempfile.TemporaryDirectory() as folder:
        timeline = options.timeline or make_timeline(binary, folder, options.people)
        with open(timeline, "rb") as file:
            lines = sum(1 for _ in file)
        size = os.path.getsize(timeline)
        print(f"{lines} lines, {size / 1e6:.1f} MB, {os.cpu_count()} cores")
        times = {}
        for run in range(options.runs):
            for cores in (1, 2):
                measures = [("reviewgate", lambda: time_reviewgate(binary, timeline, cores)),
                            ("duckdb", lambda: time_duckdb(timeline, cores))]
                if cores == 1:
                    measures.append(("line scan", lambda: time_scan(timeline)))
                else:
                    measures.append(("sweep of 20", lambda: time_sweep(binary, timeline, cores)))
                for name, measure in measures:
                    seconds = measure()
                    times.setdefault((name, cores), []).append(seconds)
                    print(f"run {run + 1}: {name}, {cores} core(s): {seconds * 1000:.0f} ms")
        print("medians:")
        for (name, cores), values in sorted(times.items()):
            median = statistics.median(values)
            events = lines * (21 if name == "sweep of 20" else 1)
            unit = "variant-events/s" if name == "sweep of 20" else "events/s"
            print(f"  {name}, {cores} core(s): {median * 1000:.0f} ms, {events / median / 1e6:.2f} M {unit},"
                  f" {size / median / 1e6:.0f} MB/s (range {min(values) * 1000:.0f}–{max(values) * 1000:.0f} ms)")
        for cores in (1, 2):
            ratio = statistics.median(times[("reviewgate", cores)]) / statistics.median(times[("duckdb", cores)])
            print(f"reviewgate/duckdb time, {cores} core(s): {ratio:.2f}×")
        for name in ("reviewgate", "duckdb"):
            speedup = statistics.median(times[(name, 1)]) / statistics.median(times[(name, 2)])
            print(f"{name}: 2 cores/1 core speed-up {speedup:.2f}×")


if __name__ == "__main__":
    main()

#!/usr/bin/env bash
# The instructions `reviewgate simulate --jobs 1` runs over the shipped cohort at 10,000 people
# (about 235,000 lines of JSON), counted by valgrind's cachegrind, for each binary given.
#
# Time on a shared VM moves by a third from minute to minute; an instruction count is the same from
# run to run, so two builds (a commit and the one before it) compare to a fraction of a percent.
# It does not see memory stalls: confirm a change in time with simulate-vs-duckdb.py or
# SimulateBenchmarks. Needs valgrind; the binaries are copied without their debug information,
# which valgrind 3.19 cannot read.
#
#   swift build -c release --product reviewgate
#   cp "$(swift build -c release --show-bin-path)/reviewgate" /tmp/after
#   Benchmarks/simulate-instructions.sh /tmp/before /tmp/after
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
[ $# -ge 1 ] || { echo "usage: $0 BINARY..." >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

sed 's/^people: [0-9]*/people: 10000/' "$root/policies/examples/simulate/first-month.cohort.yaml" >"$work/cohort.yaml"
"$1" simulate --policy "$root/policies/apple-sample.yaml" --synthetic "$work/cohort.yaml" \
    --write-timeline "$work/timeline.jsonl" >/dev/null
echo "$(wc -l <"$work/timeline.jsonl") lines, $(wc -c <"$work/timeline.jsonl") bytes"

for binary in "$@"; do
    strip --strip-debug -o "$work/binary" "$binary"
    count=$(valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null "$work/binary" simulate \
        --policy "$root/policies/apple-sample.yaml" --jobs 1 "$work/timeline.jsonl" 2>&1 >/dev/null |
        sed -n 's/.*I *refs: *//p')
    echo "$binary: $count instructions"
done

#!/bin/sh
# End to end: one `reviewgate evaluate --explain` of the apple-sample policy, process start to exit,
# against a hello world that links FoundationEssentials (as reviewgate does, through
# swift-argument-parser) and prints one line. Both are release builds; hyperfine times them in one
# run, without a shell (-N), after 5 warm-up runs each.
#
# Run from anywhere: Benchmarks/end-to-end.sh [extra hyperfine options, e.g. --runs 500]
# Needs hyperfine (apt-get install -y hyperfine, brew install hyperfine) and jq.
set -eu

benchmarks=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$benchmarks")

for tool in hyperfine jq; do
    command -v "$tool" >/dev/null || { echo "end-to-end.sh: $tool is not installed" >&2; exit 1; }
done

echo "Building reviewgate and HelloFoundationEssentials (release)..." >&2
swift build -c release --package-path "$root" --product reviewgate >&2
swift build -c release --package-path "$benchmarks" --product HelloFoundationEssentials >&2
reviewgate="$(swift build -c release --package-path "$root" --show-bin-path)/reviewgate"
hello="$(swift build -c release --package-path "$benchmarks" --show-bin-path)/HelloFoundationEssentials"

# The policy and state paths are relative, as in the README and the goldens.
cd "$root"
evaluate="$reviewgate evaluate --explain --policy policies/apple-sample.yaml \
--state policies/examples/apple-sample.state.yaml --event process_completed --scene ProcessCompleted \
--now 2026-11-22T10:00:00Z"
"$reviewgate" --version >/dev/null  # fail early, with its message, if the binary does not run

results=$(mktemp)
trap 'rm -f "$results"' EXIT
hyperfine -N --warmup 5 --export-json "$results" "$@" \
    --command-name hello "$hello" \
    --command-name "reviewgate evaluate --explain" "$evaluate"

# Ratio of the means and of the medians, with the ratio's standard deviation as hyperfine's
# summary computes it (propagated from both commands' standard deviations).
jq -r '
    (.results[0]) as $h | (.results[1]) as $r
    | ($r.mean / $h.mean) as $ratio
    | ($ratio * ((($r.stddev / $r.mean) | . * .) + (($h.stddev / $h.mean) | . * .) | sqrt)) as $sd
    | def ms: . * 1e5 | round / 100;
      def x: . * 100 | round / 100;
    "",
    "hello:      mean \($h.mean | ms) ms, median \($h.median | ms) ms, min \($h.min | ms) ms (\($h.times | length) runs)",
    "reviewgate: mean \($r.mean | ms) ms, median \($r.median | ms) ms, min \($r.min | ms) ms (\($r.times | length) runs)",
    "reviewgate / hello: \($ratio | x)× ± \($sd | x) (means), \($r.median / $h.median | x)× (medians), \($r.min / $h.min | x)× (minima)"
' "$results"

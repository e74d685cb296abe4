#!/usr/bin/env bash
# Coverage-guided fuzzing of every reader (libFuzzer with AddressSanitizer), on top of seeds from the
# repository and the shared conformance suites.
#
#   Fuzz/run.sh [TARGET|all] [SECONDS]      TARGET: policy state scenario compiled remote budget simulate vary lsp; default all, 60 s each
#
# First every regression input (Fuzz/regressions/TARGET) and every amplification input
# (Fuzz/amplify.py) is run once (5 s each at most, under the sanitizer), then the fuzzer runs for
# SECONDS. A crash, a leak, an input that takes
# over a second (-timeout=1; 5 s with MAX_LEN over 64 KiB) or over 2 GB fails the run, and the input is written to
# Fuzz/findings/TARGET/ (crash-*, leak-*, timeout-*, oom-*). Reproduce one without the fuzzer with
# `swift run ReviewGateFuzz TARGET FILE`; once fixed, move it to Fuzz/regressions/TARGET/, which
# `swift test` replays. The corpus grows in .build-fuzz/corpus/TARGET across runs.
# MAX_LEN (default 4096) bounds the inputs the fuzzer makes; FUZZ_JOBS (default 2) runs that many
# targets at once.
set -euo pipefail
cd "$(dirname "$0")/.."

all=(policy state scenario compiled remote budget simulate vary lsp)
which=${1:-all}
seconds=${2:-60}
max_len=${MAX_LEN:-4096}
jobs=${FUZZ_JOBS:-2}
if [ "$which" = all ]; then targets=("${all[@]}"); else targets=("$which"); fi
for target in "${targets[@]}"; do
    [[ " ${all[*]} " == *" $target "* ]] || { echo "unknown target $target (targets: ${all[*]})" >&2; exit 2; }
done

scratch=.build-fuzz
flags=(-c release --product ReviewGateFuzz --scratch-path "$scratch"
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DREVIEWGATE_FUZZ -Xswiftc -use-ld=lld)
swift build "${flags[@]}"
binary="$(swift build "${flags[@]}" --show-bin-path)/ReviewGateFuzz"

# Seeds: what the repository and the shared suites hold, made afresh each run.
seeds="$scratch/seeds"
rm -rf "$seeds"
mkdir -p "$seeds"
for target in "${all[@]}"; do mkdir -p "$seeds/$target" "$scratch/corpus/$target" "Fuzz/findings/$target"; done
copy() { # copy TARGET FILES...: each under a name of its path
    local target=$1; shift
    for file in "$@"; do [ -f "$file" ] && cp "$file" "$seeds/$target/$(echo "$file" | tr '/' '_')"; done
    return 0
}
shopt -s nullglob globstar
copy policy policies/*.yaml policies/experiments/*.yaml policies/recipes/*.yaml Tests/ReviewGateTests/Fixtures/**/*.yaml ../shared/yaml-test-suite/*/in.yaml
copy state policies/examples/*.state.yaml Tests/Catalogue/person.json ../shared/yaml-test-suite/*/in.yaml
copy scenario policies/scenarios/*.scenario.yaml policies/budget/scenarios/*.scenario.yaml policies/experiments/scenarios/*.scenario.yaml policies/recipes/scenarios/*.scenario.yaml
copy budget policies/budget/*.budget.yaml
copy compiled ../shared/json-test-suite/test_parsing/*.json schemas/*.json
copy simulate policies/examples/simulate/*
copy vary Fuzz/regressions/vary/*
copy lsp Tests/ReviewGateLanguageServerTests/Transcripts/*.lsp policies/scenarios/*.scenario.yaml policies/*.yaml
# Compiled and signed forms of the shipped policies and budgets, with the reviewgate that `swift test` built.
if [ -x .build/debug/reviewgate ]; then
    keys=$(mktemp -d)
    .build/debug/reviewgate keygen "$keys/fuzz" >/dev/null
    for policy in policies/*.yaml policies/recipes/*.yaml; do
        name=$(basename "$policy" .yaml)
        .build/debug/reviewgate compile "$policy" -o "$seeds/compiled/$name.json" >/dev/null 2>&1 || true
        .build/debug/reviewgate compile --sign "$keys/fuzz.key" "$policy" -o "$seeds/remote/$name.json" \
            >/dev/null 2>&1 || true
    done
    for budget in policies/budget/*.budget.yaml; do
        .build/debug/reviewgate compile "$budget" -o "$seeds/budget/$(basename "$budget" .yaml).json" >/dev/null 2>&1 || true
        .build/debug/reviewgate compile --sign "$keys/fuzz.key" "$budget" \
            -o "$seeds/remote/$(basename "$budget" .yaml).json" >/dev/null 2>&1 || true
    done
    rm -rf "$keys"
fi
python3 Fuzz/amplify.py "$scratch/amplified"
for target in "${all[@]}"; do cp "$scratch/amplified/$target"/* "$seeds/$target/"; done
# The language's keys and YAML's marks, for the policy target's mutations.
python3 - "$scratch/policy.dict" <<'PY'
import json, sys
keys = set()
def walk(node):
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "properties" and isinstance(value, dict): keys.update(value)
            if key == "enum" and isinstance(value, list): keys.update(v for v in value if isinstance(v, str))
            walk(value)
    elif isinstance(node, list):
        for item in node: walk(item)
for name in ["policy", "state", "scenario", "budget"]:
    walk(json.load(open(f"schemas/{name}.schema.json")))
marks = ["&a ", "*a", "<<: ", ": ", "- ", "{", "}", "[", "]", "!!str ", "!!int ", "---", "...", "|", ">", "21d", "2026-11-22T10:00:00Z", "\"1.0\""]
with open(sys.argv[1], "w") as out:
    for word in sorted(keys) + marks:
        out.write(json.dumps(word) + "\n")
PY

run() { # run TARGET: the replays, then the fuzzer; its output in $scratch/TARGET.log
    local target=$1
    # A second per input; for inputs up to 1 MiB (MAX_LEN over 64 KiB) 5 s, since AddressSanitizer
    # runs them several times slower than the release build that Fuzz/amplification.sh holds to 1 s.
    local timeout=1
    [ "$max_len" -le 65536 ] || timeout=5
    local options=(-timeout="$timeout" -rss_limit_mb=2048 -artifact_prefix="Fuzz/findings/$target/")
    [ "$target" = policy ] || [ "$target" = scenario ] || [ "$target" = state ] || [ "$target" = budget ] &&
        options+=(-dict="$scratch/policy.dict")
    local replays=(Fuzz/regressions/"$target"/* "$scratch/amplified/$target"/*)
    if [ ${#replays[@]} -gt 0 ]; then
        # Under AddressSanitizer a 1 MiB input runs several times slower than in a release build, where
        # Fuzz/amplification.sh holds each to a second: here the bound only catches a hang, at 10 s
        # (simulate's one-person.jsonl takes 4.8 s under the sanitizer, alone on a core, and CI runs
        # two targets at once).
        "$binary" "$target" "${options[@]}" -timeout=10 "${replays[@]}" >"$scratch/$target.replay.log" 2>&1 || {
            echo "$target: a regression or amplification input failed:"; tail -30 "$scratch/$target.replay.log"; return 1; }
    fi
    "$binary" "$target" "${options[@]}" -max_len="$max_len" -max_total_time="$seconds" -print_final_stats=1 \
        "$scratch/corpus/$target" "$seeds/$target" >"$scratch/$target.log" 2>&1 || {
        echo "$target: the fuzzer found something (Fuzz/findings/$target/):"; tail -40 "$scratch/$target.log"; return 1; }
    local stats
    stats=$(grep -E '^#[0-9]+.*(DONE|pulse)' "$scratch/$target.log" | tail -1 || true)
    echo "$target: $(grep -o 'stat::number_of_executed_units: [0-9]*' "$scratch/$target.log" | grep -o '[0-9]*$') executions in ${seconds}s; ${stats#*	}"
}

failed=0
pids=()
names=()
for target in "${targets[@]}"; do
    run "$target" & pids+=($!); names+=("$target")
    if [ ${#pids[@]} -ge "$jobs" ]; then
        wait "${pids[0]}" || failed=1
        pids=("${pids[@]:1}"); names=("${names[@]:1}")
    fi
done
for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
exit $failed

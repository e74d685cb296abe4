#!/usr/bin/env bash
# The amplification inputs (Fuzz/amplify.py: inside Semantics §7's size, depth and alias limits, far more
# work than their size), each read by its reader in a release build without sanitizers: prints the
# time and peak memory of each, and fails when one takes a second or more, or 200 MB or more.
#
#   Fuzz/amplification.sh
set -euo pipefail
cd "$(dirname "$0")/.."

# The fuzzer's build folder: its C libraries (BoringSSL) are the same with or without the sanitizers,
# whose flags are Swift's, so that this build and Fuzz/run.sh's each compile only the Swift modules
# again when the other ran last. So do not run this while Fuzz/run.sh runs: it replaces the fuzzer's
# binary.
scratch=.build-fuzz
swift build -c release --product ReviewGateFuzz --scratch-path "$scratch" >/dev/null
binary="$(swift build -c release --product ReviewGateFuzz --scratch-path "$scratch" --show-bin-path)/ReviewGateFuzz"
inputs="$scratch/amplified-plain"
rm -rf "$inputs"
python3 Fuzz/amplify.py "$inputs"

failed=0
for folder in "$inputs"/*/; do
    target=$(basename "$folder")
    for file in "$folder"*; do
        # One process per input, so that each peak is its own.
        line=$("$binary" "$target" "$file")
        echo "$target/${line#"$inputs/$target/"}"
        ms=$(echo "$line" | awk -F'\t' '{print $4}' | awk '{print $1}')
        mb=$(echo "$line" | awk -F'\t' '{print $5}' | awk '{print $1}')
        if [ "$ms" -ge 1000 ] || [ "$mb" -ge 200 ]; then
            echo "  over the bound of 1 s and 200 MB" >&2
            failed=1
        fi
    done
done
exit $failed

#!/bin/sh
# Opens a bad policy in headless Neovim 0.7 configured by init.lua (the guide's set-up:
# vim.lsp.start_client with `reviewgate lsp` for the YAML files under policies/), and prints the
# diagnostics it shows, one a line (LINE:COL: SEVERITY: MESSAGE [code]). Exits non-zero when Neovim
# fails, times out, or shows no diagnostics.
#
# Usage: Tests/LSP/neovim/check.sh [FILE]  (default: the core's several-errors.yaml fixture)
# REVIEWGATE_BIN: the binary (default .build/debug/reviewgate, from the repository's root);
# NVIM_BIN: Neovim (default nvim).
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
bin=${REVIEWGATE_BIN:-.build/debug/reviewgate}
case $bin in /*) ;; *) bin=$root/$bin ;; esac
file=${1:-$root/Tests/ReviewGateTests/Fixtures/bad-policies/several-errors.yaml}
case $file in /*) ;; *) file=$(pwd)/$file ;; esac
if [ ! -x "$bin" ]; then
  echo "check.sh: $bin is not an executable (set REVIEWGATE_BIN)" >&2
  exit 2
fi
# Neovim's log, shada and state go to a folder of the check's own.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# The set-up attaches the files under a policies/ folder: a file elsewhere is opened as a copy in one.
case $file in
*/policies/*) ;;
*)
  mkdir "$scratch/policies"
  cp "$file" "$scratch/policies/"
  file=$scratch/policies/$(basename "$file")
  ;;
esac
output=$(cd "$root" && REVIEWGATE_BIN=$bin XDG_CACHE_HOME=$scratch/cache XDG_DATA_HOME=$scratch/data \
  XDG_STATE_HOME=$scratch/state XDG_CONFIG_HOME=$scratch/config \
  timeout 30 "${NVIM_BIN:-nvim}" --headless --clean -u "$here/init.lua" "$file" </dev/null 2>&1)
status=$?
printf '%s\n' "$output"
if [ $status -ne 0 ]; then
  echo "check.sh: nvim exited with status $status" >&2
  exit 1
fi
if ! printf '%s\n' "$output" | grep -Eq '^[0-9]+:[0-9]+: (error|warning|info|hint): '; then
  echo "check.sh: Neovim showed no diagnostics" >&2
  exit 1
fi

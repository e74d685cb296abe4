#!/usr/bin/env bash
# The code an app links for the prompter (issue 37): two tiny executables against this package, built
# in release and stripped, one that loads a compiled policy, makes a Prompter and donates an
# event, one that only prints. Prints both sizes, their difference in bytes, and the largest symbols
# of the prompter's executable by module (nm, demangled). Run from anywhere:
#
#     Benchmarks/app-size.sh [SCRATCH_FOLDER]     (default: /tmp/reviewgate-app-size)
#
# The scratch package depends on this repository by path; its .build is kept between runs.
#
# APP_SIZE_FLAGS adds flags to both builds, for what an app's own build settings would make of it
# (use a scratch folder of its own for each set, so that the builds do not replace each other):
#
#     APP_SIZE_FLAGS="-Xswiftc -Xfrontend -Xswiftc -function-sections" Benchmarks/app-size.sh /tmp/size-fs
#
# -function-sections lets the linker drop unreached functions one by one, as Apple's linker does;
# adding "-Xswiftc -Xfrontend -Xswiftc -internalize-at-link" lets it drop unreached public and
# package ones too, and "-Xswiftc -Osize" builds for size (Benchmarks/HISTORY.md, "The prompter's
# bytes, reached"). The flags are split at spaces: none of them may hold one.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
scratch=${1:-/tmp/reviewgate-app-size}
mkdir -p "$scratch/Sources/PrompterApp" "$scratch/Sources/PrintApp"
cat >"$scratch/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "AppSize",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "ReviewGate", path: "$root")],
    targets: [
        .executableTarget(
            name: "PrompterApp",
            dependencies: [
                .product(name: "ReviewGate", package: "ReviewGate"),
                .product(name: "ReviewGatePrompter", package: "ReviewGate"),
            ]),
        .executableTarget(name: "PrintApp"),
    ]
)
SWIFT
cat >"$scratch/Sources/PrompterApp/main.swift" <<'SWIFT'
import Foundation
import ReviewGate
import ReviewGatePrompter

// What an app does: load the compiled policy it ships, make a prompter, donate a moment.
let arguments = CommandLine.arguments
let policy = try Policy(compiledAt: URL(fileURLWithPath: arguments[1]))
let prompter = Prompter(policy: policy, environment: Prompter.Environment(stateFile: URL(fileURLWithPath: arguments[2])))
await prompter.donate("finished_level")
print("donated to \(policy.name)")
SWIFT
cat >"$scratch/Sources/PrintApp/main.swift" <<'SWIFT'
print("hello")
SWIFT
cd "$scratch"
read -r -a flags <<<"${APP_SIZE_FLAGS:-}"
swift build -c release ${flags[@]+"${flags[@]}"} --product PrompterApp >&2
swift build -c release ${flags[@]+"${flags[@]}"} --product PrintApp >&2
bin=$(swift build -c release ${flags[@]+"${flags[@]}"} --show-bin-path)
strip -o "$scratch/PrompterApp.stripped" "$bin/PrompterApp"
strip -o "$scratch/PrintApp.stripped" "$bin/PrintApp"
state=$(mktemp -d)
"$bin/PrompterApp" "$root/Tests/Compatibility/0.4.0/policies/three-week-rule.json" "$state/state.json" >&2
rm -rf "$state"
prompter=$(stat -c %s "$scratch/PrompterApp.stripped" 2>/dev/null || stat -f %z "$scratch/PrompterApp.stripped")
printer=$(stat -c %s "$scratch/PrintApp.stripped" 2>/dev/null || stat -f %z "$scratch/PrintApp.stripped")
echo "prompter app: $prompter bytes stripped; print-only app: $printer bytes"
echo "the prompter's code: $((prompter - printer)) bytes ($(((prompter - printer) / 1024)) KiB)"

# Where the bytes are: the unstripped executable's defined symbols, by size, demangled, summed by
# the module a symbol's name starts with (its module, or "other" for C and runtime symbols).
nm --size-sort -S "$bin/PrompterApp" | awk '{print $2, $4}' | while read -r size name; do
    echo "$((16#$size)) $name"
done >"$scratch/symbols.txt"
awk '{print $2}' "$scratch/symbols.txt" | swift demangle --compact >"$scratch/demangled.txt"
paste -d' ' <(awk '{print $1}' "$scratch/symbols.txt") "$scratch/demangled.txt" >"$scratch/sized.txt"
echo
echo "by module (bytes of symbols whose demangled name mentions it first):"
awk '{
    size = $1; $1 = ""; name = $0
    module = "other"
    if (match(name, /(ReviewGate[A-Za-z]*)\./)) module = substr(name, RSTART, RLENGTH - 1)
    sum[module] += size
} END { for (m in sum) printf "%10d  %s\n", sum[m], m }' "$scratch/sized.txt" | sort -rn
echo
echo "by area (bytes of symbols by the first of the package's types their name names):"
python3 - "$scratch/sized.txt" <<'PYTHON'
import collections, re, sys
areas = [
    ("the prompter", r"ReviewGatePrompter\."),
    ("the files module", r"ReviewGateFiles\."),
    ("text explanations", r"ReviewGate\.(TextExplanation|ConditionText|CheckDescription|ArbitrationExplanation)"),
    ("reading and checking compiled policies and budgets",
     r"ReviewGate\.(JSONParser|JSONReader|DocumentNode|DocumentScalar|DocumentLimits|MappingEntry|NodeReader|Fields"
     r"|PolicyDecoder|BudgetDecoder|CompiledPolicy|CompiledBudget|CanonicalPolicy|PolicyDefaults|ReleasedDefaults"
     r"|ExtendsMerge|FormatVersion|Diagnostic|DiagnosticError|Suggestion|Quote|PolicyLoader|BudgetLoader"
     r"|PortableSHA256|KeyHome|ByteText|SourceLocation|LintRule|ReadFailure)"),
    ("state", r"ReviewGate\.(ReviewState|StateDecoder|StateEncoder|StateStore|StateChange|Transition|Recording"
     r"|BudgetRecording|StateUpdate|YAMLScalarText|EventHistory|ExperimentExposure|AttributeValue|AppVersion|Ask\b|Answer)"),
    ("budgets and the arbiter", r"ReviewGate\.(Budget|Arbiter|Arbitration|Lease)"),
    ("evaluation and the policy model", r"ReviewGate\."),
]
totals = collections.Counter()
for line in open(sys.argv[1]):
    size, _, name = line.rstrip("\n").partition(" ")
    area = next((area for area, pattern in areas if re.search(pattern, name)), "the standard library and runtime glue")
    totals[area] += int(size)
for area, size in totals.most_common():
    print(f"{size:10d}  {area}")
PYTHON
echo
echo "largest 40 symbols:"
sort -rn "$scratch/sized.txt" | head -40 | cut -c1-180

#!/bin/bash
# The clean-build cost of `multiplex-generate` against the runtime's (issue 25's build-cost line): a clean debug
# build of the product, and of the `Multiplex` target alone, each in an empty scratch folder whose dependencies
# were resolved beforehand (resolution is not counted), alternated ROUNDS times (default 2). Prints each build's
# wall-clock and CPU seconds and the ratio of wall-clock times per round.
#
#   bash Benchmarks/Scripts/build-cost.sh [ROUNDS]
#
# Wall-clock time depends on the machine and its load: measure on a quiet machine, and compare only figures of one
# run. The scratch folders live under a temporary directory that the script removes.
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds="${1:-2}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# Times one clean build (`swift build` with the given arguments); prints "wall user+sys".
clean_build() {
  local scratch="$work/scratch"
  rm -rf "$scratch"
  swift package resolve --scratch-path "$scratch" >/dev/null 2>&1
  local timing="$work/time"
  /usr/bin/time -f "%e %U %S" -o "$timing" swift build --scratch-path "$scratch" "$@" >"$work/log" 2>&1 || {
    cat "$work/log" >&2
    exit 1
  }
  awk '{ printf "%.1f %.1f\n", $1, $2 + $3 }' "$timing"
}

echo "round  runtime (wall s, cpu s)  multiplex-generate (wall s, cpu s)  ratio (wall)"
for round in $(seq 1 "$rounds"); do
  read -r runtime_wall runtime_cpu < <(clean_build --target Multiplex)
  read -r tool_wall tool_cpu < <(clean_build --product multiplex-generate)
  ratio="$(awk -v a="$tool_wall" -v b="$runtime_wall" 'BEGIN { printf "%.2f", a / b }')"
  printf "%5d  %10s %10s  %16s %16s  ×%s\n" "$round" "$runtime_wall" "$runtime_cpu" "$tool_wall" "$tool_cpu" "$ratio"
done

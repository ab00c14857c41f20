#!/usr/bin/env bash
# Instruction counts and simulated data-cache misses (`--cache-sim=yes`, the simulator cachegrind uses, with a
# fixed cache geometry) with valgrind's callgrind: repeatable on a busy machine, unlike wall-clock time.
#
#   bash Benchmarks/Scripts/callgrind.sh [--weak-references] [workload-filter ...] [--markdown] [--csv PATH]
#
# `--weak-references` (first argument) measures Apple's path on this machine: the runtime compiled with
# `-DMULTIPLEX_WEAK_OBSERVER_REFERENCES`, where a weak registration holds a native Swift observer by an unowned
# reference, as on Linux, and an Objective-C one by a `weak` reference (as wherever Objective-C interoperability is
# on; on Linux, observers whose class descends from `_ObjectiveCObjectStandIn`: the row `Multiplex weak (Objective-C
# observers)`). Its build has a scratch folder of its own (`.build-callgrind-weak-references`).
#
# valgrind 3.19 cannot read the DWARF 5 the Swift toolchain emits by default, so the comparison tool is built
# into its own scratch folder with DWARF 4 debug information. Each system then runs in its own valgrind process
# with collection switched on only inside `measuredRegion` (warm-up and setup excluded).
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=.build-callgrind
defines=()
if [ "${1:-}" = "--weak-references" ]; then
  shift
  scratch=.build-callgrind-weak-references
  defines=(-Xswiftc -DMULTIPLEX_WEAK_OBSERVER_REFERENCES)
fi
swift build -c release --product multiplex-compare --scratch-path "$scratch" \
  -Xswiftc -dwarf-version=4 -Xcc -gdwarf-4 "${defines[@]}" >&2
exec "$scratch/release/multiplex-compare" --callgrind "$@"

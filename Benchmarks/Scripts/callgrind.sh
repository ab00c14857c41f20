#!/usr/bin/env bash
# Instruction counts and simulated data-cache misses (`--cache-sim=yes`, the simulator cachegrind uses, with a
# fixed cache geometry) with valgrind's callgrind: repeatable on a busy machine, unlike wall-clock time.
#
#   bash Benchmarks/Scripts/callgrind.sh [workload-filter ...] [--markdown] [--csv PATH]
#
# valgrind 3.19 cannot read the DWARF 5 the Swift toolchain emits by default, so the comparison tool is built
# into its own scratch folder with DWARF 4 debug information. Each system then runs in its own valgrind process
# with collection switched on only inside `measuredRegion` (warm-up and setup excluded).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product multiplex-compare --scratch-path .build-callgrind \
  -Xswiftc -dwarf-version=4 -Xcc -gdwarf-4 >&2
exec .build-callgrind/release/multiplex-compare --callgrind "$@"

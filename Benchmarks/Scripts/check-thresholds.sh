#!/usr/bin/env bash
# Gates the deterministic performance figures: instructions per observer call and per add+remove (callgrind),
# data-cache misses per observer call (callgrind's cache simulation, the simulator of cachegrind, with a fixed
# cache geometry: see `cacheGeometry` in multiplex-compare), and mallocs per dispatch and per add+remove (the malloc
# interposer), against the thresholds committed for the toolchain in use (`Benchmarks/Thresholds/swift-X.Y.csv`),
# as swift-log does with its benchmark thresholds. Time is not gated: on a shared machine it is too noisy to fail a
# build on; the cache misses are there so that a layout change that costs time (one more object to reach per
# observer) fails CI even when its instructions do not move.
#
#   bash Benchmarks/Scripts/check-thresholds.sh [--weak-references]
#
# `--weak-references` checks Apple's path instead (the runtime compiled with `-DMULTIPLEX_WEAK_OBSERVER_REFERENCES`,
# where an Objective-C observer is held by a `weak` reference: see callgrind.sh) against its own thresholds,
# `Thresholds/swift-X.Y-weak-references.csv`. CI runs both.
#
# Builds the comparison tool in release mode (Benchmarks/.build-callgrind; no swift-syntax: the workloads compile
# the macro's checked-in expansions), then measures the Void and first-responder dispatches at 1, 8, 64 and 1,024
# observers (1,024 observers' registrations no longer fit the simulated 32 KiB first-level cache: that is where the
# layout shows in the misses) and churn among 64 and 1,024.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v valgrind > /dev/null; then
  echo "valgrind is not installed: the thresholds cannot be checked here" >&2
  exit 1
fi
version=$(swift --version 2>&1 | sed -n 's/.*Swift version \([0-9]*\.[0-9]*\).*/\1/p' | head -n 1)
path=()
suffix=""
if [ "${1:-}" = "--weak-references" ]; then
  path=(--weak-references)
  suffix="-weak-references"
fi
thresholds="Thresholds/swift-$version$suffix.csv"
if [ ! -f "$thresholds" ]; then
  echo "no thresholds for Swift $version ($thresholds): record them from a run of this script's command" >&2
  exit 1
fi
exec bash Scripts/callgrind.sh "${path[@]}" --sizes 1,8,64,1024 --check-thresholds "$thresholds" void first-responder churn

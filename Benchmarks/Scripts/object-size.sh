#!/usr/bin/env bash
# Release object size per forwarded requirement: a multiplexer `multiplex-generate` writes against the forwarder a
# person writes by hand (one `notify` or `combine` call per requirement), issue 25's target being at most 1.5×.
#
#   bash Benchmarks/Scripts/object-size.sh [N]
#
# Builds `Multiplex` in release (MULTIPLEX_OMIT_MACROS, .build-release, as CI's release test step) and the debug
# `multiplex-generate`, then writes a protocol with N and 2N requirements (half `Void`, half `Int?`), generates
# its multiplexer from its symbol graph, writes the hand-written forwarder for the same protocol and policy (a Swift
# protocol of another module: every observer responds, so an `Optional` result combines as the first non-`nil`
# answer, `combine(using: .firstNonNil, default: nil)`), compiles each
# with -O into an object, and prints the text+data size per requirement: (size at 2N − size at N) / N, so the
# fixed cost of each class (registration, events, the combiner) is left out. N defaults to 16. The generated
# requirement also carries its event case, its event tap member and its combining method; MULTIPLEX_KEEP=1 keeps
# the objects (for `nm --size-sort`).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
n="${1:-16}"
cd "$root"
MULTIPLEX_OMIT_MACROS=1 swift build -c release --target Multiplex --scratch-path .build-release >&2
swift build --product multiplex-generate >&2
generator="$(swift build --product multiplex-generate --show-bin-path)/multiplex-generate"
modules="$root/.build-release/release/Modules"
modulemap="$root/.build-release/release/_MultiplexShims.build/module.modulemap"
work=$(mktemp -d)
[ -n "${MULTIPLEX_KEEP:-}" ] && echo "work: $work" >&2 || trap 'rm -rf "$work"' EXIT

protocol() { # count
  echo "public protocol Gauge: AnyObject {"
  for ((i = 0; i < $1 / 2; i++)); do
    echo "  func changed$i(_ value: Int)"
    echo "  func reading$i(_ value: Int) -> Int?"
  done
  echo "}"
}

hand() { # count
  echo "import Multiplex"
  echo "import Gauges"
  echo "final class HandGaugeMultiplexer: Gauge {"
  echo "  let multiplexer = Multiplexer<any Gauge>()"
  for ((i = 0; i < $1 / 2; i++)); do
    echo "  func changed$i(_ value: Int) { multiplexer.notify { \$0.changed$i(value) } }"
    echo "  func reading$i(_ value: Int) -> Int? { multiplexer.combine(using: .firstNonNil, default: nil) { \$0.reading$i(value) } }"
  done
  echo "}"
}

flags=(-O -parse-as-library -swift-version 6 -I "$modules" -Xcc -fmodule-map-file="$modulemap" -I "$work")
object_size() { # object
  command size -A "$1" | awk '$1 ~ /^\.(text|data|rodata|const)/ || $1 ~ /^__/ { total += $2 } END { print total }'
}

measure() { # count
  local count=$1 dir="$work/$1"
  mkdir -p "$dir"
  protocol "$count" > "$dir/Gauges.swift"
  swiftc "${flags[@]}" -emit-module -emit-module-path "$work/Gauges.swiftmodule" -module-name Gauges \
    -emit-symbol-graph -emit-symbol-graph-dir "$dir/graphs" -c "$dir/Gauges.swift" -o "$dir/Gauges.o"
  "$generator" Gauge --module Gauges --symbol-graph-dir "$dir/graphs" > "$dir/Generated.swift"
  hand "$count" > "$dir/Hand.swift"
  swiftc "${flags[@]}" -module-name Generated -c "$dir/Generated.swift" -o "$dir/Generated.o"
  swiftc "${flags[@]}" -module-name Hand -c "$dir/Hand.swift" -o "$dir/Hand.o"
  echo "$(object_size "$dir/Generated.o") $(object_size "$dir/Hand.o")"
}

read -r generated1 hand1 < <(measure "$n")
read -r generated2 hand2 < <(measure $((2 * n)))
awk -v n="$n" -v g1="$generated1" -v g2="$generated2" -v h1="$hand1" -v h2="$hand2" 'BEGIN {
  g = (g2 - g1) / n; h = (h2 - h1) / n
  printf "object bytes per forwarded requirement (release, %d→%d requirements, half Void, half Int?):\n", n, 2 * n
  printf "  generated %.0f, hand-written %.0f: %.2f×\n", g, h, g / h
  printf "  whole objects: generated %d and %d, hand-written %d and %d\n", g1, g2, h1, h2
}'

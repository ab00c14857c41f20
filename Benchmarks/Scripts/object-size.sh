#!/usr/bin/env bash
# Release object size per forwarded requirement: a multiplexer `multiplex-generate` writes against the forwarder a
# person writes by hand (one `notify` or `combine` call per requirement), issue 25's target being at most 1.5×.
#
#   bash Benchmarks/Scripts/object-size.sh [--check MAX] [N]
#
# Builds `Multiplex` in release (MULTIPLEX_OMIT_MACROS, .build-release, as CI's release test step) and the debug
# `multiplex-generate`. Then, for each shape of requirement (plain `Void`, `-> Int?`, `throws -> Int?`, `async`,
# `async -> Int?`, `async throws -> Int?`, a protocol half `Void`, half `Int?`, and `-> Int?` and `async -> Int?`
# with a default implementation in the protocol's extension), writes a protocol with N and 2N requirements of that
# shape, generates its multiplexer from its symbol graph, writes the hand-written forwarder for the same protocol
# and policy (a Swift protocol of another module: every observer responds, so an `Optional` result combines as the
# first non-`nil` answer, `combine(using: .firstNonNil, default: nil)`), compiles each with -O into an object, and
# prints the size of its text, data and read-only data per requirement: (size at 2N − size at N) / N, so the fixed
# cost of each class (registration, events, the combiner) is left out. N defaults to 16. The generated requirement also carries
# its event case, its event tap member and its combining method; MULTIPLEX_KEEP=1 keeps the objects (for
# `nm --size-sort`). With --check MAX (CI: 1.5), exits 1 when a shape's ratio is above MAX: object sizes are
# deterministic for one toolchain.
set -euo pipefail
# A failed generation or compilation inside `$(measure …)` must stop the script too (bash turns errexit off in
# command substitutions otherwise).
shopt -s inherit_errexit
root="$(cd "$(dirname "$0")/../.." && pwd)"
limit=""
n=16
while [ $# -gt 0 ]; do
  case $1 in
    --check)
      limit="${2:?--check needs the largest ratio allowed}"
      shift 2
      ;;
    *)
      n=$1
      shift
      ;;
  esac
done
cd "$root"
MULTIPLEX_OMIT_MACROS=1 swift build -c release --target Multiplex --scratch-path .build-release >&2
swift build --product multiplex-generate >&2
generator="$(swift build --product multiplex-generate --show-bin-path)/multiplex-generate"
modules="$root/.build-release/release/Modules"
modulemap="$root/.build-release/release/_MultiplexShims.build/module.modulemap"
work=$(mktemp -d)
[ -n "${MULTIPLEX_KEEP:-}" ] && echo "work: $work" >&2 || trap 'rm -rf "$work"' EXIT

# One requirement of a shape: its declaration in the protocol (after `func rI(_ value: Int)`) and the hand-written
# forwarder's body.
signature() { # shape
  case $1 in
    void) echo "" ;;
    optional) echo " -> Int?" ;;
    throwing) echo " throws -> Int?" ;;
    async) echo " async" ;;
    async-optional) echo " async -> Int?" ;;
    async-throwing) echo " async throws -> Int?" ;;
    optional-default) echo " -> Int?" ;;
    async-optional-default) echo " async -> Int?" ;;
  esac
}
forwarder() { # shape index
  local call="\$0.r$2(value)"
  case $1 in
    void) echo "multiplexer.notify { $call }" ;;
    optional) echo "multiplexer.combine(using: .firstNonNil, default: nil) { $call }" ;;
    throwing) echo "try multiplexer.combine(using: .firstNonNil, default: nil) { try $call }" ;;
    async) echo "await multiplexer.notify { await $call }" ;;
    async-optional) echo "await multiplexer.combine(using: .firstNonNil, default: nil) { await $call }" ;;
    async-throwing) echo "try await multiplexer.combine(using: .firstNonNil, default: nil) { try await $call }" ;;
    optional-default)
      echo "if let answer = multiplexer.combine(using: .firstNonNil, default: nil, { $call }) { return answer };" \
        "return defaults.r$2(value)"
      ;;
    async-optional-default)
      echo "if let answer = await multiplexer.combine(using: .firstNonNil, default: nil, { await $call }) {" \
        "return answer }; return await defaults.r$2(value)"
      ;;
  esac
}
# The shapes whose protocol implements each requirement in an extension: the multiplexer asks that default
# implementation when no observer answers, and so does the hand-written forwarder (through a class that inherits
# it).
defaulted() { [[ $1 == *-default ]]; }
shapes_of() { # shape count: the shape of each requirement
  for ((i = 0; i < $2; i++)); do
    if [ "$1" = mixed ]; then
      ((i % 2 == 0)) && echo void || echo optional
    else
      echo "$1"
    fi
  done
}

protocol() { # shape count
  echo "public protocol Gauge: AnyObject {"
  local i=0
  for shape in $(shapes_of "$1" "$2"); do
    echo "  func r$i(_ value: Int)$(signature "$shape")"
    i=$((i + 1))
  done
  echo "}"
  if defaulted "$1"; then
    echo "extension Gauge {"
    for ((i = 0; i < $2; i++)); do echo "  public func r$i(_ value: Int)$(signature "$1") { nil }"; done
    echo "}"
  fi
}

hand() { # shape count
  echo "import Multiplex"
  echo "import Gauges"
  echo "final class HandGaugeMultiplexer: Gauge {"
  echo "  let multiplexer = Multiplexer<any Gauge>()"
  if defaulted "$1"; then
    echo "  private final class Defaults: Gauge {}"
    echo "  private let defaults = Defaults()"
  fi
  local i=0
  for shape in $(shapes_of "$1" "$2"); do
    echo "  func r$i(_ value: Int)$(signature "$shape") { $(forwarder "$shape" "$i") }"
    i=$((i + 1))
  done
  echo "}"
}

flags=(-O -parse-as-library -swift-version 6 -I "$modules" -Xcc -fmodule-map-file="$modulemap")
object_size() { # object
  command size -A "$1" | awk '$1 ~ /^\.(text|data|rodata|const)/ || $1 ~ /^__/ { total += $2 } END { print total }'
}

measure() { # shape count
  local dir="$work/$1-$2"
  mkdir -p "$dir"
  protocol "$1" "$2" > "$dir/Gauges.swift"
  swiftc "${flags[@]}" -emit-module -emit-module-path "$dir/Gauges.swiftmodule" -module-name Gauges \
    -emit-symbol-graph -emit-symbol-graph-dir "$dir/graphs" -c "$dir/Gauges.swift" -o "$dir/Gauges.o"
  "$generator" Gauge --module Gauges --symbol-graph-dir "$dir/graphs" > "$dir/Generated.swift"
  hand "$1" "$2" > "$dir/Hand.swift"
  swiftc "${flags[@]}" -I "$dir" -module-name Generated -c "$dir/Generated.swift" -o "$dir/Generated.o"
  swiftc "${flags[@]}" -I "$dir" -module-name Hand -c "$dir/Hand.swift" -o "$dir/Hand.o"
  echo "$(object_size "$dir/Generated.o") $(object_size "$dir/Hand.o")"
}

echo "object bytes per forwarded requirement (release, $n→$((2 * n)) requirements):"
printf '  %-27s %9s %12s %7s\n' shape generated hand-written ratio
for shape in mixed void optional throwing async async-optional async-throwing optional-default \
  async-optional-default; do
  # Assignments, so that a failed generation or compilation stops the script (set -e, inherit_errexit).
  sizes1=$(measure "$shape" "$n")
  sizes2=$(measure "$shape" $((2 * n)))
  read -r generated1 hand1 <<< "$sizes1"
  read -r generated2 hand2 <<< "$sizes2"
  awk -v shape="$shape" -v n="$n" -v g1="$generated1" -v g2="$generated2" -v h1="$hand1" -v h2="$hand2" \
    -v limit="$limit" 'BEGIN {
    names["mixed"] = "half Void, half Int?"; names["void"] = "Void"; names["optional"] = "-> Int?"
    names["throwing"] = "throws -> Int?"; names["async"] = "async"; names["async-optional"] = "async -> Int?"
    names["async-throwing"] = "async throws -> Int?"; names["optional-default"] = "-> Int?, extension default"
    names["async-optional-default"] = "async -> Int?, ext. default"
    g = (g2 - g1) / n; h = (h2 - h1) / n
    if (g1 == "" || g2 == "" || h1 == "" || h2 == "" || g <= 0 || h <= 0) {
      printf "object-size: %s: no size per requirement (objects of %s, %s, %s, %s bytes)\n", names[shape], g1, g2, h1, h2 > "/dev/stderr"
      exit 1
    }
    printf "  %-27s %9.0f %12.0f %6.2f×\n", names[shape], g, h, g / h
    if (limit != "" && g / h > limit + 0) {
      printf "object-size: %s is %.2f× the hand-written forwarder, above %s\n", names[shape], g / h, limit > "/dev/stderr"
      exit 1
    }
  }' || failed=1
done
exit "${failed:-0}"

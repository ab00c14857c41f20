#!/usr/bin/env bash
# Compiles what Multiplex ships for Apple platforms against real Apple SDKs, on Linux, with the Swift toolchain
# on the PATH. Nothing is run: there is no iOS or macOS runtime here (no UIKit, no Objective-C runtime).
#
#     Scripts/apple-check.sh                  # compile (CI runs this; prints "skipped: no Apple SDK" without one)
#     Scripts/apple-check.sh --prepare-sdk SDK  # once, on a local copy of an SDK (see "Preparing an SDK" below)
#     Scripts/apple-check.sh --prepare-cache    # the resource directory alone (for Scripts/apple-delegates.sh)
#     Scripts/apple-check.sh --symbol-graphs MODULE TARGET SDK  # prints MODULE's graphs' directory (cached)
#     Scripts/apple-check.sh --all-symbol-graphs TARGET SDK     # prints a directory of every module's graphs
#     Scripts/apple-check.sh --runtime TARGET SDK DIR           # only the runtime, into DIR/TARGET
#
# SDKs
#   MULTIPLEX_APPLE_SDK   an iPhoneOS SDK (`iPhoneOS26.2.sdk`)
#   MULTIPLEX_MACOS_SDK   a MacOSX SDK (`MacOSX15.5.sdk`)
#   Each defaults to the newest `iPhoneOS*.sdk` / `MacOSX*.sdk` in MULTIPLEX_APPLE_SDKS (a directory, default
#   /work/apple-sdks, where this project's CI machine keeps them). With neither SDK the script prints
#   "skipped: no Apple SDK" and succeeds; with one, it checks what that one can check and says what it skipped.
#   Apple's SDKs and everything derived from them (module caches) stay outside the repository: the cache is
#   MULTIPLEX_APPLE_CACHE (default ${XDG_CACHE_HOME:-$HOME/.cache}/multiplex-apple).
#
# What is compiled, each with `-warnings-as-errors` (zero errors, zero warnings) and object code (`-c`):
#   1. the runtime (`Sources/Multiplex` as one module, `-emit-module`, plus the C target `_MultiplexShims` with
#      clang -Werror) for arm64-apple-ios13.0 (the package's floor) and arm64-apple-ios<SDK version> with the iOS
#      SDK, and for arm64-apple-macos10.15 and arm64-apple-macos<SDK version> with the macOS SDK;
#   1b. `multiplex-generate` (its C target, `MultiplexModel`, `MultiplexEmitter`, `MultiplexSymbolGraphReader`, the tool) for
#      arm64-apple-macos10.15 with the macOS SDK: the tool imports no Foundation, so a standard-library string API
#      newer than the package's floor is an error there;
#   2. every `@objc` multiplexer the repository generates or ships, one file per compiler call (in one call the
#      compiler reported only the first file's errors), against the runtime of step 1 and the real frameworks:
#      the `@objc` golden files of `Tests/MultiplexGeneratorTests/Golden` (UIKit's and WebKit's at the iOS floor,
#      `DownloadDelegateMultiplexer` against `Scripts/objc-standins/DownloadKit.swift` compiled as a module) and
#      the ready-made multiplexers of `Sources/AppleDelegates`, each framework's target as one module (as SwiftPM
#      builds it, without InternalImportsByDefault) for iOS and macOS, each at the floor and at the SDK's version:
#      a file generated for one platform compiles to nothing on the other (its `os(…)` guard);
#   2b. the recipes of the DocC catalog (`Scripts/recipes`, the code their articles show verbatim, which
#      Scripts/check-references.py checks) for arm64-apple-ios13.0, each against the ready-made modules it imports,
#      built with `-emit-module` from `Sources/AppleDelegates` for that target;
#   3. negative controls, which must fail for the reason expected, so the check cannot pass vacuously: a
#      misspelled selector (an error), a selector of an iOS 16 requirement named at the iOS 13 floor without
#      `#available` (an availability error), a deprecated method named at the floor (a warning, so an error here),
#      and, with the macOS SDK, a macOS 11 API used at the 10.15 floor.
#
# Preparing an SDK (the three workarounds that let this Linux toolchain read an Apple SDK)
#   - A private resource directory (made here, in the cache) links only `clang/`, `shims/` and `host/` of the
#     toolchain's `lib/swift`: the Linux one's `dispatch/`… module maps collide with the SDK's ("redefinition of
#     module 'Dispatch'"). In it, `SwiftShims`, `_SwiftConcurrencyShims`, `SwiftOverlayShims` and
#     `_SynchronizationShims` link to `shims/` (26.x SDKs: "no such module 'SwiftShims'").
#   - `--prepare-sdk` edits a local SDK copy: `usr/include/libxml` becomes a link to `libxml2/libxml`
#     ("redefinition of module 'libxml2'"), and frameworks whose symbolic links were lost in a copy (a macOS
#     SDK's `Versions/Current`, `Headers`, `Modules`) get them back ("no such module 'Combine'").
#   The check refuses an SDK that needs preparing, saying so.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
toolchain_lib=$(dirname "$(dirname "$(command -v swiftc)")")/lib/swift
cache=${MULTIPLEX_APPLE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/multiplex-apple}
sdks_dir=${MULTIPLEX_APPLE_SDKS:-/work/apple-sdks}
shims="$cache/shims/$(printf '%s' "$root" | cksum | cut -d ' ' -f 1)"

# Edits a local copy of an SDK so that this toolchain reads it (see "Preparing an SDK").
prepare_sdk() {
  local sdk=$1
  [ -f "$sdk/SDKSettings.json" ] || { echo "apple-check: $sdk is not an SDK (no SDKSettings.json)" >&2; exit 2; }
  if [ -d "$sdk/usr/include/libxml" ] && [ ! -L "$sdk/usr/include/libxml" ] && [ -d "$sdk/usr/include/libxml2/libxml" ]; then
    mv "$sdk/usr/include/libxml" "$sdk/usr/libxml.orig"  # kept, outside the include path
    ln -s libxml2/libxml "$sdk/usr/include/libxml"
    echo "prepared: $sdk/usr/include/libxml -> libxml2/libxml"
  fi
  local framework versions count fixed=0
  while IFS= read -r framework; do
    [ -e "$framework/Versions/Current" ] && continue
    versions=$(ls "$framework/Versions")
    count=$(printf '%s\n' "$versions" | wc -l)
    [ "$count" = 1 ] || continue
    ln -s "$versions" "$framework/Versions/Current"
    local entry
    for entry in "$framework/Versions/$versions"/*; do
      [ -e "$framework/$(basename "$entry")" ] || ln -s "Versions/Current/$(basename "$entry")" "$framework/$(basename "$entry")"
    done
    fixed=$((fixed + 1))
  done < <(find "$sdk" -type d -name '*.framework' -exec test -d '{}/Versions' ';' -print)
  [ "$fixed" = 0 ] || echo "prepared: $fixed frameworks got their Versions/Current links back"
}

# The private resource directory, the module cache, and the runtime's C module map (SwiftPM generates one; swiftc
# needs it), in the cache.
# Nothing that exists as it should is written again: every module built from the SDK records these files as
# dependencies, and a newer one has the whole module cache rebuilt (minutes). The module map is per checkout.
prepare_cache() {
  mkdir -p "$cache/resource-dir" "$cache/module-cache" "$shims"
  link() { [ "$(readlink "$2" 2>/dev/null)" = "$1" ] || ln -sfn "$1" "$2"; }
  local directory map
  for directory in clang shims host; do link "$toolchain_lib/$directory" "$cache/resource-dir/$directory"; done
  for directory in SwiftShims _SwiftConcurrencyShims SwiftOverlayShims _SynchronizationShims; do
    link "$toolchain_lib/shims" "$cache/resource-dir/$directory"
  done
  map=$(printf 'module _MultiplexShims {\n  header "%s"\n  export *\n}' "$root/Sources/_MultiplexShims/include/_MultiplexShims.h")
  [ "$(cat "$shims/module.modulemap" 2>/dev/null)" = "$map" ] || printf '%s\n' "$map" > "$shims/module.modulemap"
}

if [ "${1:-}" = "--prepare-cache" ]; then
  prepare_cache
  exit 0
fi
# --symbol-graphs MODULE TARGET SDK: prints the directory holding MODULE's symbol graphs for TARGET, extracted from
# SDK into the cache on first use (minutes for UIKit, once), never into the repository. Scripts/apple-delegates.sh
# and Scripts/apple-sweep.py read graphs this way.
if [ "${1:-}" = "--symbol-graphs" ]; then
  [ $# = 4 ] || { echo "usage: $0 --symbol-graphs MODULE TARGET SDK" >&2; exit 2; }
  prepare_cache
  module=$2 target=$3 sdk=$4
  directory="$cache/symbol-graphs/$(basename "$sdk")/$target/$module"
  if [ ! -f "$directory/$module.symbols.json" ]; then
    mkdir -p "$directory"
    echo "extracting $module's symbol graph from $(basename "$sdk") for $target (once)" >&2
    swift symbolgraph-extract -module-name "$module" -target "$target" -sdk "$sdk" \
      -resource-dir "$cache/resource-dir" -module-cache-path "$cache/module-cache" \
      -output-dir "$directory" -minimum-access-level public >&2
  fi
  printf '%s\n' "$directory"
  exit 0
fi
# --all-symbol-graphs TARGET SDK: prints a directory holding (as links) the graphs of every module extracted so far
# for TARGET from SDK, so that `multiplex-generate --symbol-graph-dir` finds a parent protocol of another framework
# (PencilKit's `PKCanvasViewDelegate` refines UIKit's `UIScrollViewDelegate`).
if [ "${1:-}" = "--all-symbol-graphs" ]; then
  [ $# = 3 ] || { echo "usage: $0 --all-symbol-graphs TARGET SDK" >&2; exit 2; }
  graphs_root="$cache/symbol-graphs/$(basename "$3")/$2"
  all="$graphs_root/.all"
  mkdir -p "$all"
  for file in "$graphs_root"/*/*.symbols.json; do
    [ -e "$file" ] || continue
    [ -e "$all/$(basename "$file")" ] || ln -s "$file" "$all/$(basename "$file")"
  done
  printf '%s\n' "$all"
  exit 0
fi
if [ "${1:-}" = "--prepare-sdk" ]; then
  [ $# = 2 ] || { echo "usage: $0 --prepare-sdk SDK" >&2; exit 2; }
  prepare_sdk "$2"
  exit 0
fi

newest() { { find -L "$sdks_dir" -maxdepth 1 -name "$1" -type d 2>/dev/null || true; } | sort -V | tail -n 1; }
ios_sdk=${MULTIPLEX_APPLE_SDK:-$(newest 'iPhoneOS*.sdk')}
macos_sdk=${MULTIPLEX_MACOS_SDK:-$(newest 'MacOSX*.sdk')}
if [ -z "$ios_sdk" ] && [ -z "$macos_sdk" ]; then
  echo "skipped: no Apple SDK (set MULTIPLEX_APPLE_SDK / MULTIPLEX_MACOS_SDK, or put them in $sdks_dir)"
  exit 0
fi

needs_preparing() {
  local sdk=$1
  if [ -d "$sdk/usr/include/libxml" ] && [ ! -L "$sdk/usr/include/libxml" ]; then return 0; fi
  [ -e "$sdk/System/Library/Frameworks/Foundation.framework/Modules" ] || return 0
  return 1
}
for sdk in $ios_sdk $macos_sdk; do
  if needs_preparing "$sdk"; then
    echo "apple-check: $sdk needs preparing: run $0 --prepare-sdk $sdk (edits that copy; see the script)" >&2
    exit 1
  fi
done

prepare_cache
resource_dir="$cache/resource-dir"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
start=$(date +%s)
elapsed() { echo "$(( $(date +%s) - start ))s"; }
checked=0

# The package's Swift settings (Package.swift), for the runtime and the shipped multiplexers alike.
swift6=(-swift-version 6 -warnings-as-errors -enable-upcoming-feature ExistentialAny
  -enable-upcoming-feature MemberImportVisibility -enable-upcoming-feature InternalImportsByDefault)

# swift_for TARGET SDK ARGS…: swiftc for an Apple target. MULTIPLEX_APPLE_SWIFT_FLAGS (words) are added to every
# call: Scripts/apple-link.sh passes the code-generation flags its link needs (see there).
swift_for() {
  local target=$1 sdk=$2
  shift 2
  # shellcheck disable=SC2086 # words, by design
  swiftc -target "$target" -sdk "$sdk" -resource-dir "$resource_dir" -module-cache-path "$cache/module-cache" \
    "${swift6[@]}" ${MULTIPLEX_APPLE_SWIFT_FLAGS:-} "$@"
}

# runtime TARGET SDK: builds the runtime module and object for TARGET into $work/TARGET.
runtime() {
  local target=$1 sdk=$2 out="$work/$1" began
  began=$(date +%s%N)
  mkdir -p "$out"
  clang -target "$target" -isysroot "$sdk" -Wall -Wextra -Werror -I "$root/Sources/_MultiplexShims/include" \
    -c "$root/Sources/_MultiplexShims/_MultiplexShims.c" -o "$out/_MultiplexShims.o"
  swift_for "$target" "$sdk" -parse-as-library -module-name Multiplex -package-name multiplex -I "$shims" \
    -wmo -emit-module -emit-module-path "$out/Multiplex.swiftmodule" -c -o "$out/Multiplex.o" \
    "$root"/Sources/Multiplex/*.swift "$root"/Sources/Multiplex/Internal/*.swift
  checked=$((checked + 1))
  runtime_ms=$(( ($(date +%s%N) - began) / 1000000 ))
  echo "compiled: runtime for $target ($(basename "$sdk"), ${runtime_ms} ms, $(elapsed))"
}

# --runtime TARGET SDK DIR: only the runtime, into DIR/TARGET (Scripts/apple-sweep.py type-checks against it).
if [ "${1:-}" = "--runtime" ]; then
  [ $# = 4 ] || { echo "usage: $0 --runtime TARGET SDK DIR" >&2; exit 2; }
  rm -rf "$work"
  trap - EXIT
  work=$4
  runtime "$2" "$3"
  exit 0
fi

# multiplexer TARGET SDK FILE [ARGS…]: one file, alone, against the runtime built for TARGET.
multiplexer() {
  local target=$1 sdk=$2 file=$3
  shift 3
  swift_for "$target" "$sdk" -parse-as-library -module-name "Check$checked" -I "$work/$target" -I "$shims" \
    "$@" -c "$file" -o "$work/$target/check.o"
  checked=$((checked + 1))
  echo "compiled: ${file#"$root"/} for $target ($(elapsed))"
}

# generator TARGET SDK: the code-generation tool, `multiplex-generate`, for TARGET: its C target
# `_MultiplexGeneratorShims` (clang -Werror), then `MultiplexModel`, `MultiplexEmitter`, `MultiplexSymbolGraphReader` and the
# executable, each as one module. Nothing of it imports Foundation, so the standard library's availability applies
# as it is: a string API newer than the package's floor fails here (it compiles on Linux, which has none).
generator() {
  local target=$1 sdk=$2 out="$work/$1-generator"
  # The module map lives in the cache, as the runtime's does: a module cache records the module maps it was built
  # with, and one in a temporary directory that is gone makes every later compilation with that cache fail.
  local generator_shims="$shims/generator"
  mkdir -p "$out" "$generator_shims"
  local map
  map=$(printf 'module _MultiplexGeneratorShims {\n  header "%s"\n  export *\n}' \
    "$root/Sources/_MultiplexGeneratorShims/include/_MultiplexGeneratorShims.h")
  [ "$(cat "$generator_shims/module.modulemap" 2>/dev/null)" = "$map" ] \
    || printf '%s\n' "$map" > "$generator_shims/module.modulemap"
  clang -target "$target" -isysroot "$sdk" -Wall -Wextra -Werror -I "$root/Sources/_MultiplexGeneratorShims/include" \
    -c "$root/Sources/_MultiplexGeneratorShims/_MultiplexGeneratorShims.c" -o "$out/_MultiplexGeneratorShims.o"
  local module
  for module in MultiplexModel MultiplexEmitter MultiplexSymbolGraphReader; do
    # shellcheck disable=SC2046 # file names without spaces
    swift_for "$target" "$sdk" -parse-as-library -module-name "$module" -package-name multiplex -I "$out" \
      -I "$generator_shims" -wmo -emit-module -emit-module-path "$out/$module.swiftmodule" -c -o "$out/$module.o" \
      $(find "$root/Sources/$module" -name '*.swift')
  done
  # shellcheck disable=SC2046
  swift_for "$target" "$sdk" -module-name multiplex_generate -package-name multiplex -I "$out" -I "$generator_shims" \
    -wmo -c -o "$out/multiplex-generate.o" $(find "$root/Sources/multiplex-generate" -name '*.swift')
  checked=$((checked + 1))
  echo "compiled: multiplex-generate for $target ($(basename "$sdk"), $(elapsed))"
}

# control NAME EXPECTED TARGET SDK FILE [ARGS…]: FILE must fail to compile with a message containing EXPECTED.
control() {
  local name=$1 expected=$2 target=$3 sdk=$4 file=$5
  shift 5
  if swift_for "$target" "$sdk" -parse-as-library -module-name Control -I "$work/$target" -I "$shims" \
    "$@" -c "$file" -o "$work/$target/control.o" > "$work/$name.log" 2>&1; then
    echo "apple-check: negative control '$name' compiled: the check would not catch it" >&2
    exit 1
  fi
  if ! grep -qF -- "$expected" "$work/$name.log"; then
    echo "apple-check: negative control '$name' failed for another reason than '$expected':" >&2
    cat "$work/$name.log" >&2
    exit 1
  fi
  echo "rejected: negative control '$name' ($expected)"
}

sdk_version() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["Version"])' "$1/SDKSettings.json"; }
golden="$root/Tests/MultiplexGeneratorTests/Golden"
delegates="$root/Sources/AppleDelegates"

# ready_made TARGET SDK: every framework target of the ready-made multiplexers (`Sources/AppleDelegates/<Framework>`),
# compiled as the module SwiftPM builds (`Multiplex<Framework>`, all its files in one compiler call, as their target:
# without InternalImportsByDefault) against the runtime built for TARGET. A file generated for another platform
# compiles to nothing there (its `#if … os(…)`), which this proves too: every file is compiled for iOS and macOS.
ready_made() {
  local target=$1 sdk=$2 directory
  local times=()
  for directory in "$delegates"/*/; do
    local framework began
    framework=$(basename "$directory")
    began=$(date +%s%N)
    swift_for "$target" "$sdk" -parse-as-library -module-name "Multiplex$framework" -I "$work/$target" -I "$shims" \
      -disable-upcoming-feature InternalImportsByDefault -typecheck "$directory"*.swift
    times+=("$framework $(( ($(date +%s%N) - began) / 1000000 ))ms")
    checked=$((checked + 1))
  done
  echo "compiled: the ready-made multiplexers ($(ls "$delegates" | wc -l) framework targets) for $target ($(elapsed))"
  # What each product costs a client's build, against the runtime's (its module compiled to object code above, for
  # the last target built): a target builds only the frameworks it imports.
  echo "  type-check time per product: ${times[*]} (the runtime's compilation: ${runtime_ms:-?} ms)"
}

# recipes TARGET SDK: each recipe of the DocC catalog (`Scripts/recipes/*.swift`, the code its article shows) as an
# app's code: the ready-made modules it imports (`import Multiplex<Framework>`) are built from
# `Sources/AppleDelegates/<Framework>` with `-emit-module` (as SwiftPM builds them) against the runtime built for
# TARGET, then the recipe is compiled to an object against them and the SDK.
recipes() {
  local target=$1 sdk=$2 file out="$work/$1-recipes"
  mkdir -p "$out"
  for file in "$root"/Scripts/recipes/*.swift; do
    local framework
    for framework in $(sed -n 's/^import Multiplex\([A-Za-z]*\)$/\1/p' "$file"); do
      [ -f "$out/Multiplex$framework.swiftmodule" ] && continue
      [ -d "$delegates/$framework" ] || { echo "apple-check: ${file#"$root"/} imports Multiplex$framework: no such ready-made module" >&2; exit 1; }
      swift_for "$target" "$sdk" -parse-as-library -module-name "Multiplex$framework" -I "$work/$target" -I "$shims" \
        -disable-upcoming-feature InternalImportsByDefault -wmo -emit-module \
        -emit-module-path "$out/Multiplex$framework.swiftmodule" -c -o "$out/Multiplex$framework.o" \
        "$delegates/$framework/"*.swift
    done
    swift_for "$target" "$sdk" -parse-as-library -module-name Recipe -I "$out" -I "$work/$target" -I "$shims" \
      -disable-upcoming-feature InternalImportsByDefault -c "$file" -o "$out/recipe.o"
    checked=$((checked + 1))
    echo "compiled: ${file#"$root"/} for $target ($(elapsed))"
  done
}

if [ -n "$ios_sdk" ]; then
  version=$(sdk_version "$ios_sdk")
  floor=arm64-apple-ios13.0
  echo "iOS SDK: $ios_sdk (iOS $version)"
  runtime "$floor" "$ios_sdk"
  runtime "arm64-apple-ios$version" "$ios_sdk"

  for name in UIScrollViewDelegateMultiplexer UITableViewDelegateMultiplexer WKNavigationDelegateMultiplexer; do
    [ -f "$golden/$name.swift.golden" ] || continue
    cp "$golden/$name.swift.golden" "$work/$name.swift"
    multiplexer "$floor" "$ios_sdk" "$work/$name.swift"
  done
  # DownloadKit: the stand-in of an `@objc` protocol declared in Swift, compiled as a module against the SDK.
  swift_for "$floor" "$ios_sdk" -parse-as-library -module-name DownloadKit -emit-module \
    -emit-module-path "$work/$floor/DownloadKit.swiftmodule" "$root/Scripts/objc-standins/DownloadKit.swift"
  cp "$golden/DownloadDelegateMultiplexer.swift.golden" "$work/DownloadDelegateMultiplexer.swift"
  multiplexer "$floor" "$ios_sdk" "$work/DownloadDelegateMultiplexer.swift"
  cp "$golden/DownloadSessionDelegateMultiplexer.swift.golden" "$work/DownloadSessionDelegateMultiplexer.swift"
  multiplexer "$floor" "$ios_sdk" "$work/DownloadSessionDelegateMultiplexer.swift"
  # Joined handlers against the real SDK: UNUserNotificationCenterDelegate's golden file (both completion handlers
  # joined), with observers implementing the handler forms or the `async` forms Swift imports for them (one
  # selector each; the multiplexer implements the handler forms).
  cp "$golden/UNUserNotificationCenterDelegateMultiplexer.swift.golden" \
    "$work/UNUserNotificationCenterDelegateMultiplexer.swift"
  cat > "$work/JoinedObservers.swift" <<'EOF'
import Foundation
import Multiplex
import UserNotifications

final class HandlerObserver: NSObject, UNUserNotificationCenterDelegate {
  func userNotificationCenter(
    _ center: UNUserNotificationCenter,
    willPresent notification: UNNotification,
    withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
  ) {
    completionHandler(.badge)
  }
}

final class AsyncObserver: NSObject, UNUserNotificationCenterDelegate {
  func userNotificationCenter(
    _ center: UNUserNotificationCenter,
    willPresent notification: UNNotification
  ) async -> UNNotificationPresentationOptions {
    .sound
  }

  func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async {}
}

@MainActor func share(_ center: UNUserNotificationCenter) {
  let multiplexer = UNUserNotificationCenterDelegateMultiplexer.install(on: center, delegate: \.delegate)
  multiplexer.add(HandlerObserver(), retention: .strong)
  multiplexer.add(AsyncObserver(), retention: .strong)
}
EOF
  swift_for "$floor" "$ios_sdk" -typecheck -I "$work/$floor" -I "$shims" \
    "$work/UNUserNotificationCenterDelegateMultiplexer.swift" "$work/JoinedObservers.swift"
  checked=$((checked + 1))
  echo "compiled: UNUserNotificationCenterDelegateMultiplexer (joined) and observers of either form for $floor ($(elapsed))"
  ready_made "$floor" "$ios_sdk"
  ready_made "arm64-apple-ios$version" "$ios_sdk"
  recipes "$floor" "$ios_sdk"

  # Negative controls.
  sed -e 's/#selector((any UIScrollViewDelegate).viewForZooming(in:))/#selector((any UIScrollViewDelegate).viewForZoomin(in:))/' \
    "$golden/UIScrollViewDelegateMultiplexer.swift.golden" > "$work/BadSelector.swift"
  if cmp -s "$work/BadSelector.swift" "$golden/UIScrollViewDelegateMultiplexer.swift.golden"; then
    echo "apple-check: negative control BadSelector changed nothing" >&2
    exit 1
  fi
  control misspelled-selector "has no member 'viewForZoomin(in:)'" "$floor" "$ios_sdk" "$work/BadSelector.swift"
  cat > "$work/Unavailable.swift" <<'EOF'
import UIKit

let selectors: [Selector] = [#selector((any UITableViewDelegate).tableView(_:canPerformPrimaryActionForRowAt:))]
EOF
  control unavailable-selector "is only available in iOS 16.0 or newer" "$floor" "$ios_sdk" "$work/Unavailable.swift"
  cat > "$work/Deprecated.swift" <<'EOF'
import UIKit

let selectors: [Selector] = [#selector((any UITableViewDelegate).tableView(_:shouldShowMenuForRowAt:))]
EOF
  control deprecated-selector "was deprecated in iOS 13.0" "$floor" "$ios_sdk" "$work/Deprecated.swift"
else
  echo "skipped: no iOS SDK (MULTIPLEX_APPLE_SDK): the runtime for iOS, UIKit's and WebKit's multiplexers"
fi

if [ -n "$macos_sdk" ]; then
  floor=arm64-apple-macos10.15
  echo "macOS SDK: $macos_sdk (macOS $(sdk_version "$macos_sdk"))"
  runtime "$floor" "$macos_sdk"
  runtime "arm64-apple-macos$(sdk_version "$macos_sdk")" "$macos_sdk"
  generator "$floor" "$macos_sdk"
  ready_made "$floor" "$macos_sdk"
  ready_made "arm64-apple-macos$(sdk_version "$macos_sdk")" "$macos_sdk"
  cat > "$work/UnavailableMac.swift" <<'EOF'
import AppKit

let symbol = NSImage(systemSymbolName: "star", accessibilityDescription: nil)
EOF
  control unavailable-macos-api "is only available in macOS 11.0 or newer" "$floor" "$macos_sdk" \
    "$work/UnavailableMac.swift"
else
  echo "skipped: no macOS SDK (MULTIPLEX_MACOS_SDK): the runtime for macOS, multiplex-generate, AppKit's multiplexers"
fi

echo "apple-check: $checked compilations with zero errors and zero warnings, negative controls rejected ($(elapsed))"

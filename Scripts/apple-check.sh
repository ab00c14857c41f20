#!/usr/bin/env bash
# Compiles what Multiplex ships for Apple platforms against real Apple SDKs, on Linux, with the Swift toolchain
# on the PATH, to object code. Nothing is linked or run: this toolchain's linker writes no Mach-O, and there is no
# iOS or macOS runtime here (no UIKit, no Objective-C runtime).
#
#     Scripts/apple-check.sh                  # compile (CI runs this; prints "skipped: no Apple SDK" without one)
#     Scripts/apple-check.sh --full           # every product to object code at every target (see "Object code")
#     MULTIPLEX_APPLE_PLATFORMS="tvOS macCatalyst" Scripts/apple-check.sh   # some platforms only (default: all four)
#     Scripts/apple-check.sh --prepare-sdk SDK  # once, on a local copy of an SDK (see "Preparing an SDK" below)
#     Scripts/apple-check.sh --prepare-cache    # the resource directory alone (for Scripts/apple-delegates.sh)
#     Scripts/apple-check.sh --symbol-graphs MODULE TARGET SDK  # prints MODULE's graphs' directory (cached)
#     Scripts/apple-check.sh --all-symbol-graphs TARGET SDK     # prints a directory of every module's graphs
#     Scripts/apple-check.sh --runtime TARGET SDK DIR           # only the runtime, into DIR/TARGET
#
# SDKs
#   MULTIPLEX_APPLE_SDK   an iPhoneOS SDK (`iPhoneOS26.2.sdk`)
#   MULTIPLEX_MACOS_SDK   a MacOSX SDK (`MacOSX15.5.sdk`); its `System/iOSSupport` is Mac Catalyst's
#   MULTIPLEX_TVOS_SDK    an AppleTVOS SDK (`AppleTVOS18.0.sdk`)
#   Each defaults to the newest `iPhoneOS*.sdk` / `MacOSX*.sdk` / `AppleTVOS*.sdk` in MULTIPLEX_APPLE_SDKS (a
#   directory, default /work/apple-sdks, where this project's CI machine keeps them). With no SDK the script prints
#   "skipped: no Apple SDK" and succeeds; with some, it checks what those can check and says what it skipped.
#   Apple's SDKs and everything derived from them (module caches) stay outside the repository: the cache is
#   MULTIPLEX_APPLE_CACHE (default ${XDG_CACHE_HOME:-$HOME/.cache}/multiplex-apple).
#
# Platforms and targets (each at the package's floor and at the SDK's own version)
#   iOS           arm64-apple-ios13.0, arm64-apple-ios<SDK version>            (iPhoneOS SDK)
#   macOS         arm64-apple-macos10.15, arm64-apple-macos<SDK version>       (MacOSX SDK)
#   Mac Catalyst  arm64-apple-ios13.1-macabi (its first version),              (MacOSX SDK with `-Fsystem
#                 arm64-apple-ios<the SDK's VersionMap>-macabi                  SDK/System/iOSSupport/…`: catalyst_flags)
#   tvOS          arm64-apple-tvos13.0, arm64-apple-tvos<SDK version>          (AppleTVOS SDK)
#
# Object code
#   Object files and modules are written to MULTIPLEX_APPLE_OBJECTS (default $MULTIPLEX_APPLE_CACHE/objects), one
#   directory per target, kept after the run (a later step may link them):
#     <target>/_MultiplexShims.o, Multiplex.o, Multiplex.swiftmodule   the runtime
#     <target>/Multiplex<Framework>.o, Multiplex<Framework>.swiftmodule the ready-made products (`.o` where this run
#                                                                       generated code for that target)
#     <target>/Client.o                                                 an app naming the platform's classes
#   With `--full`, every product is compiled to object code at every target: `-O`, and `-Onone` for iOS at the
#   SDK's version (a debug build). By default (CI) each platform compiles the products to object code at one of its
#   two targets, the floor or the SDK's version, alternating by day (MULTIPLEX_APPLE_ROTATION=0: the SDK's version,
#   1: the floor), and type-checks them into modules at the other; the full run is recorded in
#   `Benchmarks/Results/*-apple-objects.md`.
#
# What is compiled, each with `-warnings-as-errors` (zero errors, zero warnings):
#   1. the runtime (`Sources/Multiplex` as one module, `-emit-module`, object code, plus the C target
#      `_MultiplexShims` with clang -Werror) for every target above;
#   1b. `multiplex-generate` (its C target, `MultiplexModel`, `MultiplexEmitter`, `MultiplexSymbolGraphReader`, the tool) for
#      arm64-apple-macos10.15 with the macOS SDK: the tool imports no Foundation, so a standard-library string API
#      newer than the package's floor is an error there;
#   2. every `@objc` multiplexer the repository generates or ships: the `@objc` golden files of
#      `Tests/MultiplexGeneratorTests/Golden` (UIKit's and WebKit's at the iOS floor, one file per compiler call,
#      `DownloadDelegateMultiplexer` against `Scripts/objc-standins/DownloadKit.swift` compiled as a module) and the
#      ready-made multiplexers of `Sources/AppleDelegates`, each framework's target as one module (whole-module, as
#      SwiftPM builds it, without InternalImportsByDefault) for every target above: a file generated for another
#      platform compiles to nothing (its `os(…)` guard);
#   2a. per platform, an app's file naming every ready-made class that platform should have (those
#      `Scripts/apple-delegates.sh` generated from its graph), compiled against those modules: a guard that hides
#      one fails;
#   2b. the recipes of the DocC catalog (`Scripts/recipes`, the code their articles show verbatim, which
#      Scripts/check-references.py checks) for arm64-apple-ios13.0, each against the ready-made modules it imports;
#   3. negative controls, which must fail for the reason expected, so the check cannot pass vacuously: a
#      misspelled selector (an error), a selector of an iOS 16 requirement named at the iOS 13 floor without
#      `#available` (an availability error), a deprecated method named at the floor (a warning, so an error here),
#      with the macOS SDK a macOS 11 API used at the 10.15 floor, and on each platform one product rebuilt with one
#      class's file guarded for watchOS, which the app's file must then fail to name.
#
# Preparing an SDK (the three workarounds that let this Linux toolchain read an Apple SDK)
#   - A private resource directory (made here, in the cache) links only `clang/`, `shims/` and `host/` of the
#     toolchain's `lib/swift`: the Linux one's `dispatch/`… module maps collide with the SDK's ("redefinition of
#     module 'Dispatch'"). In it, `SwiftShims`, `_SwiftConcurrencyShims`, `SwiftOverlayShims` and
#     `_SynchronizationShims` link to `shims/` (26.x SDKs: "no such module 'SwiftShims'").
#   - `--prepare-sdk` edits a local SDK copy: `usr/include/libxml` (and `System/iOSSupport/usr/include/libxml` where
#     a snapshot has one) becomes a link to `libxml2/libxml` ("redefinition of module 'libxml2'") unless
#     `libxml2/libxml` is already a link to it (AppleTVOS18.0.sdk); an SDK without `usr/include/os.apinotes` (Xcode
#     16's, whose toolchain carried them) gets those of an SDK next to it ("no type named 'OSLog' in module 'os'"), and frameworks whose symbolic links were lost in a copy (a macOS
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
  # The SDK's headers, and Mac Catalyst's in a MacOSX SDK's `System/iOSSupport`.
  local usr
  for usr in "$sdk/usr" "$sdk/System/iOSSupport/usr"; do
    # An SDK whose `libxml2/libxml` is already a link to `../libxml` (AppleTVOS18.0.sdk) needs nothing; an earlier
    # version of this step made a loop of it: undone.
    if [ -L "$usr/include/libxml" ] && [ -L "$usr/include/libxml2/libxml" ] && [ -d "$usr/libxml.orig" ]; then
      rm "$usr/include/libxml"
      mv "$usr/libxml.orig" "$usr/include/libxml"
      echo "prepared: $usr/include/libxml restored (libxml2/libxml links to it)"
    fi
    if [ -d "$usr/include/libxml" ] && [ ! -L "$usr/include/libxml" ] && [ -d "$usr/include/libxml2/libxml" ] \
      && [ ! -L "$usr/include/libxml2/libxml" ]; then
      mv "$usr/include/libxml" "$usr/libxml.orig"  # kept, outside the include path
      ln -s libxml2/libxml "$usr/include/libxml"
      echo "prepared: $usr/include/libxml -> libxml2/libxml"
    fi
  done
  # `os`'s API notes (`os_log_t` is Swift's `OSLog`): an SDK of Xcode 16 (AppleTVOS18.0.sdk) has none, its toolchain
  # carried them, which a Linux toolchain does not; without them the SDK's `os` overlay fails to build ("no type named
  # 'OSLog' in module 'os'"), and every module importing it (CoreLocation's overlay, Photos). Copied from another SDK
  # next to it that has them (the notes name functions and types; one a header lacks is ignored).
  if [ -f "$sdk/usr/include/os.modulemap" ] && [ ! -e "$sdk/usr/include/os.apinotes" ]; then
    local notes
    notes=$(find -L "$(dirname "$sdk")" -maxdepth 4 -path '*.sdk/usr/include/os.apinotes' 2>/dev/null | sort -V | tail -n 1)
    if [ -n "$notes" ]; then
      cp "$notes" "$sdk/usr/include/os.apinotes"
      echo "prepared: $sdk/usr/include/os.apinotes copied from $notes"
    else
      echo "apple-check: $sdk has no usr/include/os.apinotes and no SDK next to it has one: its os overlay will not build" >&2
    fi
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

# catalyst_flags TARGET SDK: the search paths a Mac Catalyst target (`*-macabi`) needs in a MacOSX SDK: the iOS
# frameworks, Swift modules and headers of `System/iOSSupport`; nothing for another target.
catalyst_flags() {
  case "$1" in
    *-macabi)
      printf '%s\n' -Fsystem "$2/System/iOSSupport/System/Library/Frameworks" -I "$2/System/iOSSupport/usr/lib/swift" \
        -Xcc -isystem -Xcc "$2/System/iOSSupport/usr/include"
      ;;
  esac
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
    mapfile -t extra < <(catalyst_flags "$target" "$sdk")
    swift symbolgraph-extract -module-name "$module" -target "$target" -sdk "$sdk" "${extra[@]}" \
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
tvos_sdk=${MULTIPLEX_TVOS_SDK:-$(newest 'AppleTVOS*.sdk')}
if [ -z "$ios_sdk" ] && [ -z "$macos_sdk" ] && [ -z "$tvos_sdk" ]; then
  echo "skipped: no Apple SDK (set MULTIPLEX_APPLE_SDK / MULTIPLEX_MACOS_SDK / MULTIPLEX_TVOS_SDK, or put them in $sdks_dir)"
  exit 0
fi
full=
if [ "${1:-}" = "--full" ]; then full=1; fi
# MULTIPLEX_APPLE_PLATFORMS: the platforms to check (default all four: iOS macCatalyst tvOS macOS).
only=" ${MULTIPLEX_APPLE_PLATFORMS:-iOS macCatalyst tvOS macOS} "
wants() { case "$only" in *" $1 "*) return 0 ;; *) return 1 ;; esac; }

needs_preparing() {
  local sdk=$1
  if [ -d "$sdk/usr/include/libxml" ] && [ ! -L "$sdk/usr/include/libxml" ] \
    && [ ! -L "$sdk/usr/include/libxml2/libxml" ]; then return 0; fi
  [ -L "$sdk/usr/include/libxml" ] && [ -L "$sdk/usr/include/libxml2/libxml" ] && return 0  # a loop
  [ -f "$sdk/usr/include/os.modulemap" ] && [ ! -e "$sdk/usr/include/os.apinotes" ] && return 0
  local catalyst="$sdk/System/iOSSupport/usr/include/libxml"
  if [ -d "$catalyst" ] && [ ! -L "$catalyst" ]; then return 0; fi
  [ -e "$sdk/System/Library/Frameworks/Foundation.framework/Modules" ] || return 0
  return 1
}
for sdk in $ios_sdk $macos_sdk $tvos_sdk; do
  if needs_preparing "$sdk"; then
    echo "apple-check: $sdk needs preparing: run $0 --prepare-sdk $sdk (edits that copy; see the script)" >&2
    exit 1
  fi
done

prepare_cache
resource_dir="$cache/resource-dir"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Object code and modules, one directory per target (see "Object files" above); kept after the run.
objects=${MULTIPLEX_APPLE_OBJECTS:-$cache/objects}
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
  local extra
  mapfile -t extra < <(catalyst_flags "$target" "$sdk")
  # shellcheck disable=SC2086 # words, by design
  swiftc -target "$target" -sdk "$sdk" "${extra[@]}" -resource-dir "$resource_dir" \
    -module-cache-path "$cache/module-cache" "${swift6[@]}" ${MULTIPLEX_APPLE_SWIFT_FLAGS:-} "$@"
}

# runtime TARGET SDK: builds the runtime module and object for TARGET into $objects/TARGET.
runtime() {
  local target=$1 sdk=$2 out="$objects/$1" began
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
  objects=$4
  runtime "$2" "$3"
  exit 0
fi

# multiplexer TARGET SDK FILE [ARGS…]: one file, alone, against the runtime built for TARGET.
multiplexer() {
  local target=$1 sdk=$2 file=$3
  shift 3
  swift_for "$target" "$sdk" -parse-as-library -module-name "Check$checked" -I "$objects/$target" -I "$shims" \
    "$@" -c "$file" -o "$work/check.o"
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
  if swift_for "$target" "$sdk" -parse-as-library -module-name Control -I "$objects/$target" -I "$shims" \
    "$@" -c "$file" -o "$work/control.o" > "$work/$name.log" 2>&1; then
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
# compiled as the module SwiftPM builds (`Multiplex<Framework>`, all its files in one whole-module compiler call, as
# their target: without InternalImportsByDefault) against the runtime built for TARGET, into $objects/TARGET: its
# module, and its object code (`-c`) at the optimization `optimization TARGET` says (`-O`, `-Onone`), or the module
# alone (type-checked, no code generated) where it says `module`. A file generated for another platform compiles to
# nothing there (its `#if … os(…)`), which this proves too: every file is compiled for every platform.
ready_made() {
  local target=$1 sdk=$2 directory mode out="$objects/$1"
  mode=$(optimization "$target")
  local times=() code=()
  [ "$mode" = module ] || code=(-c "$mode" -o)
  for directory in "$delegates"/*/; do
    local framework began
    framework=$(basename "$directory")
    began=$(date +%s%N)
    swift_for "$target" "$sdk" -parse-as-library -module-name "Multiplex$framework" -I "$out" -I "$shims" \
      -disable-upcoming-feature InternalImportsByDefault -wmo -emit-module \
      -emit-module-path "$out/Multiplex$framework.swiftmodule" "${code[@]}" \
      ${code:+"$out/Multiplex$framework.o"} "$directory"*.swift
    times+=("$framework $(( ($(date +%s%N) - began) / 1000000 ))ms")
    checked=$((checked + 1))
  done
  local what="object code ($mode)"
  [ "$mode" = module ] && what="modules (type-checked, no object code this run)"
  echo "compiled: the ready-made multiplexers ($(ls "$delegates" | wc -l) framework targets) for $target: $what ($(elapsed))"
  # What each product costs a client's build, against the runtime's (its module compiled to object code above, for
  # the last target built): a target builds only the frameworks it imports.
  echo "  time per product: ${times[*]} (the runtime's compilation: ${runtime_ms:-?} ms)"
}

# optimization TARGET: how `ready_made` compiles for TARGET: `-O`, `-Onone` (debug builds: iOS at the SDK's
# version), or `module` (no object code). With `--full`, object code everywhere. Otherwise (CI) object code for every
# platform at one of its two targets, the floor or the SDK's version, alternating by day
# (MULTIPLEX_APPLE_ROTATION=0 or 1 picks), and modules at the other: every product reaches object code on all
# four platforms each run and at both versions every two days. Each full run is recorded in
# `Benchmarks/Results/*-apple-objects.md`.
optimization() {
  local target=$1 level=-O
  case "$target" in arm64-apple-ios[0-9]*[0-9]) [ "$target" = arm64-apple-ios13.0 ] || level=-Onone ;; esac
  [ -n "$full" ] && { echo "$level"; return; }
  local floor=1
  case "$target" in *ios13.0 | *ios13.1-macabi | *tvos13.0 | *macos10.15) ;; *) floor=0 ;; esac
  if [ "$floor" = "${rotation}" ]; then echo "$level"; else echo module; fi
}
rotation=${MULTIPLEX_APPLE_ROTATION:-$(( $(date +%s) / 86400 % 2 ))}

# classes PLATFORM: the ready-made multiplexers PLATFORM should have, `Framework Class` a line, from the files
# `Scripts/apple-delegates.sh` generated for it (from that platform's graph: a protocol its SDK lacks has no file):
# iOS's `<Class>.swift` (AppKit's are macOS's), Mac Catalyst's `<Class>-Catalyst.swift`, tvOS's `<Class>-tvOS.swift`,
# macOS's `<Class>-macOS.swift` and AppKit's.
classes() {
  local platform=$1 file name framework
  for file in "$delegates"/*/*Multiplexer*.swift; do
    framework=$(basename "$(dirname "$file")") name=$(basename "$file" .swift)
    case "$platform/$framework/$name" in
      iOS/AppKit/*) continue ;;
      macOS/AppKit/*) ;;
      iOS/*/*Multiplexer) ;;
      macCatalyst/*/*-Catalyst | tvOS/*/*-tvOS | macOS/*/*-macOS) name=${name%-*} ;;
      *) continue ;;
    esac
    echo "$framework $name"
  done
}

# client TARGET SDK PLATFORM [DIR]: an app's file naming every class `classes PLATFORM` lists, each imported from its
# product's module (built by `ready_made` for TARGET; DIR, searched first, may hold others), compiled to object code
# ($objects/TARGET/Client.o). A guard that hides a class on a platform whose SDK has its protocol fails here.
client() {
  local target=$1 sdk=$2 platform=$3 first=${4:-} file="$work/Client-$3.swift" framework name names=() count=0
  {
    while read -r framework name; do
      names+=("$name")
      echo "import Multiplex$framework"
    done < <(classes "$platform") | sort -u
    echo
    echo "/// Every ready-made multiplexer of $platform (at any version: a class newer than the target is named, one"
    echo "/// unavailable or guarded away is not)."
    echo "@available(iOS 999, macCatalyst 999, tvOS 999, macOS 999, *)"
    echo "func readyMade() -> [Any.Type] {"
    echo "  ["
    classes "$platform" | while read -r framework name; do echo "    $name.self,"; done
    echo "  ]"
    echo "}"
  } > "$file"
  count=$(classes "$platform" | wc -l)
  [ "$count" -gt 0 ] || { echo "apple-check: no ready-made multiplexer for $platform" >&2; exit 1; }
  # `|| return`: `set -e` does not apply inside a function called as a condition (the negative control below).
  swift_for "$target" "$sdk" -parse-as-library -module-name Client ${first:+-I "$first"} -I "$objects/$target" \
    -I "$shims" -disable-upcoming-feature InternalImportsByDefault -c "$file" -o "$objects/$target/Client.o" || return 1
  checked=$((checked + 1))
  echo "compiled: an app naming the $count ready-made multiplexers of $platform for $target ($(elapsed))"
}

# hidden_guard TARGET SDK PLATFORM: the negative control of `client`: one product of PLATFORM rebuilt (into a
# directory searched first) with one class's file guarded for another platform (`#if os(watchOS)`); the client must
# then fail to name that class.
hidden_guard() {
  local target=$1 sdk=$2 platform=$3 framework name file suffix= hidden="$work/hidden-$3"
  case "$platform" in macCatalyst) suffix=-Catalyst ;; tvOS) suffix=-tvOS ;; macOS) suffix=-macOS ;; esac
  read -r framework name < <(classes "$platform" | grep -v '^UIKit \|^AppKit ' | head -n 1)
  file="$delegates/$framework/$name$suffix.swift"
  [ -f "$file" ] || file="$delegates/$framework/$name.swift"
  mkdir -p "$hidden/src"
  cp "$delegates/$framework/"*.swift "$hidden/src/"
  sed -i '0,/^#if /s/^#if .*/#if os(watchOS)/' "$hidden/src/$(basename "$file")"
  if cmp -s "$file" "$hidden/src/$(basename "$file")"; then
    echo "apple-check: negative control hidden-guard changed nothing" >&2
    exit 1
  fi
  swift_for "$target" "$sdk" -parse-as-library -module-name "Multiplex$framework" -I "$objects/$target" -I "$shims" \
    -disable-upcoming-feature InternalImportsByDefault -wmo -emit-module \
    -emit-module-path "$hidden/Multiplex$framework.swiftmodule" "$hidden/src/"*.swift
  if client "$target" "$sdk" "$platform" "$hidden" > "$work/hidden-guard.log" 2>&1; then
    echo "apple-check: negative control 'hidden-guard' ($name guarded away on $platform) compiled" >&2
    exit 1
  fi
  if ! grep -qF "cannot find '$name' in scope" "$work/hidden-guard.log"; then
    echo "apple-check: negative control 'hidden-guard' failed for another reason:" >&2
    cat "$work/hidden-guard.log" >&2
    exit 1
  fi
  rm -f "$objects/$target/Client.o"
  echo "rejected: negative control 'hidden-guard' ($name guarded away on $platform: cannot find '$name' in scope)"
}

# products TARGET SDK PLATFORM: every product for TARGET, then an app naming PLATFORM's classes.
products() {
  ready_made "$1" "$2"
  client "$1" "$2" "$3"
}

# recipes TARGET SDK: each recipe of the DocC catalog (`Scripts/recipes/*.swift`, the code its article shows) as an
# app's code, compiled to an object against the ready-made modules it imports (`import Multiplex<Framework>`, built
# by `ready_made` for TARGET) and the SDK.
recipes() {
  local target=$1 sdk=$2 file
  for file in "$root"/Scripts/recipes/*.swift; do
    local framework
    for framework in $(sed -n 's/^import Multiplex\([A-Za-z]*\)$/\1/p' "$file"); do
      [ -f "$objects/$target/Multiplex$framework.swiftmodule" ] || { echo "apple-check: ${file#"$root"/} imports Multiplex$framework: no such ready-made module" >&2; exit 1; }
    done
    swift_for "$target" "$sdk" -parse-as-library -module-name Recipe -I "$objects/$target" -I "$shims" \
      -disable-upcoming-feature InternalImportsByDefault -c "$file" -o "$work/recipe.o"
    checked=$((checked + 1))
    echo "compiled: ${file#"$root"/} for $target ($(elapsed))"
  done
}

if [ -n "$ios_sdk" ] && wants iOS; then
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
  mkdir -p "$work/standins"
  swift_for "$floor" "$ios_sdk" -parse-as-library -module-name DownloadKit -emit-module \
    -emit-module-path "$work/standins/DownloadKit.swiftmodule" "$root/Scripts/objc-standins/DownloadKit.swift"
  cp "$golden/DownloadDelegateMultiplexer.swift.golden" "$work/DownloadDelegateMultiplexer.swift"
  multiplexer "$floor" "$ios_sdk" "$work/DownloadDelegateMultiplexer.swift" -I "$work/standins"
  cp "$golden/DownloadSessionDelegateMultiplexer.swift.golden" "$work/DownloadSessionDelegateMultiplexer.swift"
  multiplexer "$floor" "$ios_sdk" "$work/DownloadSessionDelegateMultiplexer.swift" -I "$work/standins"
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
  swift_for "$floor" "$ios_sdk" -typecheck -I "$objects/$floor" -I "$shims" \
    "$work/UNUserNotificationCenterDelegateMultiplexer.swift" "$work/JoinedObservers.swift"
  checked=$((checked + 1))
  echo "compiled: UNUserNotificationCenterDelegateMultiplexer (joined) and observers of either form for $floor ($(elapsed))"
  products "$floor" "$ios_sdk" iOS
  products "arm64-apple-ios$version" "$ios_sdk" iOS
  recipes "$floor" "$ios_sdk"
  hidden_guard "$floor" "$ios_sdk" iOS

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
elif wants iOS; then
  echo "skipped: no iOS SDK (MULTIPLEX_APPLE_SDK): the runtime for iOS, UIKit's and WebKit's multiplexers"
fi

if [ -n "$macos_sdk" ] && wants macOS; then
  floor=arm64-apple-macos10.15
  echo "macOS SDK: $macos_sdk (macOS $(sdk_version "$macos_sdk"))"
  runtime "$floor" "$macos_sdk"
  runtime "arm64-apple-macos$(sdk_version "$macos_sdk")" "$macos_sdk"
  generator "$floor" "$macos_sdk"
  products "$floor" "$macos_sdk" macOS
  products "arm64-apple-macos$(sdk_version "$macos_sdk")" "$macos_sdk" macOS
  hidden_guard "$floor" "$macos_sdk" macOS
  cat > "$work/UnavailableMac.swift" <<'EOF'
import AppKit

let symbol = NSImage(systemSymbolName: "star", accessibilityDescription: nil)
EOF
  control unavailable-macos-api "is only available in macOS 11.0 or newer" "$floor" "$macos_sdk" \
    "$work/UnavailableMac.swift"
elif wants macOS; then
  echo "skipped: no macOS SDK (MULTIPLEX_MACOS_SDK): the runtime for macOS, multiplex-generate, AppKit's multiplexers"
fi

# Mac Catalyst: the iOS frameworks of the macOS SDK's `System/iOSSupport` (see `catalyst_flags`), at Mac
# Catalyst's first version (13.1, the iOS floor's counterpart) and at the iOS version matching the macOS SDK's.
if [ -n "$macos_sdk" ] && [ -d "$macos_sdk/System/iOSSupport" ] && wants macCatalyst; then
  floor=arm64-apple-ios13.1-macabi
  version=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["VersionMap"]["macOS_iOSMac"][sys.argv[2]])' \
    "$macos_sdk/SDKSettings.json" "$(sdk_version "$macos_sdk")")
  echo "Mac Catalyst: $macos_sdk/System/iOSSupport (Mac Catalyst $version)"
  runtime "$floor" "$macos_sdk"
  runtime "arm64-apple-ios$version-macabi" "$macos_sdk"
  products "$floor" "$macos_sdk" macCatalyst
  products "arm64-apple-ios$version-macabi" "$macos_sdk" macCatalyst
  hidden_guard "$floor" "$macos_sdk" macCatalyst
elif wants macCatalyst; then
  echo "skipped: no macOS SDK with System/iOSSupport: Mac Catalyst"
fi

if [ -n "$tvos_sdk" ] && wants tvOS; then
  floor=arm64-apple-tvos13.0
  echo "tvOS SDK: $tvos_sdk (tvOS $(sdk_version "$tvos_sdk"))"
  runtime "$floor" "$tvos_sdk"
  runtime "arm64-apple-tvos$(sdk_version "$tvos_sdk")" "$tvos_sdk"
  products "$floor" "$tvos_sdk" tvOS
  products "arm64-apple-tvos$(sdk_version "$tvos_sdk")" "$tvos_sdk" tvOS
  hidden_guard "$floor" "$tvos_sdk" tvOS
elif wants tvOS; then
  echo "skipped: no tvOS SDK (MULTIPLEX_TVOS_SDK): the runtime and the ready-made multiplexers for tvOS"
fi

echo "apple-check: $checked compilations with zero errors and zero warnings, negative controls rejected ($(elapsed))"

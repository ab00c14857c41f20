#!/usr/bin/env bash
# Links Multiplex for Apple platforms on Linux, with ziglang's linker (this toolchain's `ld64.lld` says "This version
# of lld does not support linking for platform macOS"), and says exactly what links and what cannot. Nothing is run.
#
#     Scripts/apple-link.sh     # CI runs this after Scripts/apple-check.sh; "skipped: …" without an SDK or ziglang
#
# Tools: ziglang 0.17.0 from the Python package index, installed once with pip into the cache
# (MULTIPLEX_APPLE_CACHE/ziglang-0.17.0, the same cache as Scripts/apple-check.sh's; nothing is downloaded but that
# package). The SDKs are Scripts/apple-check.sh's (MULTIPLEX_APPLE_SDKS, default /work/apple-sdks), and so is the
# runtime's compilation (`apple-check.sh --runtime`).
#
# For each target: the runtime, the ready-made products (`Sources/AppleDelegates/*` and `MultiplexAppleDelegates`,
# each module compiled as SwiftPM builds it) and `Scripts/apple-link/App.swift` (names ready-made classes, adds an
# observer, dispatches), compiled to objects and linked into an executable with the libraries the objects ask for
# (their LC_LINKER_OPTION load commands: the Swift driver passes those to Apple's linker, zig's linker ignores
# them). No flag lets an undefined symbol through. An executable that links is checked: `file` says Mach-O arm64,
# and every undefined symbol it binds is exported by its library's stub in the SDK (Scripts/apple-tbd.py check).
#
# Targets: macOS, Mac Catalyst (MacOSX SDK), iOS (iPhoneOS SDK) and tvOS (AppleTVOS SDK, MULTIPLEX_TVOS_SDK), each at
# the SDK's version and at the floor. Expected results (the script fails when one changes, so that the docs are
# updated with it; the last run: Benchmarks/Results/2026-12-06-apple-link.md):
#   at the SDK's version: the runtime and Runtime.swift link (checked); the negative control, the app plus
#     `Scripts/apple-link/Nowhere.swift` (a call to a function nobody defines), fails with "undefined symbol:
#     _multiplex_apple_link_nowhere"; every product and App.swift link, or fail only for frameworks the SDK has no
#     stub of (checked), and then the products whose frameworks all have stubs link with FoundationApp.swift when
#     MultiplexFoundation is among them.
#   at the floor: the runtime's link fails for the back-deployment libraries the compiler asks for
#     (swiftCompatibility51/56/Concurrency/Packs: static archives of Xcode's toolchain, in no SDK, not shipped by
#     the Linux toolchain); linked without them, only their `__swift_FORCE_LOAD_$_…` markers and symbols that no
#     stub of the SDK exports are left undefined (named).
# zig 0.17 needs three things more than the issue's command: a version 4 copy of `tapi-tbd-v3` stubs (the iPhoneOS
# SDK's; Scripts/apple-tbd.py sysroot), `-lSystem.B` for iOS and tvOS devices (it reads libSystem's stub by itself
# only for macOS and Mac Catalyst), and `-fno-sanitize=undefined` (its C driver adds a UBSan runtime otherwise).
# Code generation: the macOS 15.5 and tvOS 18.0 SDKs' libswiftCore lacks `swift_coroFrameAlloc` (Swift 6.2's
# runtime, which this 6.3 compiler references, weakly, from every coroutine accessor); Xcode pairs a compiler with
# its own SDK, so this is a mismatch of this machine's pair, not of Multiplex: for those SDKs the objects are
# compiled with `-Xfrontend -disable-emit-type-malloc-for-coro-frame` (no reference at all), the SDK's own runtime.
# Objects are cached in MULTIPLEX_APPLE_CACHE/link by the hash of their sources and flags (warm: links only).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cache=${MULTIPLEX_APPLE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/multiplex-apple}
sdks_dir=${MULTIPLEX_APPLE_SDKS:-/work/apple-sdks}
zig_version=0.17.0
zig_dir="$cache/ziglang-$zig_version"
start=$(date +%s)
elapsed() { echo "$(( $(date +%s) - start ))s"; }

newest() { { find -L "$sdks_dir" -maxdepth 1 -name "$1" -type d 2>/dev/null || true; } | sort -V | tail -n 1; }
macos_sdk=${MULTIPLEX_MACOS_SDK:-$(newest 'MacOSX*.sdk')}
ios_sdk=${MULTIPLEX_APPLE_SDK:-$(newest 'iPhoneOS*.sdk')}
tvos_sdk=${MULTIPLEX_TVOS_SDK:-$(newest 'AppleTVOS*.sdk')}
if [ -z "$macos_sdk$ios_sdk$tvos_sdk" ]; then
  echo "skipped: no Apple SDK (set MULTIPLEX_MACOS_SDK / MULTIPLEX_APPLE_SDK / MULTIPLEX_TVOS_SDK, or put them in $sdks_dir)"
  exit 0
fi

zig() { PYTHONPATH="$zig_dir" python3 -m ziglang "$@"; }
if [ "$(zig version 2>/dev/null)" != "$zig_version" ]; then
  echo "installing ziglang==$zig_version into $zig_dir (once)"
  rm -rf "$zig_dir"
  if ! python3 -m pip install --quiet --disable-pip-version-check --no-warn-script-location --target "$zig_dir" \
    "ziglang==$zig_version" > "$cache/ziglang-install.log" 2>&1; then
    rm -rf "$zig_dir"
    echo "skipped: no ziglang (pip install ziglang==$zig_version failed: $(tail -n 1 "$cache/ziglang-install.log"))"
    exit 0
  fi
fi
echo "linker: ziglang $(zig version) (zig cc)"

bash "$root/Scripts/apple-check.sh" --prepare-cache
resource_dir="$cache/resource-dir"
shims="$cache/shims/$(printf '%s' "$root" | cksum | cut -d ' ' -f 1)"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
objects_root="$cache/link/objects"
mkdir -p "$objects_root"

sdk_version() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["Version"])' "$1/SDKSettings.json"; }
# The iOS version a macOS SDK's Mac Catalyst side is (SDKSettings.json's VersionMap).
catalyst_version() {
  python3 -c 'import json,sys; s=json.load(open(sys.argv[1])); print(s["VersionMap"]["macOS_iOSMac"][s["Version"]])' \
    "$1/SDKSettings.json"
}

# codegen_flags TARGET SDK: the flags every object for TARGET is compiled with (see "Code generation" above).
codegen_flags() {
  local target=$1 sdk=$2 flags=()
  grep -q '_swift_coroFrameAlloc' "$sdk/usr/lib/swift/libswiftCore.tbd" \
    || flags+=(-Xfrontend -disable-emit-type-malloc-for-coro-frame)
  case $target in
    *-macabi)
      flags+=(-Fsystem "$sdk/System/iOSSupport/System/Library/Frameworks" -I "$sdk/System/iOSSupport/usr/lib/swift"
        -Xcc -isystem -Xcc "$sdk/System/iOSSupport/usr/include") ;;
  esac
  printf '%s\n' "${flags[@]}"
}

# swift_for TARGET SDK ARGS…: swiftc for TARGET, with the package's Swift settings (as Scripts/apple-check.sh).
swift_for() {
  local target=$1 sdk=$2
  shift 2
  local flags
  mapfile -t flags < <(codegen_flags "$target" "$sdk")
  swiftc -target "$target" -sdk "$sdk" -resource-dir "$resource_dir" -module-cache-path "$cache/module-cache" \
    -swift-version 6 -warnings-as-errors -enable-upcoming-feature ExistentialAny \
    -enable-upcoming-feature MemberImportVisibility "${flags[@]}" "$@"
}

# build TARGET SDK: the runtime, every product and the apps' objects for TARGET into $objects (cached by the hash of
# their sources, the flags and build_version: raise it when this function's compiler calls change).
build_version=1
build() {
  local target=$1 sdk=$2
  local key
  key=$( { echo "$target $sdk $(swiftc --version 2>&1 | head -n 1)"; codegen_flags "$target" "$sdk";
    echo "$build_version"; cat "$root/Scripts/apple-check.sh"; find "$root/Sources/Multiplex" "$root/Sources/_MultiplexShims" \
      "$root/Sources/AppleDelegates" "$root/Sources/MultiplexAppleDelegates" "$root/Scripts/apple-link" -type f \
      \( -name '*.swift' -o -name '*.c' -o -name '*.h' \) | sort | xargs cat; } | sha256sum | cut -c1-16)
  objects="$objects_root/$target-$key"
  if [ -f "$objects/.complete" ]; then
    echo "compiled: $target (cached objects, $(elapsed))"
    return
  fi
  rm -rf "$objects"
  mkdir -p "$objects"
  MULTIPLEX_APPLE_SWIFT_FLAGS="$(codegen_flags "$target" "$sdk" | tr '\n' ' ')" \
    bash "$root/Scripts/apple-check.sh" --runtime "$target" "$sdk" "$objects" > "$work/runtime.log"
  mv "$objects/$target"/* "$objects/" && rmdir "$objects/$target"
  local directory framework
  for directory in "$root"/Sources/AppleDelegates/*/ "$root/Sources/MultiplexAppleDelegates/"; do
    framework=$(basename "$directory")
    [ "$framework" = MultiplexAppleDelegates ] || framework="Multiplex$framework"
    swift_for "$target" "$sdk" -parse-as-library -module-name "$framework" -I "$objects" -I "$shims" \
      -wmo -emit-module -emit-module-path "$objects/$framework.swiftmodule" -c -o "$objects/$framework.o" \
      "$directory"*.swift
  done
  swift_for "$target" "$sdk" -module-name App -I "$objects" -I "$shims" -c "$root/Scripts/apple-link/App.swift" \
    -o "$objects/App.o"
  swift_for "$target" "$sdk" -module-name RuntimeApp -I "$objects" -I "$shims" \
    -c "$root/Scripts/apple-link/Runtime.swift" -o "$objects/Runtime.o"
  swift_for "$target" "$sdk" -module-name FoundationApp -I "$objects" -I "$shims" \
    -c "$root/Scripts/apple-link/FoundationApp.swift" -o "$objects/FoundationApp.o"
  swift_for "$target" "$sdk" -parse-as-library -module-name Nowhere -c "$root/Scripts/apple-link/Nowhere.swift" \
    -o "$objects/Nowhere.o"
  touch "$objects/.complete"
  echo "compiled: $target: the runtime, $(ls "$objects"/Multiplex?*.o | wc -l) product modules and the app ($(elapsed))"
}

# The libraries the objects ask for (LC_LINKER_OPTION), in order, once each.
autolinked() {
  local object
  for object in "$@"; do
    llvm-objdump --macho --private-headers "$object" | awk '
      /^Load command/ { if (option != "") print option; option = ""; inside = 0 }
      /cmd LC_LINKER_OPTION$/ { inside = 1 }
      inside && /string #[0-9]+ / { sub(/^ *string #[0-9]+ /, ""); option = (option == "" ? $0 : option " " $0) }
      END { if (option != "") print option }'
  done | awk '!seen[$0]++'
}

# link NAME SET ZIG_TARGET SYSROOT OUT [EXTRA OBJECTS…]: links a set of `build`'s objects into OUT (the log in
# $work/NAME.log). SET: `runtime` (the runtime and Runtime.swift), `products` (the runtime, every product and
# App.swift) or `some` (the runtime, the products in the array `some` and FoundationApp.swift).
link() {
  local name=$1 set=$2 zig_target=$3 sysroot=$4 out=$5
  shift 5
  local inputs=("$objects/Multiplex.o" "$objects/_MultiplexShims.o")
  if [ "$set" = runtime ]; then
    inputs+=("$objects/Runtime.o")
  elif [ "$set" = some ]; then
    inputs+=("${some[@]}" "$objects/FoundationApp.o")
  else
    inputs+=("$objects"/Multiplex?*.o "$objects/App.o")
  fi
  inputs+=("$@")
  local options=()
  # shellcheck disable=SC2207 # words: "-lswiftCore", "-framework Foundation"
  options=($(autolinked "${inputs[@]}" | grep -v "${without:-^$}" || true))
  local search=(-L/usr/lib/swift -L/usr/lib -F/System/Library/Frameworks)
  case $zig_target in
    # Mac Catalyst: UIKit and the iOS-only Swift overlays live in the macOS SDK's iOSSupport, searched first.
    *maccatalyst*) search=(-L/System/iOSSupport/usr/lib/swift -F/System/iOSSupport/System/Library/Frameworks "${search[@]}") ;;
    # iOS and tvOS: zig 0.17 loads libSystem by itself for macOS and Mac Catalyst only (for a device target it
    # writes the load command and reads no stub: "undefined symbol: _malloc"); named, the SDK's stub is read.
    *ios* | *tvos*) options+=(-lSystem.B) ;;
  esac
  # -fno-sanitize=undefined: zig cc adds its UBSan runtime to a debug link by default (and cannot build it for
  # iOS); nothing here is C that needs it.
  zig cc -target "$zig_target" --sysroot "$sysroot" -fno-sanitize=undefined "${search[@]}" "${inputs[@]}" \
    "${options[@]}" -o "$out" > "$work/$name.log" 2>&1
}

# expect_failure NAME PATTERN: the last link failed with PATTERN in its log.
expect_failure() {
  if ! grep -qE -- "$2" "$work/$1.log"; then
    echo "apple-link: $1 failed for another reason than '$2':" >&2
    head -n 40 "$work/$1.log" >&2
    exit 1
  fi
}

# verify OUT ARCH PLATFORM SYSROOT: the executable is Mach-O arm64 and its undefined symbols are the SDK's.
verify() {
  local out=$1
  file "$out" | grep -q 'Mach-O 64-bit arm64 executable' || { echo "apple-link: $out: $(file "$out")" >&2; exit 1; }
  echo "  $(file -b "$out" | cut -d , -f 1), $(stat -c %s "$out") bytes; $(python3 "$root/Scripts/apple-tbd.py" check "$out" "$4" "$2" "$3")"
}

linked=0
failed_as_expected=0

# at_version NAME SWIFT_TARGET SDK ZIG_TARGET SYSROOT PLATFORM: at the SDK's version, the runtime must link (and be
# checked), the negative control must fail; every product links and is checked, or fails for a framework the SDK
# has no stub of (checked).
at_version() {
  local name=$1 target=$2 sdk=$3 zig_target=$4 sysroot=$5 platform=$6
  build "$target" "$sdk"
  if ! link "$name" runtime "$zig_target" "$sysroot" "$work/$name"; then
    echo "apple-link: the runtime did not link for $target:" >&2
    head -n 40 "$work/$name.log" >&2
    exit 1
  fi
  echo "linked: the runtime and Scripts/apple-link/Runtime.swift for $target ($(elapsed))"
  verify "$work/$name" arm64 "$platform" "$sysroot"
  linked=$((linked + 1))
  if link "$name-nowhere" runtime "$zig_target" "$sysroot" "$work/$name-nowhere" "$objects/Nowhere.o"; then
    echo "apple-link: negative control for $target: an object calling a function nobody defines linked" >&2
    exit 1
  fi
  expect_failure "$name-nowhere" "undefined symbol: _multiplex_apple_link_nowhere"
  echo "rejected: negative control for $target (undefined symbol: _multiplex_apple_link_nowhere)"
  if link "$name-products" products "$zig_target" "$sysroot" "$work/$name-products"; then
    echo "linked: the runtime, every product and Scripts/apple-link/App.swift for $target ($(elapsed))"
    verify "$work/$name-products" arm64 "$platform" "$sysroot"
    linked=$((linked + 1))
    return
  fi
  expect_failure "$name-products" 'unable to find system framework "[A-Za-z]*"'
  local framework
  for framework in $(grep -o 'unable to find system framework "[A-Za-z]*"' "$work/$name-products.log" \
    | sed 's/.*"\(.*\)"/\1/' | sort -u); do
    if [ -n "$(find -L "$sdk/System/Library/Frameworks/$framework.framework" "$sdk/System/iOSSupport/System/Library/Frameworks/$framework.framework" \
      -name "$framework.tbd" 2>/dev/null)" ]; then
      echo "apple-link: zig found no $framework for $target, though the SDK has its stub:" >&2
      head -n 20 "$work/$name-products.log" >&2
      exit 1
    fi
    echo "cannot link: every product for $target: the SDK has no stub of $framework ($(basename "$sdk")'s $framework.framework holds no $framework.tbd)"
  done
  failed_as_expected=$((failed_as_expected + 1))
  # The products whose frameworks all have stubs, with FoundationApp.swift (which needs MultiplexFoundation among
  # them).
  some=()
  local object names=""
  for framework in $(autolinked "$objects/FoundationApp.o" | sed -n 's/^-framework //p'); do
    if [ -z "$(find -L "$sysroot/System/Library/Frameworks/$framework.framework" -maxdepth 3 -name "$framework.tbd" 2>/dev/null)" ]; then
      echo "  no product links alone: Scripts/apple-link/FoundationApp.swift needs $framework too"
      return
    fi
  done
  for object in "$objects"/Multiplex?*.o; do
    [ "$(basename "$object")" = MultiplexAppleDelegates.o ] && continue
    local stubs=yes
    for framework in $(autolinked "$object" | sed -n 's/^-framework //p'); do
      [ -n "$(find -L "$sysroot/System/Library/Frameworks/$framework.framework" -maxdepth 3 -name "$framework.tbd" 2>/dev/null)" ] \
        || stubs=no
    done
    [ $stubs = yes ] || continue
    some+=("$object")
    names+="$(basename "$object" .o) "
  done
  case " $names" in
    *" MultiplexFoundation "*) ;;
    *) echo "  no product links alone: MultiplexFoundation asks for a framework without a stub"; return ;;
  esac
  if ! link "$name-some" some "$zig_target" "$sysroot" "$work/$name-some"; then
    echo "apple-link: the products whose frameworks have stubs did not link for $target:" >&2
    head -n 40 "$work/$name-some.log" >&2
    exit 1
  fi
  echo "linked: the runtime, ${names}and Scripts/apple-link/FoundationApp.swift for $target ($(elapsed))"
  verify "$work/$name-some" arm64 "$platform" "$sysroot"
  linked=$((linked + 1))
}

# at_floor NAME SWIFT_TARGET SDK ZIG_TARGET SYSROOT: at the floor, the runtime's link must fail for the
# back-deployment libraries alone: linked without them, what is left undefined is their markers, and symbols no
# stub of the SDK exports (named).
at_floor() {
  local name=$1 target=$2 sdk=$3 zig_target=$4 sysroot=$5
  build "$target" "$sdk"
  if link "$name" runtime "$zig_target" "$sysroot" "$work/$name"; then
    echo "apple-link: $target linked: update this script and the docs (it was expected to fail)" >&2
    exit 1
  fi
  expect_failure "$name" 'unable to find dynamic system library "swiftCompatibility'
  local missing undefined symbol others=""
  missing=$(grep -o 'unable to find dynamic system library "[A-Za-z0-9_]*"' "$work/$name.log" \
    | sed 's/.*"\(.*\)"/\1/' | sort -u | tr '\n' ' ')
  without=swiftCompatibility link "$name-without" runtime "$zig_target" "$sysroot" "$work/$name-without" || true
  undefined=$(sed -n 's/^error: undefined symbol: //p' "$work/$name-without.log" | sort -u)
  [ -n "$undefined" ] || { echo "apple-link: $target linked without the back-deployment libraries" >&2; exit 1; }
  for symbol in $undefined; do
    case $symbol in
      __swift_FORCE_LOAD_\$_swiftCompatibility*) ;;
      *)
        if grep -rqF -- "$symbol" "$sysroot/usr/lib"; then
          echo "apple-link: $target: $symbol is undefined, though a stub of the SDK has it:" >&2
          head -n 20 "$work/$name-without.log" >&2
          exit 1
        fi
        others+="$symbol " ;;
    esac
  done
  echo "cannot link: the runtime for $target: missing back-deployment libraries ${missing}(the Linux toolchain ships none);"
  echo "  without them, undefined: their markers$( [ -z "$others" ] || echo ", and ${others}(exported by no stub of $(basename "$sdk"))")"
  failed_as_expected=$((failed_as_expected + 1))
}

if [ -n "$macos_sdk" ]; then
  version=$(sdk_version "$macos_sdk")
  catalyst=$(catalyst_version "$macos_sdk")
  echo "macOS SDK: $macos_sdk (macOS $version, Mac Catalyst $catalyst)"
  at_version macos "arm64-apple-macos$version" "$macos_sdk" "aarch64-macos.$version-none" "$macos_sdk" macos
  # arm64 macOS starts at 11.0: the compiler writes 11.0 for a 10.15 target.
  at_floor macos-floor arm64-apple-macos10.15 "$macos_sdk" aarch64-macos.11.0-none "$macos_sdk"
  at_version catalyst "arm64-apple-ios$catalyst-macabi" "$macos_sdk" "aarch64-maccatalyst.$catalyst-none" \
    "$macos_sdk" maccatalyst
  # arm64 Mac Catalyst starts at 14.0 (13.1 is x86_64's floor).
  at_floor catalyst-floor arm64-apple-ios14.0-macabi "$macos_sdk" aarch64-maccatalyst.14.0-none "$macos_sdk"
fi
if [ -n "$ios_sdk" ]; then
  version=$(sdk_version "$ios_sdk")
  echo "iOS SDK: $ios_sdk (iOS $version)"
  sysroot=$ios_sdk
  if grep -rqs -m1 'tapi-tbd-v3' "$ios_sdk/usr/lib/libSystem.B.tbd"; then
    # zig 0.17 reads `tapi-tbd` version 4 only ("failed to parse TBD file: NotLibStub"): a copy of the stubs,
    # rewritten, in the cache (once).
    sysroot="$cache/link/sysroots/$(basename "$ios_sdk")-$(sha256sum "$root/Scripts/apple-tbd.py" | cut -c1-12)"
    python3 "$root/Scripts/apple-tbd.py" sysroot "$ios_sdk" "$sysroot"
    echo "  its stubs are tapi-tbd-v3: linked against a version 4 copy ($(cat "$sysroot/.complete"))"
  fi
  at_version ios "arm64-apple-ios$version" "$ios_sdk" "aarch64-ios.$version-none" "$sysroot" ios
  at_floor ios-floor arm64-apple-ios13.0 "$ios_sdk" aarch64-ios.13.0-none "$sysroot"
fi
if [ -n "$tvos_sdk" ]; then
  version=$(sdk_version "$tvos_sdk")
  echo "tvOS SDK: $tvos_sdk (tvOS $version)"
  at_version tvos "arm64-apple-tvos$version" "$tvos_sdk" "aarch64-tvos.$version-none" "$tvos_sdk" tvos
  at_floor tvos-floor arm64-apple-tvos13.0 "$tvos_sdk" aarch64-tvos.13.0-none "$tvos_sdk"
fi

echo "apple-link: $linked linked and checked, $failed_as_expected failed for the reason stated, negative controls rejected ($(elapsed))"

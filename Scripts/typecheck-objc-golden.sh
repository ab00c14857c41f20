#!/usr/bin/env bash
# Type-checks the golden files of the `@objc` multiplexers with Objective-C interop switched on, on a machine
# without an Objective-C runtime (Linux CI).
#
#     Scripts/typecheck-objc-golden.sh
#
# What is checked: the golden files `Tests/MultiplexGeneratorTests/Golden/{UIScrollViewDelegate,
# UITableViewDelegate,DownloadDelegate,DownloadSessionDelegate,TransferDelegate}Multiplexer.swift.golden` and
# `Scripts/objc-standins/Client.swift` (which installs and uses them) compile with
#     swiftc -typecheck -swift-version 6 -warnings-as-errors
#       -Xfrontend -enable-objc-interop -Xfrontend -disable-objc-attr-requires-foundation-module
# against stand-in modules `ObjectiveC`, `Foundation`, `UIKit` and `DownloadKit` (`Scripts/objc-standins/`:
# declarations only; the compiler finds `Selector` and `ObjCBool` in the module named `ObjectiveC`, so
# `#if canImport(ObjectiveC)`, `@objc` conformances, `optional` requirements, `observer.method?(…)` on `@objc`
# existentials, `#selector(Protocol.method(_:))` (including the check that the method is exposed to Objective-C),
# `override func responds(to:)`, `super.responds(to:)` and Swift 6 isolation of `@MainActor` protocols are all
# type-checked) and the real `Multiplex` runtime module (built here without Objective-C interop, as SwiftPM
# builds it). Negative controls then check that a misspelled `#selector`, a call of an optional requirement
# without `?`, and a case carrying a non-`Sendable` class in the `Sendable` `Event` of a nonisolated `Sendable`
# protocol (`TransferDelegate`, shaped like the URL session delegates) are rejected, so the check cannot pass
# vacuously.
#
# What is not: code generation and running (no Objective-C runtime: `NSObject.responds(to:)`, message dispatch,
# UIKit's caching of `respondsToSelector:` answers), and the real SDK's declarations (the stand-ins mirror the
# shapes of `ObjCInputs.swift`, not the SDK). The runtime half of the reassignment (`reassignDelegateSlots()`,
# `_RespondsToSelectorAnswers`) runs in `swift test --filter ReassignmentTests`.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
standins="$root/Scripts/objc-standins"
golden="$root/Tests/MultiplexGeneratorTests/Golden"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/modules" "$work/shims"

objc=(-Xfrontend -enable-objc-interop -Xfrontend -disable-objc-attr-requires-foundation-module)
swift6=(-swift-version 6 -enable-upcoming-feature ExistentialAny -enable-upcoming-feature MemberImportVisibility)

# The runtime, as SwiftPM builds it (its C shims need a module map, which SwiftPM generates).
printf 'module _MultiplexShims {\n  header "%s"\n  export *\n}\n' \
  "$root/Sources/_MultiplexShims/include/_MultiplexShims.h" > "$work/shims/module.modulemap"
swiftc -emit-module -module-name Multiplex -package-name multiplex -parse-as-library "${swift6[@]}" \
  -enable-upcoming-feature InternalImportsByDefault -I "$work/shims" \
  "$root"/Sources/Multiplex/*.swift "$root"/Sources/Multiplex/Internal/*.swift \
  -o "$work/modules/Multiplex.swiftmodule"

# The stand-ins, each a module, with Objective-C interop.
for module in ObjectiveC Foundation UIKit DownloadKit; do
  swiftc -emit-module -module-name "$module" -parse-as-library "${swift6[@]}" "${objc[@]}" -I "$work/modules" \
    "$standins/$module.swift" -o "$work/modules/$module.swiftmodule"
done

files=()
for name in UIScrollViewDelegateMultiplexer UITableViewDelegateMultiplexer DownloadDelegateMultiplexer \
  DownloadSessionDelegateMultiplexer TransferDelegateMultiplexer; do
  cp "$golden/$name.swift.golden" "$work/$name.swift"
  files+=("$work/$name.swift")
done
typecheck() {
  swiftc -typecheck "${swift6[@]}" -warnings-as-errors "${objc[@]}" -I "$work/modules" -I "$work/shims" "$@"
}
typecheck "${files[@]}" "$standins/Client.swift"
echo "typecheck-objc-golden: ${#files[@]} golden files and Client.swift type-check with Objective-C interop"

# Negative controls: the same check rejects a selector of no requirement, an optional requirement called without
# `?`, and a non-`Sendable` value in a `Sendable` event.
sed -e 's/#selector((any UIScrollViewDelegate).viewForZooming(in:))/#selector((any UIScrollViewDelegate).viewForZoomin(in:))/' \
  "$golden/UIScrollViewDelegateMultiplexer.swift.golden" > "$work/BadSelector.swift"
sed -e 's/\$0.scrollViewShouldScrollToTop?(scrollView)/$0.scrollViewShouldScrollToTop(scrollView)/' \
  "$golden/UIScrollViewDelegateMultiplexer.swift.golden" > "$work/BadCall.swift"
# The `Sendable` event of a `Sendable` protocol carries only `Sendable` values: the compiler checks it.
sed -e 's/^  enum Event: Swift.Sendable {$/  enum Event: Swift.Sendable {\n    case notSendable(Download)/' \
  "$golden/TransferDelegateMultiplexer.swift.golden" > "$work/BadSendable.swift"
expected_BadSelector="has no member 'viewForZoomin(in:)'"
expected_BadCall="must be unwrapped"
expected_BadSendable="non-Sendable type 'Download'"
original_BadSelector=UIScrollViewDelegateMultiplexer original_BadCall=UIScrollViewDelegateMultiplexer
original_BadSendable=TransferDelegateMultiplexer
for bad in BadSelector BadCall BadSendable; do
  original="original_$bad"
  if cmp -s "$work/$bad.swift" "$golden/${!original}.swift.golden"; then
    echo "typecheck-objc-golden: negative control $bad changed nothing" >&2
    exit 1
  fi
  if typecheck "$work/$bad.swift" > "$work/$bad.log" 2>&1; then
    echo "typecheck-objc-golden: negative control $bad was accepted" >&2
    exit 1
  fi
  expected="expected_$bad"
  if ! grep -q "${!expected}" "$work/$bad.log"; then
    echo "typecheck-objc-golden: negative control $bad failed for another reason:" >&2
    cat "$work/$bad.log" >&2
    exit 1
  fi
done
echo "typecheck-objc-golden: negative controls rejected"

#!/usr/bin/env bash
# Runs the `generate-multiplexer` command plugin on Tests/PluginSample (a package that depends on this one by
# path), checks that its output is current with --check, then builds and runs the sample, whose `GadgetMonitor`
# target uses the `MultiplexerGeneratorPlugin` build-tool plugin (generated at build time from
# Sources/GadgetMonitor/multiplexers.json), and checks that a bad list fails the build with a clear error.
#
#   bash Scripts/check-plugin-sample.sh
#
# It generates, into Tests/PluginSample/Sources/GadgetApp/Generated/:
#   - GadgetDelegateMultiplexer.swift: for a protocol of the sample's own `Gadgets` target (which refines one of
#     its `GadgetBase` dependency); the plugin gets both symbol graphs from SwiftPM;
#   - XMLParserDelegateMultiplexer.swift: for a toolchain module, where the tool runs symbolgraph-extract.
# Neither plugin builds swift-syntax (multiplex-generate reads symbol graphs with a parser of its own): the script
# starts from an empty build folder and fails at the end if any swift-syntax module was compiled.
set -euo pipefail
cd "$(dirname "$0")/../Tests/PluginSample"
rm -rf .build

generate() {
  swift package --allow-writing-to-package-directory generate-multiplexer "$@"
}

echo "=== generate-multiplexer GadgetDelegate (a target of the package)"
out=$(generate GadgetDelegate --module Gadgets --default 'gadgetShouldSleep(_:)=true' \
  --output Sources/GadgetApp/Generated/GadgetDelegateMultiplexer.swift)
echo "$out"
# The plugin says what it wrote: the file, the protocol and its requirement count.
if ! grep -qE '^(wrote|unchanged) Sources/GadgetApp/Generated/GadgetDelegateMultiplexer.swift: GadgetDelegateMultiplexer for protocol GadgetDelegate of module Gadgets, [0-9]+ requirements$' <<<"$out"; then
  echo "FAIL: the plugin did not say what it wrote" >&2
  exit 1
fi
echo "=== generate-multiplexer XMLParserDelegate (a toolchain module)"
generate XMLParserDelegate --module FoundationXML \
  --output Sources/GadgetApp/Generated/XMLParserDelegateMultiplexer.swift

echo "=== --check: both files are current"
generate GadgetDelegate --module Gadgets --default 'gadgetShouldSleep(_:)=true' \
  --output Sources/GadgetApp/Generated/GadgetDelegateMultiplexer.swift --check
generate XMLParserDelegate --module FoundationXML \
  --output Sources/GadgetApp/Generated/XMLParserDelegateMultiplexer.swift --check

echo "=== --check: a stale file fails"
stale=Sources/GadgetApp/Generated/GadgetDelegateMultiplexer.swift
cp "$stale" "$stale.orig"
echo "// edited" >> "$stale"
if generate GadgetDelegate --module Gadgets --default 'gadgetShouldSleep(_:)=true' --output "$stale" --check; then
  mv "$stale.orig" "$stale"
  echo "FAIL: --check accepted a stale file" >&2
  exit 1
fi
mv "$stale.orig" "$stale"

echo "=== a bad module gets one line and a failure"
if generate NoSuchDelegate --module Gadgets --output Sources/GadgetApp/Generated/Nope.swift; then
  echo "FAIL: an unknown protocol was accepted" >&2
  exit 1
fi
test ! -e Sources/GadgetApp/Generated/Nope.swift

# A declaration, not the comment the emitter seam writes (`// ... final class GadgetDelegateMultiplexer ...`).
if ! grep -qE '^[a-z ]*class GadgetDelegateMultiplexer\b' Sources/GadgetApp/Generated/GadgetDelegateMultiplexer.swift; then
  # The branch that has the reader, CLI and plugin but not yet the emitter writes the rebuilt protocol as
  # comments: nothing for GadgetApp to use.
  echo "=== SKIPPED: the generated files hold no multiplexer (no emitter in this build); building the library only"
  swift build --target Gadgets
  exit 3
fi

echo "=== swift build && swift run GadgetApp"
swift build
out=$(swift run GadgetApp)
echo "$out"
grep -q "first: level 2" <<<"$out"
grep -q "second: level 2" <<<"$out"
grep -q "elements: 3" <<<"$out"

echo "=== build-tool plugin: swift run GadgetMonitor (multiplexers generated at build time)"
out=$(swift run GadgetMonitor)
echo "$out"
grep -q "monitor: first saw 4 elements, second saw 4" <<<"$out"
grep -q "monitor: DataTaskEvents has 1 observer" <<<"$out"
generated=$(find .build/plugins/outputs -path '*/GadgetMonitor/*' -name GeneratedMultiplexers.swift)
grep -q '^// Regenerate: swift build (MultiplexerGeneratorPlugin reads Sources/GadgetMonitor/multiplexers.json)$' \
  "$generated"
grep -qE '^package final class DataTaskEvents\b' "$generated"

# The list is the build command's input: an edit is seen by the next build (SwiftPM does not run a build-tool
# plugin again for a changed file, only the commands whose inputs changed). Each case below edits the list,
# expects what the build does, and puts the list back.
# The copy is kept outside the target: a file added there would change the package's structure and make SwiftPM
# run the plugin again, which this check must not rely on.
list=Sources/GadgetMonitor/multiplexers.json
original=$(mktemp)
cp "$list" "$original"
trap 'cp "$original" "$list"; rm -f "$original"' EXIT
# Builds GadgetMonitor with the list `$1`; expects the build to fail with a line containing `$2`.
expect_build_failure() {
  printf '%s\n' "$1" > "$list"
  local log
  if log=$(swift build --product GadgetMonitor 2>&1); then
    echo "$log"
    echo "FAIL: the build accepted the list: $1" >&2
    exit 1
  fi
  if ! grep -qF -- "$2" <<<"$log"; then
    echo "$log"
    echo "FAIL: the build failed without saying: $2" >&2
    exit 1
  fi
  echo "refused as expected: $(grep -F -- "$2" <<<"$log" | head -n 1)"
}

echo "=== build-tool plugin: an edited list regenerates (--access public)"
sed 's/"--access", "package"/"--access", "public"/' "$original" > "$list"
swift build --product GadgetMonitor
grep -qE '^public final class DataTaskEvents\b' "$generated"

echo "=== build-tool plugin: bad lists fail the build with one clear line"
expect_build_failure '{"multiplexers": [' "multiplexers.json: not valid JSON ("
expect_build_failure \
  '{"multiplexers": [{"protocol": "XMLParserDelegate", "module": "FoundationXML", "arguments": ["--output", "X.swift"]}]}' \
  "multiplexers.json: multiplexers[0] (XMLParserDelegate): \"arguments\" cannot give '--output'"
expect_build_failure '{"multiplexers": [{"protocol": "XMLParserDelegat", "module": "FoundationXML"}]}' \
  "error: no protocol 'XMLParserDelegat' in module 'FoundationXML'; did you mean 'XMLParserDelegate'?"
# A module of the package graph: refused, naming the command plugin.
expect_build_failure '{"multiplexers": [{"protocol": "GadgetDelegate", "module": "Gadgets"}]}' \
  "error: module 'Gadgets' is a target of the package graph"

echo "=== build-tool plugin: a target without the list fails the build, showing the format"
rm "$list"
if log=$(swift build --product GadgetMonitor 2>&1); then
  echo "$log"
  echo "FAIL: the build accepted a target without multiplexers.json" >&2
  exit 1
fi
if ! grep -qF "error: Sources/GadgetMonitor/multiplexers.json: no such file; target 'GadgetMonitor' applies MultiplexerGeneratorPlugin" <<<"$log"; then
  echo "$log"
  echo "FAIL: the build failed without saying the list is missing" >&2
  exit 1
fi
echo "refused as expected: $(grep -F "no such file" <<<"$log" | head -n 1)"

echo "=== build-tool plugin: the list put back builds again"
cp "$original" "$list"
rm -f "$original"
trap - EXIT
swift build --product GadgetMonitor
grep -qE '^package final class DataTaskEvents\b' "$generated"
echo "=== no swift-syntax was built for the plugins"
built=$(find .build \( -name '*.o' -o -name '*.swiftmodule' \) \
  \( -path '*SwiftSyntax*' -o -path '*SwiftParser*' -o -path '*SwiftDiagnostics*' -o -path '*SwiftCompilerPlugin*' \) |
  head -n 5)
if [ -n "$built" ]; then
  echo "FAIL: the plugins built swift-syntax:" >&2
  echo "$built" >&2
  exit 1
fi
echo "plugin sample: OK"

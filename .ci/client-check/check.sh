#!/usr/bin/env bash
# Builds and runs the client package (it depends only on the `Multiplex` product), then fails if any swift-syntax
# module (or the macro) was compiled for it. SwiftPM plans every target of the graph (it creates an empty
# `SwiftSyntax.build` folder with an output map), so the check looks for what compiling leaves: object files and
# modules.
set -euo pipefail
cd "$(dirname "$0")"
rm -rf .build
swift run Client
built=$(find .build \( -name '*.o' -o -name '*.swiftmodule' \) \
  \( -path '*SwiftSyntax*' -o -path '*SwiftParser*' -o -path '*SwiftDiagnostics*' -o -path '*SwiftCompilerPlugin*' \
  -o -path '*MultiplexMacros*' -o -path '*MultiplexSymbolGraphReader*' \) | head -n 5)
if [ -n "$built" ]; then
  echo "error: a client that depends only on Multiplex built swift-syntax or the macro:" >&2
  echo "$built" >&2
  exit 1
fi
echo "client-check: no swift-syntax module was built"

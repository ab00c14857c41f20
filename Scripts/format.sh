#!/usr/bin/env bash
# Formats every tracked Swift file with the repository's .swift-format, then lints strictly. The shape test's
# regressions (Tests/ShapeRegressions) are left as Scripts/shape-test.py wrote them: their recorded line numbers
# must not move.
set -euo pipefail
cd "$(dirname "$0")/.."
git ls-files -z '*.swift' ':!Tests/ShapeRegressions' | xargs -0 swift format format --in-place
git ls-files -z '*.swift' ':!Tests/ShapeRegressions' | xargs -0 swift format lint --strict

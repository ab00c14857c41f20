#!/usr/bin/env bash
# Formats every tracked Swift file with the repository's .swift-format, then lints strictly.
set -euo pipefail
cd "$(dirname "$0")/.."
git ls-files -z '*.swift' | xargs -0 swift format format --in-place
git ls-files -z '*.swift' | xargs -0 swift format lint --strict

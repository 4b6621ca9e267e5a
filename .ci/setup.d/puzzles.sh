#!/usr/bin/env bash
# Headless Chromium for the puzzle page's browser test (tests/puzzles.rs).
set -euo pipefail
if ! command -v chromium >/dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends chromium >/dev/null
fi

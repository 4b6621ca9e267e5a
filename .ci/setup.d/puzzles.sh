#!/usr/bin/env bash
# Headless Chromium for the browser tests (the puzzle page in tests/puzzles.rs, the charts in
# tests/charts.rs).
set -euo pipefail
. "$(dirname "$0")/../apt.sh"
command -v chromium >/dev/null 2>&1 || apt_install chromium

#!/usr/bin/env bash
# GNU parallel, for the sharded-sweep test in tests/sweep.rs, and gcc, for the test that compiles
# `make bench-sweep`'s peer (bench/peers/sweep_bnb.c) there (both must run in CI).
set -euo pipefail
. "$(dirname "$0")/../apt.sh"
if command -v parallel >/dev/null 2>&1 && command -v gcc >/dev/null 2>&1; then
  exit 0
fi
apt_install parallel gcc libc6-dev
command -v parallel >/dev/null
command -v gcc >/dev/null

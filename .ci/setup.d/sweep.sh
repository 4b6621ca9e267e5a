#!/usr/bin/env bash
# GNU parallel, for the sharded-sweep test in tests/sweep.rs, and gcc, for the test that compiles
# `make bench-sweep`'s peer (bench/peers/sweep_bnb.c) there (both must run in CI).
set -euo pipefail
if command -v parallel >/dev/null 2>&1 && command -v gcc >/dev/null 2>&1; then
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends parallel gcc libc6-dev >/dev/null
command -v parallel >/dev/null
command -v gcc >/dev/null

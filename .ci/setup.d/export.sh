#!/usr/bin/env bash
# Tools for the export/verify tests (issue 6): external DIMACS solvers from Debian. Proofs need
# no outside checker (queensat's own is built in). Idempotent.
set -euo pipefail
cd "$(dirname "$0")/../.."
need=()
for pkg_bin in cadical:cadical minisat:minisat picosat:picosat cryptominisat:cryptominisat5; do
  command -v "${pkg_bin#*:}" >/dev/null 2>&1 || need+=("${pkg_bin%%:*}")
done
if [ "${#need[@]}" -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

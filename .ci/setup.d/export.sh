#!/usr/bin/env bash
# External DIMACS solvers from Debian for the export/verify tests (issue 6) and the doc blocks
# marked `needs cadical` etc. Proof checking needs nothing: the checker is built in. Idempotent.
set -euo pipefail
. "$(dirname "$0")/../apt.sh"
need=()
for pkg_bin in cadical:cadical minisat:minisat picosat:picosat cryptominisat:cryptominisat5; do
  command -v "${pkg_bin#*:}" >/dev/null 2>&1 || need+=("${pkg_bin%%:*}")
done
[ "${#need[@]}" -eq 0 ] || apt_install "${need[@]}"

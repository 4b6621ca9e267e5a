#!/usr/bin/env bash
# The Python solvers the export round-trip tests load files into (tests/export_formats.rs):
# SCIP (PySCIPOpt) reads the LP and OPB files, RC2 (python-sat) the WCNF files. They are the
# bench peers too, so this is bench/setup-venv.sh into .venv, the venv `make bench-peers` uses.
set -euo pipefail
cd "$(dirname "$0")/../.."
# Debian's python3 makes venvs only with python3-venv (ensurepip); `make test-python` (the
# queensat package's venv, in make test) needs it too.
if ! command -v python3 >/dev/null 2>&1 || ! python3 -c 'import ensurepip, venv' 2>/dev/null; then
  . .ci/apt.sh
  apt_install python3 python3-venv
fi
if [ ! -e .venv/.installed ] || [ bench/requirements.txt -nt .venv/.installed ]; then
  bench/setup-venv.sh .venv
fi

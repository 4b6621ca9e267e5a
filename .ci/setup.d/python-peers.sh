#!/usr/bin/env bash
# The Python solvers the export round-trip tests load files into (tests/export_formats.rs):
# SCIP (PySCIPOpt) reads the LP and OPB files, RC2 (python-sat) the WCNF files. They are the
# bench peers too, so this is bench/setup-venv.sh into .venv, the venv `make bench-peers` uses.
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ ! -e .venv/.installed ] || [ bench/requirements.txt -nt .venv/.installed ]; then
  bench/setup-venv.sh .venv
fi

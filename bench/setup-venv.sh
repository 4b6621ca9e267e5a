#!/usr/bin/env bash
# The Python peers of `make bench-peers` (bench/run.py): a virtual environment with the pinned
# versions of bench/requirements.txt. Usage: bench/setup-venv.sh [VENV] (default .venv).
# Marks a finished install with VENV/.installed, which make uses as its target.
set -euo pipefail
venv=${1:-.venv}
here=$(dirname "$0")
python3 -m venv "$venv"
# --no-compile: pip would compile every module of every package (pandas, numpy, ortools) to
# bytecode, 19 of the install's 27 s of CPU; Python compiles what a process imports instead
# (SCIP and RC2, as the export tests import them: 0.3 s more, and every time where
# PYTHONDONTWRITEBYTECODE is set; the peers' timings exclude imports). In CI the install runs
# beside the build, which wants the CPU.
"$venv/bin/pip" install --quiet --disable-pip-version-check --no-compile -r "$here/requirements.txt"
touch "$venv/.installed"

#!/usr/bin/env bash
# The Python peers of `make bench-peers` (bench/run.py): a virtual environment with the pinned
# versions of bench/requirements.txt. Usage: bench/setup-venv.sh [VENV] (default .venv).
# Marks a finished install with VENV/.installed, which make uses as its target.
set -euo pipefail
venv=${1:-.venv}
here=$(dirname "$0")
python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check -r "$here/requirements.txt"
touch "$venv/.installed"

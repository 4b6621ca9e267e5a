#!/usr/bin/env bash
# `make bench-verify`: `queensat verify` on the published 79,920-row 4-wall file (target: under
# 60 s here), with 1 and 2 threads; wall and CPU time (the machine is shared, so wall time
# includes waiting). Usage: bench/verify.sh BIN PUBLISHED_DIR OUT.txt [WALLS (default 4)]
set -euo pipefail
BIN=${1:?queensat binary}
PUBLISHED=${2:?directory of the published results}
OUT=${3:?output file}
WALLS=${4:-4}  # 3 with QUICK=1: the 5,278-row 3-wall file
mkdir -p "$(dirname "$OUT")"
# The report goes to a scratch file: written atomically, it cannot go to /dev/null.
SCRATCH=$(mktemp -d)
trap 'rm -rf "$SCRATCH"' EXIT
{
  echo "# bench-verify: $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, host $(hostname), load $(cut -d' ' -f1-3 /proc/loadavg)"
  for t in 1 2; do
    RAYON_NUM_THREADS=$t bash -c 'TIMEFORMAT="%R s wall, %U s user CPU, %S s sys"; time "$0" verify "$1" -o "$2" 2>/dev/null || [ $? -eq 1 ]' \
      "$BIN" "$PUBLISHED/8x8/$WALLS-W_boards.csv" "$SCRATCH/report.md" 2>&1 \
      | sed "s/^/$WALLS-W_boards.csv ($(($(wc -l <"$PUBLISHED/8x8/$WALLS-W_boards.csv") - 1)) rows), $t thread(s): /"
  done
} | tee "$OUT"

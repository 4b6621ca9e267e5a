#!/usr/bin/env bash
# `make armies-encodings`: the linear (segments) and all-pairs encodings of peaceable armies on
# the same boards, m only. Tables (wall time) for 3..9 to OUTDIR/encoding-{segments,pairs}.md;
# CPU seconds (user, /usr/bin/time) for 6..8 with and without symmetry breaking, which the
# shared host's load disturbs less than wall time, to OUTDIR/encoding-cpu.txt.
# Usage: bench/armies-encodings.sh BIN OUTDIR [quick]
set -euo pipefail
BIN=${1:?queensat binary}
OUT=${2:?output directory}
QUICK=${3:-}  # `quick`: tables for 3..7, CPU seconds for 6 only
MAXN=9; CPU_SIZES="6 7 8"
if [ "$QUICK" = quick ]; then MAXN=7; CPU_SIZES=6; fi
mkdir -p "$OUT"
for enc in segments pairs; do
  "$BIN" armies --size "3..$MAXN" --table --no-count --encoding "$enc" --output "$OUT/encoding-$enc.md"
done
{
  echo "# make armies-encodings: $(date -u +%Y-%m-%dT%H:%MZ), host $(hostname), $(nproc) cores"
  for n in $CPU_SIZES; do for sb in "" --no-symmetry-breaking; do for enc in segments pairs; do
    # shellcheck disable=SC2086
    /usr/bin/time -f "${n}x$n $enc ${sb:-(lex-leader)}: %U s user, %e s wall" \
      "$BIN" armies --size "$n" --encoding "$enc" $sb --output /dev/null 2>&1
  done; done; done
} > "$OUT/encoding-cpu.txt.tmp"
mv "$OUT/encoding-cpu.txt.tmp" "$OUT/encoding-cpu.txt"
cat "$OUT/encoding-cpu.txt"

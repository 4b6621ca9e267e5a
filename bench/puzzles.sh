#!/usr/bin/env bash
# `make bench-puzzles`, `make bench-puzzles-5walls`: time of `queensat puzzles --size 8 --walls
# WALLS` (wall, user CPU, peak memory) to OUT.txt. With SUMMARY.md, the run's summary (counts per
# value) is kept there too; its full lists (tens of MB for 5 walls) are not.
# ENGINES (default `tree`): the `--engine`s to time, one after the other, with the CPU ratio
# of each to the first.
# Usage: [ENGINES="tree reuse"] bench/puzzles.sh BIN WALLS OUT.txt [SUMMARY.md]
set -euo pipefail
read -r -a engines <<< "${ENGINES:-tree}"
BIN=${1:?queensat binary}
WALLS=${2:?wall counts, e.g. 2..4}
OUT=${3:?output file}
SUMMARY=${4:-}
mkdir -p "$(dirname "$OUT")"
args=(puzzles --size 8 --walls "$WALLS" --quiet)
if [ -n "$SUMMARY" ]; then
  # The summary records this directory in its command line: keep the name stable.
  lists="$(dirname "$SUMMARY")/.$(basename "$SUMMARY" .md)"
  rm -rf "$lists"
  trap 'rm -rf "$lists"' EXIT
  args+=(--output "$lists")
fi
{
  first=
  for engine in "${engines[@]}"; do
    echo "# queensat puzzles --size 8 --walls $WALLS --engine $engine, $(date -u '+%F %H:%M UTC'), $(nproc) threads, load average $(cut -d' ' -f1-3 /proc/loadavg)"
    line=$(/usr/bin/time -f "%e s wall, %U s user, %M KB max RSS" "$BIN" "${args[@]}" --engine "$engine" 2>&1 >/dev/null)
    echo "$line"
    user=$(sed -E 's/.*, ([0-9.]+) s user.*/\1/' <<< "$line")
    if [ -z "$first" ]; then
      first=$user
    else
      echo "  user CPU / ${engines[0]}'s: $(python3 -c "print(f'{$user / max($first, 1e-9):.2f}')")"
    fi
  done
} | tee "$OUT"
if [ -n "$SUMMARY" ]; then
  cp "$lists/summary.md" "$SUMMARY"
fi

#!/usr/bin/env bash
# Regenerates the "Real output" part of docs/solutions.md from the built binary.
# Usage: scripts/solutions/docs-output.sh  (from the repository root, after `make build`)
set -euo pipefail
cd docs
B=../target/release/queensat
show() { echo "### \`queensat $*\`"; echo '```'; $B "$@"; echo '```'; }
out=$(mktemp)
{
  echo '### `queensat solutions --size 8 | head -11` … `| tail -3`'; echo '```'
  $B solutions --size 8 | head -11; echo '…'; $B solutions --size 8 | tail -3; echo '```'
  echo '### `queensat solutions --size 8 --unique` (first and last lines)'; echo '```'
  $B solutions --size 8 --unique | head -10; echo '…'; $B solutions --size 8 --unique | tail -12; echo '```'
  show solutions boards/two-walls.txt --queens 9 --count
  show solutions boards/two-walls.txt --limit 2
  show solutions --size 8 --walls "1,4 3,1 4,3" --limit 2 --count
  show solutions --size 10 --count
  show solutions --size 10 --unique --count
  show solutions --size 8 --holes diagonals --unique
  echo '### `queensat solutions --csplib ../data/csplib/plus-8.param --count`'; echo '```'
  cat ../data/csplib/plus-8.param; echo '$ queensat solutions --csplib ../data/csplib/plus-8.param --count'
  $B solutions --csplib ../data/csplib/plus-8.param --count; echo '```'
  show solutions --size 6 --unique --format json
  show solutions --size 8 --limit 2 --count
  show solutions --size 13 --holes diagonals --unique --count --shard 1/2
  show solutions --size 13 --holes diagonals --unique --count --shard 2/2
} > "$out" 2>&1
python3 - "$out" <<'PY'
import sys
p = "solutions.md"
s = open(p).read()
marker = "### `queensat solutions --size 8 | head -11`"
open(p + ".tmp", "w").write(s[: s.index(marker)] + open(sys.argv[1]).read())
PY
mv solutions.md.tmp solutions.md
rm -f "$out"

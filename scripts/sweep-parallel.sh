#!/usr/bin/env bash
# A sweep split into N shards run by GNU parallel (locally, or on several hosts with
# parallel's --sshlogin), then merged into the same files an unsharded run writes.
#
#   scripts/sweep-parallel.sh 8 5 16 results/sweeps/8x8-5w [-j 2] [--sshlogin host1,host2]
set -euo pipefail
SIZE=${1:?board side}
WALLS=${2:?wall counts}
N=${3:?number of shards}
OUT=${4:?output directory}
shift 4
BIN=${QUEENSAT:-target/release/queensat}
seq 1 "$N" | parallel --will-cite --halt now,fail=1 "$@" \
  "$BIN" sweep --size "$SIZE" --walls "$WALLS" --shard "{}/$N" --threads 1 --quiet --output "$OUT.shard-{}"
"$BIN" merge --output "$OUT" "$OUT".shard-*

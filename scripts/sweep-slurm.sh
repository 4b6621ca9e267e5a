#!/usr/bin/env bash
# One shard of a queensat sweep as a Slurm job-array task; the array size is the shard count.
#
#   sbatch --array=1-16 scripts/sweep-slurm.sh 8 5 results/sweeps/8x8-5w
#   # when all tasks are done (or chain it: sbatch --dependency=afterok:JOBID ...):
#   target/release/queensat merge results/sweeps/8x8-5w.shard-* --output results/sweeps/8x8-5w
#
# Arguments: SIZE WALLS OUTBASE [extra sweep options]. Each task writes OUTBASE.shard-I and can
# simply be resubmitted if it dies: finished chunks are kept. QUEENSAT overrides the binary.
#SBATCH --job-name=queensat-sweep
#SBATCH --cpus-per-task=4
#SBATCH --time=02:00:00
#SBATCH --output=queensat-sweep-%A_%a.log
set -euo pipefail
SIZE=${1:?board side}
WALLS=${2:?wall counts, e.g. 5 or 0..4}
OUT=${3:?output base directory}
shift 3
I=${SLURM_ARRAY_TASK_ID:?run this as a Slurm job array (sbatch --array=1-N)}
N=${SLURM_ARRAY_TASK_COUNT:-$(( ${SLURM_ARRAY_TASK_MAX:?} - ${SLURM_ARRAY_TASK_MIN:-1} + 1 ))}
BIN=${QUEENSAT:-target/release/queensat}
exec "$BIN" sweep --size "$SIZE" --walls "$WALLS" --shard "$I/$N" \
  --threads "${SLURM_CPUS_PER_TASK:-1}" --quiet --output "$OUT.shard-$I" "$@"

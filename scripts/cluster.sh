#!/usr/bin/env bash
# One shardable queensat run (sweep, puzzles, nk, value, armies, least-walls or cover in cubes) split into N shards, run by Slurm or GNU
# parallel, checked task by task, and merged into what the one-process run writes.
#
#   scripts/cluster.sh ENGINE N [OPTIONS] -- QUEENSAT COMMAND ARGS... --output DIR
#
#   (`armies`, `least-walls` and `cover` name their folder with --cube-dir DIR: their --output is a
#   report's file.)
#
#   ENGINE    slurm (a job array: sbatch, squeue, scancel), parallel (GNU parallel, this host
#             or its --sshlogin hosts through --parallel-args) or local (this host, with
#             nothing but xargs: what `make` targets use, since a fresh machine has no parallel)
#   N         the number of shards
#   OPTIONS   --timeout SECS       give up (and cancel the tasks) after SECS of wall time
#                                  (default 86400); exit 124
#             --jobs J             parallel, local: at most J tasks at once (default: the cores)
#             --sbatch "ARGS"      slurm: more sbatch options (--time, --cpus-per-task, ...)
#             --parallel-args "ARGS"  parallel: more options of parallel's
#             --poll SECS          slurm: how often the tasks are looked at (default 2)
#
# Shard I writes DIR.shard-I; the tasks' logs and exit statuses go to DIR.cluster/. Every task's
# exit status is read from the file it writes (sbatch's own status and parallel's can hide a
# failed task). When every task exited 0, the shards are merged into DIR and the merged run is
# printed as the one-process run prints it; otherwise the failed tasks are listed and nothing is
# merged (exit 1): rerunning the same command resumes, since each shard keeps its finished chunks.
# Exit 2 on bad usage. docs/cluster.md says more.
set -euo pipefail

# Bad usage: one line, exit 2.
usage() {
  echo "cluster.sh: error: $1 (usage: scripts/cluster.sh slurm|parallel|local N [OPTIONS] -- QUEENSAT COMMAND ARGS... --output DIR)" >&2
  exit 2
}

[ $# -ge 2 ] || usage "ENGINE and N are required"
# This command as a line to paste from any folder, for the advice to rerun it.
rerun="cd $(printf %q "$PWD") && $(printf '%q ' "$0" "$@")"
rerun=${rerun% }
engine=$1
shards=$2
shift 2
case $engine in slurm | parallel | local) ;; *) usage "ENGINE is slurm, parallel or local, not '$engine'" ;; esac
[[ $shards =~ ^[1-9][0-9]*$ ]] || usage "N must be a whole number of at least 1, not '$shards'"
timeout_s=86400
jobs=""
sbatch_args=""
parallel_args=""
poll=2
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
  [ $# -ge 2 ] || usage "$1 needs a value"
  case $1 in
  --timeout) timeout_s=$2 ;;
  --jobs) jobs=$2 ;;
  --sbatch) sbatch_args=$2 ;;
  --parallel-args) parallel_args=$2 ;;
  --poll) poll=$2 ;;
  *) usage "unknown option '$1'" ;;
  esac
  shift 2
done
[ $# -gt 0 ] || usage "the queensat command comes after --"
shift
[ $# -ge 2 ] || usage "the queensat command needs the binary and a command"
[[ $timeout_s =~ ^[1-9][0-9]*$ ]] || usage "--timeout takes whole seconds, not '$timeout_s'"

# The queensat command, its output folder taken out (each shard gets its own).
bin=$1
command=$2
shift 2
case $command in
sweep | puzzles | nk | value) folder=--output ;;
armies | least-walls | cover) folder=--cube-dir ;;
*) usage "'$command' does not split into shards here: sweep, puzzles, nk, value, armies, least-walls and cover (cubes) do" ;;
esac
out=""
args=()
while [ $# -gt 0 ]; do
  case $folder:$1 in
  --output:-o | --output:--output | --output:--out | --cube-dir:--cube-dir)
    [ $# -ge 2 ] || usage "$1 needs a folder"
    out=$2
    shift 2
    ;;
  --output:--output=* | --output:--out=* | --cube-dir:--cube-dir=*)
    out=${1#*=}
    shift
    ;;
  *:--shard | *:--shard=* | *:--merge-from | *:--merge-from=*) usage "$1 is the cluster script's to set" ;;
  *:--quiet) shift ;; # every task is quiet
  *)
    args+=("$1")
    shift
    ;;
  esac
done
[ -n "$out" ] || usage "the queensat command needs $folder DIR (the merged run goes there)"
out=${out%/}
work=$out.cluster
mkdir -p "$work"
rm -f "$work"/task-*.exit

# One task: shard I of N, its exit status written last and atomically (a task that dies
# writes none).
task=$work/task.sh
{
  echo '#!/usr/bin/env bash'
  echo "# Shard I of $shards (I from \$1 or SLURM_ARRAY_TASK_ID), written by scripts/cluster.sh."
  echo 'i=${1:-${SLURM_ARRAY_TASK_ID:?}}'
  printf 'cmd=(%q %q' "$bin" "$command"
  for a in "${args[@]}"; do printf ' %q' "$a"; done
  printf ')\n'
  printf 'out=%q\nwork=%q\n' "$out" "$work"
  echo "\"\${cmd[@]}\" --shard \"\$i/$shards\" --quiet $folder \"\$out.shard-\$i\" >\"\$work/task-\$i.log\" 2>&1 && s=0 || s=\$?"
  echo 'echo "$s" >"$work/task-$i.exit.tmp" && mv "$work/task-$i.exit.tmp" "$work/task-$i.exit"'
} >"$task"
chmod +x "$task"

finished() { ls "$work"/task-*.exit 2>/dev/null | wc -l; }

case $engine in
parallel)
  command -v parallel >/dev/null || usage "GNU parallel is not installed"
  # parallel's own status counts failures only up to 100; each task's file is the record.
  # shellcheck disable=SC2086
  timeout "$timeout_s" parallel --will-cite ${jobs:+-j "$jobs"} $parallel_args \
    "$task" '{}' ::: $(seq 1 "$shards") || true
  ;;
local)
  # Each task under a shell that survives it: xargs stops starting tasks once one is killed.
  # shellcheck disable=SC2016
  timeout "$timeout_s" xargs -P "${jobs:-$(nproc)}" -I '{}' bash -c '"$0" "$1"; exit 0' "$task" '{}' \
    < <(seq 1 "$shards") || true
  ;;
slurm)
  command -v sbatch >/dev/null || usage "Slurm's sbatch is not installed"
  # shellcheck disable=SC2086
  job=$(timeout 60 sbatch --parsable --array="1-$shards" --job-name="queensat-$command" \
    --output="$work/slurm-%a.out" $sbatch_args "$task")
  job=${job%%;*}
  echo "cluster.sh: Slurm job $job, $shards tasks" >&2
  deadline=$((SECONDS + timeout_s))
  # Done when every task has written its status, or the job has left the queue (a task that
  # died wrote none); squeue is asked with a timeout, since a lost controller makes it hang.
  while [ "$(finished)" -lt "$shards" ]; do
    if [ "$SECONDS" -ge "$deadline" ]; then
      timeout 60 scancel "$job" || true
      echo "cluster.sh: error: timed out after $timeout_s s; job $job cancelled" >&2
      exit 124
    fi
    sleep "$poll"
    queued=$(timeout 30 squeue -h -j "$job" -o %i 2>/dev/null | wc -l) || queued=1
    if [ "$queued" -eq 0 ] && [ "$(finished)" -lt "$shards" ]; then
      sleep 1 # a status written as the job left the queue
      break
    fi
  done
  ;;
esac

failed=0
for i in $(seq 1 "$shards"); do
  if [ ! -f "$work/task-$i.exit" ]; then
    echo "cluster.sh: task $i: no exit status (killed, timed out or never started); log: $work/task-$i.log" >&2
    failed=1
  elif [ "$(cat "$work/task-$i.exit")" != 0 ]; then
    echo "cluster.sh: task $i: exit $(cat "$work/task-$i.exit"); log: $work/task-$i.log" >&2
    failed=1
  fi
done
if [ "$failed" -ne 0 ]; then
  echo "cluster.sh: error: not merged; run the same command again to resume (finished chunks are kept): $rerun" >&2
  exit 1
fi

shard_dirs=()
for i in $(seq 1 "$shards"); do shard_dirs+=("$out.shard-$i"); done
case $command in
# nk: the one-process command itself, reading every count's chunks from the shards' roots: it
# computes nothing, and prints and writes (--table too) what the one-process run does.
nk) "$bin" nk "${args[@]}" --quiet --output "$out" --merge-from "${shard_dirs[@]}" ;;
*) "$bin" merge "${shard_dirs[@]}" --quiet --output "$out" ;;
esac

#!/usr/bin/env bash
# A one-node Slurm cluster for the cluster tests, as root on a machine without systemd:
#   tests/cluster/slurm.sh start DIR   # config, state and logs in DIR; prints the config's path
#   tests/cluster/slurm.sh stop DIR    # stops the daemons it started (by PID)
# Clients find the cluster through SLURM_CONF=DIR/slurm.conf. Needs Debian's slurmctld, slurmd,
# slurm-client and munge (.ci/setup.d/slurm.sh installs them). The daemons write to their own
# logs in DIR, never to the caller's output, so they hold no pipe of the test run's.
set -euo pipefail
# The daemons run as root (SlurmUser=root); through sudo where the caller is not root.
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo -n"
what=${1:?start or stop}
dir=$(realpath -m "${2:?state directory}")
conf=$dir/slurm.conf

stop() {
  local name pid
  for name in slurmd slurmctld munged; do
    [ -f "$dir/$name.pid" ] || continue
    pid=$(cat "$dir/$name.pid")
    $sudo kill "$pid" 2>/dev/null || true
    # Up to 5 s for a clean exit, then SIGKILL.
    for _ in $(seq 50); do $sudo kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    $sudo kill -9 "$pid" 2>/dev/null || true
    rm -f "$dir/$name.pid"
  done
}

start() {
  mkdir -p "$dir/state" "$dir/spool"
  local host port
  host=$(hostname -s)
  # Ports of their own, so that a cluster already on the machine is left alone.
  port=$((20000 + RANDOM % 20000))
  cat >"$conf" <<CONF
ClusterName=queensat-test
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
# No cgroups here: process groups track the tasks, and no task plugin binds them.
ProctrackType=proctrack/pgid
TaskPlugin=task/none
# Tasks start as soon as they are submitted: the queue is scheduled on every event, and the
# node claims more CPUs than it has (taken as configured), so no task of a test waits for one.
SchedulerType=sched/builtin
SlurmdParameters=config_overrides
SchedulerParameters=batch_sched_delay=0
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
NodeName=$host NodeAddr=127.0.0.1 CPUs=16 State=UNKNOWN
PartitionName=queensat Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
  # munge: the one the machine runs, else our own (its socket is the clients' default path).
  if [ ! -S /run/munge/munge.socket.2 ]; then
    $sudo mkdir -p /run/munge
    $sudo chown munge:munge /run/munge
    $sudo runuser -u munge -- /usr/sbin/munged --pid-file=/run/munge/munged.pid >"$dir/munged.out" 2>&1
    cp /run/munge/munged.pid "$dir/munged.pid"
  fi
  $sudo env SLURM_CONF="$conf" /usr/sbin/slurmctld -f "$conf" </dev/null >"$dir/slurmctld.out" 2>&1
  $sudo env SLURM_CONF="$conf" /usr/sbin/slurmd -f "$conf" -N "$host" </dev/null >"$dir/slurmd.out" 2>&1
  # Up to 30 s for the node to report idle.
  for _ in $(seq 150); do
    if SLURM_CONF=$conf timeout 5 sinfo -h -o %T 2>/dev/null | grep -qx idle; then
      echo "$conf"
      return 0
    fi
    sleep 0.2
  done
  echo "slurm.sh: the node did not become idle; logs in $dir" >&2
  stop
  return 1
}

case $what in
start) start ;;
stop) stop ;;
*) echo "slurm.sh: start or stop, not $what" >&2; exit 2 ;;
esac

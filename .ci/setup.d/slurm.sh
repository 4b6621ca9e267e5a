#!/usr/bin/env bash
# Slurm (22.05 in Debian 12) and munge, for the tests that run scripts/cluster.sh on a real
# one-node cluster (tests/cluster.rs). Only installed here: each such test starts its own cluster
# with tests/cluster/slurm.sh and stops it again, so no daemon outlives the test run. Debian's
# package `slurm` is another program; the cluster's are slurmctld, slurmd and slurm-client.
set -euo pipefail
. "$(dirname "$0")/../apt.sh"
apt_install slurmctld slurmd slurm-client munge
command -v slurmctld >/dev/null
command -v sbatch >/dev/null

#!/usr/bin/env bash
# A single-node Slurm cluster on this machine, for tests and for measuring scheduler overhead:
# munged + slurmctld + slurmd, all CPUs of `localhost` in one partition, no accounting.
# Everything lives in one state directory with its own slurm.conf (SLURM_CONF), so the host's
# /etc/slurm is never touched. Needs root (slurmd starts jobs as their user) and Debian's
# slurm-wlm + munge (scripts/install-deps.sh installs them).
#
# Usage: scripts/slurm-local.sh start [STATE_DIR]   prints `export SLURM_CONF=...` on success
#        scripts/slurm-local.sh stop  [STATE_DIR]
# Exit 77 from start: Slurm cannot start here (missing packages, not root); the reason is printed.
set -euo pipefail

action=${1:?usage: slurm-local.sh start|stop [STATE_DIR]}
state=$(realpath -m "${2:-/tmp/blindspot-slurm}")
conf=$state/slurm.conf

stop_daemons() {
    for name in slurmd slurmctld munged; do
        local pidfile=$state/$name.pid
        local pid
        pid=$(cat "$pidfile" 2>/dev/null) || continue
        kill "$pid" 2>/dev/null || true
        for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        rm -f "$pidfile"
    done
}

write_conf() {
    local host cpus memory
    host=$(hostname -s)
    cpus=$(nproc)
    memory=$(($(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 - 1024))
    # Why each line: docs/scale.md ("A local Slurm").
    cat >"$conf" <<CONF
ClusterName=blindspot-local
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=16817
SlurmdPort=16818
AuthType=auth/munge
AuthInfo=socket=$state/munge.socket
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$state/ctld
SlurmdSpoolDir=$state/d
SlurmctldPidFile=$state/slurmctld.pid
SlurmdPidFile=$state/slurmd.pid
SlurmctldLogFile=$state/slurmctld.log
SlurmdLogFile=$state/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
SchedulerParameters=sched_interval=1,bf_interval=1
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
JobRequeue=1
MpiDefault=none
SlurmctldTimeout=30
SlurmdTimeout=30
MinJobAge=600
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
}

start() {
    for tool in munged slurmctld slurmd sbatch; do
        command -v "$tool" >/dev/null || { echo "slurm-local: $tool not found (scripts/install-deps.sh installs slurm-wlm and munge)" >&2; exit 77; }
    done
    [ "$(id -u)" -eq 0 ] || { echo "slurm-local: needs root (slurmd runs jobs as their user)" >&2; exit 77; }
    stop_daemons
    rm -rf "$state"
    mkdir -p "$state/ctld" "$state/d"
    write_conf
    dd if=/dev/urandom of="$state/munge.key" bs=1024 count=1 status=none
    chmod 400 "$state/munge.key"
    munged --force --key-file="$state/munge.key" --socket="$state/munge.socket" \
        --pid-file="$state/munged.pid" --log-file="$state/munged.log" --seed-file="$state/munge.seed"
    export SLURM_CONF=$conf
    slurmctld -c -f "$conf"
    slurmd -f "$conf"
    for _ in $(seq 100); do
        if sinfo -h -o %t 2>/dev/null | grep -q -E '^(idle|mix|alloc)'; then
            echo "export SLURM_CONF=$conf"
            return 0
        fi
        sleep 0.2
    done
    echo "slurm-local: the node did not come up within 20 s; see $state/slurmctld.log and $state/slurmd.log" >&2
    tail -n 5 "$state/slurmctld.log" "$state/slurmd.log" >&2 || true
    stop_daemons
    exit 77
}

case $action in
    start) start ;;
    stop) stop_daemons ;;
    *) echo "usage: slurm-local.sh start|stop [STATE_DIR]" >&2; exit 2 ;;
esac

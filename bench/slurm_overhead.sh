#!/usr/bin/env bash
# Scheduler overhead of a sharded night against the same design in one process (docs/scale.md,
# "Batching"): on a local single-node Slurm (scripts/slurm-local.sh), `plan --slurm` with 2 tasks
# at once, 1 CPU each, for several scenes-per-shard S; the reference is `blindspot sweep --jobs 2`
# of the whole design (the same 2 cores, no scheduler, one process). Overhead(S) = 1 - W0 / W(S),
# W = wall time from submit until the last array task ended. Needs root and slurm-wlm.
#
# Usage: bench/slurm_overhead.sh BLINDSPOT [WORK_DIR] [S ...]   (default S: 2 6 24 48)
set -euo pipefail
cli=$(realpath "$1")
work=$(realpath -m "${2:-/tmp/blindspot-slurm-overhead}")
shift $(($# >= 2 ? 2 : 1))
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(2 6 24 48)
src=$(cd "$(dirname "$0")/.." && pwd)
rm -rf "$work"
mkdir -p "$work"
eval "$(bash "$src/scripts/slurm-local.sh" start "$work/slurm")"
trap 'bash "$src/scripts/slurm-local.sh" stop "$work/slurm"' EXIT

# 96 scenes of the paper's kind: a KITTI-like sensor, two car models, 4 backgrounds.
cat >"$work/night.json" <<'JSON'
{"name": "overhead", "lidar": "hdl64e-kitti", "sampler": {"type": "grid"}, "dimensions": {
 "car_model": {"values": ["sedan", "van"]}, "x": {"range": {"start": 6, "stop": 16, "step": 2}},
 "y": {"values": [-2, 2]}, "background": {"values": ["urban-01", "urban-02", "urban-03", "urban-04"]}}}
JSON
design=96
now() { date +%s.%N; }
calc() { awk "BEGIN {print $1}"; }

t0=$(now)
"$cli" sweep "$work/night.json" -o "$work/reference" --jobs 2 2>/dev/null >/dev/null
w0=$(calc "$(now) - $t0")
printf "reference: sweep --jobs 2 of %d scenes in one process: %.1f s\n" $design "$w0"
printf "%6s %7s %9s %10s\n" "S" "shards" "wall_s" "overhead"
for s in "${sizes[@]}"; do
    n=$(((design + s - 1) / s))
    "$cli" plan "$work/night.json" --shards $n --parallel 2 --cpus-per-task 1 --slurm \
        -o "$work/plan-$s" >/dev/null
    mkdir -p "$work/plan-$s/run/logs"
    t0=$(now)
    array=$(sbatch --parsable "$work/plan-$s/sweep.sbatch")
    while [ -n "$(squeue -h -j "${array%%;*}" -o %i 2>/dev/null)" ]; do sleep 0.1; done
    w=$(calc "$(now) - $t0")
    done_scenes=$(cat "$work/plan-$s"/run/logs/shard-*.log | grep -o '[0-9]* new in' | awk '{n += $1} END {print n}')
    [ "$done_scenes" -eq $design ] || { echo "FAIL: $done_scenes of $design scenes ran"; exit 1; }
    printf "%6d %7d %9.1f %9.1f%%\n" "$s" $n "$w" "$(calc "100 * (1 - $w0 / $w)")"
done

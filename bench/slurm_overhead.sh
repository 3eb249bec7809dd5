#!/usr/bin/env bash
# Scheduler overhead of a sharded night (docs/scale.md, "Batching"): on a local single-node Slurm
# (scripts/slurm-local.sh), `plan --slurm` with K = 2 tasks at once, 1 CPU each, for several
# scenes-per-shard S of one 192-scene design. W(S) is the wall time from sbatch until the last
# array task ended; busy(S) the scene work, the sum of the scenes' wall times in the shard stores.
# Overhead(S) = 1 - busy / (K W): Slurm's dispatch, process start, model load, store set-up and
# the idle tail, as a share of the CPU time the night held. Needs root and slurm-wlm.
#
# Usage: bench/slurm_overhead.sh BLINDSPOT [WORK_DIR] [S ...]   (default S: 6 12 24 48 96)
set -euo pipefail
cli=$(realpath "$1")
work=$(realpath -m "${2:-/tmp/blindspot-slurm-overhead}")
shift $(($# >= 2 ? 2 : 1))
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(6 12 24 48 96)
src=$(cd "$(dirname "$0")/.." && pwd)
rm -rf "$work"
mkdir -p "$work"
eval "$(bash "$src/scripts/slurm-local.sh" start "$work/slurm")"
trap 'bash "$src/scripts/slurm-local.sh" stop "$work/slurm"' EXIT

# 192 scenes of the paper's kind: a KITTI-like sensor, two car models, 6 backgrounds.
cat >"$work/night.json" <<'JSON'
{"name": "overhead", "lidar": "hdl64e-kitti", "sampler": {"type": "grid"}, "dimensions": {
 "car_model": {"values": ["sedan", "van"]}, "x": {"range": {"start": 6, "stop": 20, "step": 2}},
 "y": {"values": [-2, 2]},
 "background": {"values": ["urban-01", "urban-02", "urban-03", "urban-04", "urban-05", "urban-06"]}}}
JSON
design=192
slots=2
now() { date +%s.%N; }
calc() { awk "BEGIN {print $1}"; }

busy() {  # summed scene seconds over the shard stores of a plan
    /usr/bin/python3 - "$1" <<'PY'
import glob, sqlite3, sys
print(sum(sqlite3.connect(f"file:{p}?mode=ro", uri=True).execute(
    "SELECT COALESCE(SUM(seconds), 0) FROM scene").fetchone()[0]
    for p in glob.glob(sys.argv[1] + "/run/shards/shard-*/results.sqlite")))
PY
}
echo "design: $design scenes, $slots tasks at once, 1 CPU each"
printf "%6s %7s %9s %9s %10s\n" "S" "shards" "wall_s" "busy_s" "overhead"
for s in "${sizes[@]}"; do
    n=$(((design + s - 1) / s))
    "$cli" plan "$work/night.json" --shards $n --parallel $slots --cpus-per-task 1 --slurm \
        -o "$work/plan-$s" >/dev/null
    mkdir -p "$work/plan-$s/run/logs"
    t0=$(now)
    array=$(sbatch --parsable "$work/plan-$s/sweep.sbatch")
    while [ -n "$(squeue -h -j "${array%%;*}" -o %i 2>/dev/null)" ]; do sleep 0.1; done
    w=$(calc "$(now) - $t0")
    done_scenes=$(cat "$work/plan-$s"/run/logs/shard-*.log | grep -o '[0-9]* new in' | awk '{n += $1} END {print n}')
    [ "$done_scenes" -eq $design ] || { echo "FAIL: $done_scenes of $design scenes ran"; exit 1; }
    b=$(busy "$work/plan-$s")
    printf "%6d %7d %9.1f %9.1f %9.1f%%\n" "$s" $n "$w" "$b" "$(calc "100 * (1 - $b / ($slots * $w))")"
done

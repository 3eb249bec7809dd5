#!/usr/bin/env bash
# The bundled baseline's synthetic data (docs/fidelity.md): TRAIN_SCANS training scans with the
# street content and the domain-randomised hdl64e-kitti on 216 training backgrounds (train-01..16,
# kitti-residential seeds 5001..5060, urban/suburban/boulevard/intersection seeds 5001..5015,
# residential-narrow seeds 5001..5080; the
# sweeps use urban-01..15, seeds 101..115; the seeded worlds with randomised content amounts) and
# 200 validation scans on held-out seeds. Cars are
# passenger models only (buses and trucks are not KITTI's "car" class), spread over the road's
# area rather than crowding the sensor. No real scan is ever used. Each set is skipped when it
# exists. Used by train-baseline.sh, experiment-realism.sh and paper-experiment.sh.
#   usage: scripts/baseline-data.sh WORK_DIR [TRAIN_SCANS]      -> WORK_DIR/train, WORK_DIR/val
#   env:   BLINDSPOT_CLI (default build/bin/blindspot), JOBS (2), PEOPLE (pedestrians and cyclists
#          per training scan on and beside the road, MIN..MAX; default 0: none, network 11's data),
#          TRAIN_LIDAR (the training scans' LiDAR preset or spec file; default hdl64e-kitti;
#          network 12 used a copy of it with "vehicle_instance_spread": 1, docs/fidelity.md)
set -euo pipefail
work=$1 scans=${2:-2400} jobs=${JOBS:-2}
cars=coupe,hatchback,microcar,pickup,sedan,suv,van,wagon
root="$(cd "$(dirname "$0")/.." && pwd)"
cli="${BLINDSPOT_CLI:-$root/build/bin/blindspot}"
[ -x "$cli" ] || bash "$root/scripts/build.sh"
bgs=$(printf 'train-%02d,' $(seq 1 16))
# Content randomisation: each seeded world gets its own amounts of vegetation, furniture, people
# and parked cars (a recipe file, docs/backgrounds.md), drawn from the seed, so that no street's
# mix of classes is learnt as the prior (parked cars average 0.55 of a street's full kerb).
# Vegetation 1.0..3.0, furniture (fences, walls, poles) 0.8..2.0 and the 80 narrow streets move
# the classes' shares of the front view toward SemanticKITTI's (vegetation is its largest class,
# 27 % of all points, fence 7 %; semantic-kitti.yaml's "content"; docs/fidelity.md, network 6), and
# its sweep area is not kept clear: a network that only ever sees cars near the sensor learns
# that whatever stands there is a car. The ego keeps to the right-hand lane: the road's centre
# line lies -0.5..2.5 m to its left (clamped clear of the parking lane; docs/backgrounds.md), as
# on real two-way streets, instead of always on the ego, which made both kerbs equally far.
mkdir -p "$work/worlds"
unit() {  # SEED K -> 0..999, the same on every machine: a 32-bit integer hash in bash arithmetic
    local h=$(( ($1 * 1000 + $2) & 0xffffffff ))
    h=$(( ((h ^ (h >> 16)) * 0x45d9f3b) & 0xffffffff ))
    h=$(( ((h ^ (h >> 16)) * 0x45d9f3b) & 0xffffffff ))
    echo $(( (h ^ (h >> 16)) % 1000 ))
}
world() {  # TYPE SEED -> the recipe file's path
    local f="$work/worlds/$1-$2.json" v f2 p c
    v=$(( 1000 + 2 * $(unit "$2" 1) ))        # vegetation 1.0..3.0 (thousandths)
    f2=$(( 800 + 12 * $(unit "$2" 2) / 10 ))  # furniture 0.8..2.0
    p=$(( 300 + 12 * $(unit "$2" 3) / 10 ))   # people 0.3..1.5
    c=$(( 100 + 9 * $(unit "$2" 4) / 10 ))    # parked cars 0.1..1.0
    [ -f "$f" ] || printf '{"generate": {"type": "%s", "seed": %d, "density": {"vegetation": %d.%03d, "furniture": %d.%03d, "people": %d.%03d, "parked_cars": %d.%03d}, "clear_sweep_area": false, "road_centre_left_of_ego_m": {"min": -0.5, "max": 2.5}}}\n' \
        "$1" "$2" $((v / 1000)) $((v % 1000)) $((f2 / 1000)) $((f2 % 1000)) $((p / 1000)) $((p % 1000)) $((c / 1000)) $((c % 1000)) > "$f"
    printf '%s,' "$f"
}
bgs+=$(for s in $(seq 5001 5060); do world kitti-residential "$s"; done)
bgs+=$(for t in urban suburban boulevard intersection; do for s in $(seq 5001 5015); do world "$t" "$s"; done; done)
bgs+=$(for s in $(seq 5001 5080); do world residential-narrow "$s"; done)
[ -f "$work/train/generate.json" ] ||
    "$cli" generate --backgrounds "${bgs%,}" --scans "$scans" --cars 0..3 --seed 1 \
        --lidar "${TRAIN_LIDAR:-hdl64e-kitti}" --models "$cars" --traffic area --people "${PEOPLE:-0}" --randomize \
        -o "$work/train" --jobs "$jobs"
[ -f "$work/val/generate.json" ] ||
    "$cli" generate --backgrounds kitti-residential:6001,kitti-residential:6002,kitti-residential:6003,urban:6001,suburban:6001,boulevard:6001 \
        --scans 200 --cars 0..3 --seed 2 --lidar hdl64e-kitti --models "$cars" --traffic area \
        -o "$work/val" --jobs "$jobs"

#!/usr/bin/env bash
# The bundled baseline's synthetic data (docs/fidelity.md): TRAIN_SCANS training scans with the
# street content and the domain-randomised hdl64e-kitti on 66 training backgrounds (train-01..16,
# kitti-residential seeds 5001..5030, urban/suburban/boulevard/intersection seeds 5001..5005; the
# sweeps use urban-01..15, seeds 101..115) and 200 validation scans on held-out seeds. Cars are
# passenger models only (buses and trucks are not KITTI's "car" class), spread over the road's
# area rather than crowding the sensor. No real scan is ever used. Each set is skipped when it
# exists. Used by train-baseline.sh, experiment-realism.sh and paper-experiment.sh.
#   usage: scripts/baseline-data.sh WORK_DIR [TRAIN_SCANS]      -> WORK_DIR/train, WORK_DIR/val
#   env:   BLINDSPOT_CLI (default build/bin/blindspot), JOBS (2)
set -euo pipefail
work=$1 scans=${2:-2400} jobs=${JOBS:-2}
cars=coupe,hatchback,microcar,pickup,sedan,suv,van,wagon
root="$(cd "$(dirname "$0")/.." && pwd)"
cli="${BLINDSPOT_CLI:-$root/build/bin/blindspot}"
[ -x "$cli" ] || bash "$root/scripts/build.sh"
bgs=$(printf 'train-%02d,' $(seq 1 16))
bgs+=$(for s in $(seq 5001 5030); do printf 'kitti-residential:%s,' "$s"; done)
bgs+=$(for t in urban suburban boulevard intersection; do for s in $(seq 5001 5005); do printf '%s:%s,' "$t" "$s"; done; done)
[ -f "$work/train/generate.json" ] ||
    "$cli" generate --backgrounds "${bgs%,}" --scans "$scans" --cars 0..4 --seed 1 \
        --lidar hdl64e-kitti --models "$cars" --traffic area --randomize -o "$work/train" --jobs "$jobs"
[ -f "$work/val/generate.json" ] ||
    "$cli" generate --backgrounds kitti-residential:6001,kitti-residential:6002,kitti-residential:6003,urban:6001,suburban:6001,boulevard:6001 \
        --scans 200 --cars 0..4 --seed 2 --lidar hdl64e-kitti --models "$cars" --traffic area \
        -o "$work/val" --jobs "$jobs"

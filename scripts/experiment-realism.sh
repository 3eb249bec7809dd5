#!/usr/bin/env bash
# The realism experiment of docs/fidelity.md: generates 2,400 training scans with the street
# content and hdl64e-kitti (domain-randomised) and 200 validation scans on held-out seeds, trains
# SqueezeSeg (rows = hdl64e-kitti's lasers) with 5 channels (and with 4, without intensity, when
# CHANNELS is "5 4"), and scores it on real scans (evaluation only: the real scans never reach
# training). Cars are passenger models only (buses and trucks are not KITTI's "car" class),
# spread over the road's area rather than crowding the sensor.
# About 45 min per network on 2 cores.
# PERSON_WEIGHT is the loss weight of pedestrian and cyclist (SqueezeSeg's 10 by default).
#   usage: scripts/experiment-realism.sh REAL_DIR WORK_DIR [EPOCHS] [CHANNELS] [PERSON_WEIGHT]
set -euo pipefail
real=$1 work=$2 epochs=${3:-5} channel_sets=${4:-5} person=${5:-10.0}
cars=coupe,hatchback,microcar,pickup,sedan,suv,van,wagon
root="$(cd "$(dirname "$0")/.." && pwd)"
cli="${BLINDSPOT_CLI:-$root/build/bin/blindspot}"  # a copy keeps running while build/ changes
[ -x "$cli" ] || bash "$root/scripts/build.sh"
bgs=$(printf 'train-%02d,' $(seq 1 16))
bgs+=$(for s in $(seq 5001 5030); do printf 'kitti-residential:%s,' "$s"; done)
bgs+=$(for t in urban suburban boulevard intersection; do for s in $(seq 5001 5005); do printf '%s:%s,' "$t" "$s"; done; done)
"$cli" generate --backgrounds "${bgs%,}" --scans 2400 --cars 0..4 --seed 1 --lidar hdl64e-kitti \
    --models "$cars" --traffic area --randomize -o "$work/train" --jobs 2
"$cli" generate --backgrounds kitti-residential:6001,kitti-residential:6002,kitti-residential:6003,urban:6001,suburban:6001,boulevard:6001 \
    --scans 200 --cars 0..4 --seed 2 --lidar hdl64e-kitti --models "$cars" --traffic area -o "$work/val" --jobs 2
for channels in $channel_sets; do
    intensity=$([ "$channels" = 5 ] && echo true || echo false)
    cat > "$work/recipe$channels.json" <<JSON
{"intensity": $intensity, "rows_from_lidar": "hdl64e-kitti", "crf": false,
 "class_weights": [0.0666666667, 1.0, $person, $person], "optimizer": "adam", "learning_rate": 0.001,
 "schedule": "cosine", "weight_decay": 0.0001, "grad_clip": 1.0, "epochs": $epochs, "batch": 8,
 "crop_cols": 256, "flip": true, "seed": 1, "threads": 2}
JSON
    "$cli" train --recipe "$work/recipe$channels.json" --data "$work/train" --val "$work/val" \
        -o "$work/net$channels"
    echo "$channels channels on the real scans:"
    "$cli" evaluate --model "$work/net$channels" "$real" -o "$work/real$channels" | grep pooled
done

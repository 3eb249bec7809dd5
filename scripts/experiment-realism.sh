#!/usr/bin/env bash
# The realism experiment of docs/fidelity.md: the bundled baseline's data (baseline-data.sh:
# 2,400 domain-randomised hdl64e-kitti scans with the street content, 200 validation scans on
# held-out seeds), SqueezeSeg (rows = hdl64e-kitti's lasers) trained with 5 channels (and with 4,
# without intensity, when CHANNELS is "5 4"), each scored on real scans (evaluation only: the
# real scans never reach training). About 45 min per network on 2 cores.
# PERSON_WEIGHT is the loss weight of pedestrian and cyclist (SqueezeSeg's 10 by default).
#   usage: scripts/experiment-realism.sh REAL_DIR WORK_DIR [EPOCHS] [CHANNELS] [PERSON_WEIGHT]
set -euo pipefail
real=$1 work=$2 epochs=${3:-5} channel_sets=${4:-5} person=${5:-10.0}
root="$(cd "$(dirname "$0")/.." && pwd)"
cli="${BLINDSPOT_CLI:-$root/build/bin/blindspot}"  # a copy keeps running while build/ changes
[ -x "$cli" ] || bash "$root/scripts/build.sh"
BLINDSPOT_CLI="$cli" bash "$root/scripts/baseline-data.sh" "$work"
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

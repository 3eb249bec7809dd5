#!/usr/bin/env bash
# Does the training sensor's row layout matter on real scans? The hdl64e preset spaces its 64 beams
# 0.425 deg apart, so projected onto SqueezeSeg's 0.4 deg grid every 17th row stays empty (rows 8,
# 25, 42, 59); real lidar_2d scans have no empty rows. Trains the same short recipe on scans from
# hdl64e and from squeezeseg-front (rows exactly on the grid), then scores both on the real scans
# (evaluation only). About 20 minutes on 2 cores.
#   usage: scripts/experiment-grid-rows.sh REAL_DIR WORK_DIR [SCANS] [EPOCHS]
set -euo pipefail
real=$1 work=$2 scans=${3:-1000} epochs=${4:-3}
root="$(cd "$(dirname "$0")/.." && pwd)"
cli="$root/build/bin/blindspot"
backgrounds=train-01,train-02,train-03,train-04,train-05,train-06,train-07,train-08,train-09,train-10
for lidar in hdl64e squeezeseg-front; do
    "$cli" generate --backgrounds "$backgrounds" --scans "$scans" --seed 1 --lidar "$lidar" \
        -o "$work/$lidar/train" --jobs 2 >/dev/null
    "$cli" generate --backgrounds train-11,train-12 --scans 100 --seed 2 --lidar "$lidar" \
        -o "$work/$lidar/val" --jobs 2 >/dev/null
    "$cli" train --recipe "$root/models/checkpoints/baseline/recipe.json" --epochs "$epochs" \
        --data "$work/$lidar/train" --val "$work/$lidar/val" -o "$work/$lidar/net" --quiet
    echo "trained on $lidar:"
    "$cli" evaluate --model "$work/$lidar/net" "$real" -o "$work/$lidar/real" | grep "car IoU"
done

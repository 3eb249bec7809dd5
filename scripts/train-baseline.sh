#!/usr/bin/env bash
# Reproduces models/checkpoints/baseline: generates the training and validation scans on the
# training-only backgrounds (train-01..12, disjoint from the sweeps' urban-01..15) and trains with
# the committed recipe. About 50 minutes on 2 cores.
#   usage: scripts/train-baseline.sh [WORK_DIR] [OUTPUT_CHECKPOINT]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="${1:-$root/out/baseline-data}"
output="${2:-$root/out/baseline}"
cli="$root/build/sweep/blindspot"
[ -x "$cli" ] || bash "$root/scripts/build.sh"
"$cli" generate --backgrounds train-01,train-02,train-03,train-04,train-05,train-06,train-07,train-08,train-09,train-10 \
    --scans 2000 --seed 1 -o "$work/train" --jobs 2
"$cli" generate --backgrounds train-11,train-12 --scans 200 --seed 2 -o "$work/val" --jobs 2
"$cli" train --recipe "$root/models/checkpoints/baseline/recipe.json" \
    --data "$work/train" --val "$work/val" -o "$output"
echo "checkpoint in $output; copy weights.pt and model_card.json into models/checkpoints/baseline/"

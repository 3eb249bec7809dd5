#!/usr/bin/env bash
# Reproduces models/checkpoints/baseline: generates the training and validation scans on the
# training-only backgrounds (train-01..12, disjoint from the sweeps' urban-01..15) and trains with
# the committed recipes (recipe.json, then finetune.json). About 50 minutes on 2 cores.
#   usage: scripts/train-baseline.sh [WORK_DIR] [OUTPUT_CHECKPOINT]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="${1:-$root/out/baseline-data}"
output="${2:-$root/out/baseline}"
cli="$root/build/bin/blindspot"
[ -x "$cli" ] || bash "$root/scripts/build.sh"
"$cli" generate --backgrounds train-01,train-02,train-03,train-04,train-05,train-06,train-07,train-08,train-09,train-10 \
    --scans 2000 --seed 1 -o "$work/train" --jobs 2
"$cli" generate --backgrounds train-11,train-12 --scans 200 --seed 2 -o "$work/val" --jobs 2
# Stage 2 data: 1,200 scans with 0..8 cars over 140 seeded backgrounds (7 types x seeds 5001..5020;
# the sweeps' urban-01..15 use seeds 101..115), so the net does not memorise ten streets.
many=$(for t in urban suburban boulevard intersection highway parking alley; do
    for s in $(seq 5001 5020); do printf '%s:%s,' "$t" "$s"; done; done)
"$cli" generate --backgrounds "${many%,}" --scans 1200 --cars 0..8 --seed 3 -o "$work/many" --jobs 2
# Stage 1: 9 epochs on train-01..10 (about 42 min on 2 cores).
"$cli" train --recipe "$root/models/checkpoints/baseline/recipe.json" \
    --data "$work/train" --val "$work/val" -o "$output-stage1"
# Stage 2: one fine-tuning epoch on both sets (about 8 min).
"$cli" train --recipe "$root/models/checkpoints/baseline/finetune.json" --init "$output-stage1" \
    --data "$work/train,$work/many" --val "$work/val" -o "$output"
echo "checkpoint in $output; copy weights.pt and model_card.json into models/checkpoints/baseline/"

#!/usr/bin/env bash
# Reproduces models/checkpoints/baseline: generates its synthetic data (baseline-data.sh: 2,400
# domain-randomised hdl64e-kitti scans with the street content on 216 training-only worlds,
# 200 validation scans on held-out seeds; never a real scan) and trains SqueezeSeg in two stages
# on the same data: recipe.json (5 epochs from scratch, batch norm, pedestrian and cyclist loss
# weight 5), then recipe-stage2.json from its result (1 epoch at learning rate 1e-4 with those
# weights at 2, so that the network stops calling hedges and trunks people; docs/fidelity.md,
# network 17). About 95 minutes on 2 cores (4,080 + 1,471 s of training on an AVX2-only EPYC that
# shared its cores with evaluations; about half that on the AVX-512 machines of earlier sessions).
#   usage: scripts/train-baseline.sh [WORK_DIR] [OUTPUT_CHECKPOINT]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="${1:-$root/out/baseline-data}"
output="${2:-$root/out/baseline}"
cli="${BLINDSPOT_CLI:-$root/build/bin/blindspot}"
[ -x "$cli" ] || bash "$root/scripts/build.sh"
BLINDSPOT_CLI="$cli" bash "$root/scripts/baseline-data.sh" "$work"
"$cli" train --recipe "$root/models/checkpoints/baseline/recipe.json" \
    --data "$work/train" --val "$work/val" -o "$output-stage1"
"$cli" train --recipe "$root/models/checkpoints/baseline/recipe-stage2.json" --init "$output-stage1" \
    --data "$work/train" --val "$work/val" -o "$output"
echo "checkpoint in $output; copy weights.pt and model_card.json into models/checkpoints/baseline/"

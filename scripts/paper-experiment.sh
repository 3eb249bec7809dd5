#!/usr/bin/env bash
# The paper's experiment end to end (Yue et al., Section IV): sweep the baseline over backgrounds
# urban-01..07 on the paper's (x, y) grid, map car IoU, select the cells below a threshold, export
# those cells from the retraining backgrounds urban-08..15, fine-tune the baseline on them mixed
# with original training data, sweep urban-01..07 again with the fine-tuned checkpoint (on the
# identical cached scans), then compare and report. Every step resumes or is skipped when its
# output exists, so a re-run continues where it stopped.
#   usage: scripts/paper-experiment.sh [WORK_DIR]        (default out/paper)
#   env:   THRESHOLD (0.5), JOBS (2), EPOCHS (2)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="${1:-$root/out/paper}"
cli="$root/build/bin/blindspot"
baseline="$root/models/checkpoints/baseline"
jobs="${JOBS:-2}"
threshold="${THRESHOLD:-0.5}"
epochs="${EPOCHS:-2}"
[ -x "$cli" ] || bash "$root/scripts/build.sh"
mkdir -p "$work"
t0=$(date +%s)
step() { echo "== $1 ($(($(date +%s) - t0)) s)"; }

step "1. sweep urban-01..07 with the baseline"
"$cli" sweep "$root/sweep/configs/paper-xy.json" -o "$work/before" --model "$baseline" \
    --scan-cache "$work/scans" --jobs "$jobs"
"$cli" report "$work/before" -o "$work/report-before" --scan-cache "$work/scans"

step "2. select the cells with car IoU below $threshold"
"$cli" select "$work/before" --below "$threshold" -o "$work/selection.json"

step "3. export the selected cells from urban-08..15"
if [ ! -f "$work/retrain/manifest.json" ]; then
    rm -rf "$work/retrain"  # an interrupted export; export wants a new directory
    "$cli" export "$work/before" --selection "$work/selection.json" \
        --backgrounds urban-08..urban-15 -o "$work/retrain" --jobs "$jobs"
fi

step "4. fine-tune the baseline (original data: the first 800 scans of its training set)"
[ -f "$work/original/generate.json" ] ||
    "$cli" generate --backgrounds train-01,train-02,train-03,train-04,train-05,train-06,train-07,train-08,train-09,train-10 \
        --scans 800 --seed 1 -o "$work/original" --jobs "$jobs"
# The held-out "real-like" set: the baseline's own validation scans (train-11/12, never trained on).
[ -f "$work/heldout/generate.json" ] ||
    "$cli" generate --backgrounds train-11,train-12 --scans 200 --seed 2 -o "$work/heldout" --jobs "$jobs"
[ -f "$work/retrained/model_card.json" ] ||
    "$cli" train --recipe "$baseline/finetune.json" --init "$baseline" --data "$work/original" \
        --retrain "$work/retrain" --retrain-fraction 0.5 --epochs "$epochs" --val "$work/heldout" \
        -o "$work/retrained" --quiet

step "5. sweep urban-01..07 again with the fine-tuned checkpoint, compare, report"
"$cli" sweep "$root/sweep/configs/paper-xy.json" -o "$work/after" --model "$work/retrained" \
    --scan-cache "$work/scans" --jobs "$jobs"
"$cli" compare "$work/before" "$work/after" -o "$work/compare" \
    --heldout "$work/heldout" --model-a "$baseline" --model-b "$work/retrained"
"$cli" report "$work/after" --baseline "$work/before" -o "$work/report" --scan-cache "$work/scans"
step "done: $work/compare/index.html, $work/report/index.html"

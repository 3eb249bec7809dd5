#!/usr/bin/env bash
# Per-class fidelity (issue 33, item 2; docs/fidelity.md): SCANS scans of the baseline's training
# worlds (scripts/baseline-data.sh: the same worlds, seed, sensor and traffic) against labelled
# real scans, class by class: share of the front view, height above the ground, range, intensity
# and local shape. Real labels are only compared against, never trained on.
#   usage: scripts/fidelity-classes.sh REAL_SEMANTICKITTI_DIR OUT_DIR [SCANS]   (SCANS: 48)
#   writes OUT_DIR/fidelity/{classes.png,class_statistics.json,fidelity.png,statistics.json}
set -euo pipefail
real=$1 out=$2 scans=${3:-48}
root="$(cd "$(dirname "$0")/.." && pwd)"
cli="${BLINDSPOT_CLI:-$root/build/bin/blindspot}"
[ -x "$cli" ] || bash "$root/scripts/build.sh"
BLINDSPOT_CLI="$cli" bash "$root/scripts/baseline-data.sh" "$out/data" "$scans" >/dev/null
"$cli" fidelity "$real" --sim "$out/data/train" --backgrounds kitti-01,train-13 --scenes 6 \
    --lidar hdl64e-kitti -o "$out/fidelity"

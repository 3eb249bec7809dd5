#!/usr/bin/env bash
# Is intensity what the baseline gets wrong on real scans? Maps each real scan's intensities onto
# the simulated intensity distribution (quantile mapping, from `blindspot fidelity`'s
# statistics.json), then scores the baseline on the mapped scans with `blindspot evaluate`. A
# diagnostic on evaluation data only: nothing is trained or tuned on it.
# Usage: scripts/fidelity-intensity-check.sh REAL_DIR OUT_DIR
set -euo pipefail
real=$1 out=$2
root="$(cd "$(dirname "$0")/.." && pwd)"
cli="$root/build/bin/blindspot"
mkdir -p "$out/mapped"
"$cli" fidelity "$real" -o "$out/fidelity" >/dev/null
/usr/bin/python3 - "$real" "$out" <<'PY'
import glob, json, os, sys
import numpy as np
real, out = sys.argv[1], sys.argv[2]
sim = json.load(open(os.path.join(out, "fidelity", "statistics.json")))["simulated"]
hist = sim["intensity_histogram"]
cdf = np.concatenate([[0.0], np.cumsum(hist["density"])])
edges = np.linspace(hist["low"], hist["high"], len(cdf))
for path in sorted(glob.glob(os.path.join(real, "*.npy"))):
    scan = np.load(path).copy()
    valid = scan[:, :, 4] > 0
    values = scan[:, :, 3][valid]
    ranks = np.argsort(np.argsort(values, kind="stable"), kind="stable") / (len(values) - 1)
    channel = scan[:, :, 3]
    channel[valid] = np.interp(ranks, cdf, edges).astype(np.float32)
    np.save(os.path.join(out, "mapped", os.path.basename(path)), scan)
PY
echo "original intensities:"
"$cli" evaluate "$real" -o "$out/original" | grep "pooled car"
echo "intensities mapped onto the simulated distribution:"
"$cli" evaluate "$out/mapped" -o "$out/mapped-report" | grep "pooled car"

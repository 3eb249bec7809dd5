#!/usr/bin/env python3
"""Car gaps in SqueezeSeg lidar_2d scans (docs/fidelity.md, network 11): per file, the share of
empty cells between the highest and lowest car cell of each column (rows are the HDL-64E's lasers,
so this is eval/SurfaceGaps' empty_share without a projection), and the share of car returns
whose remission is 0. lidar_2d channels: x, y, z, intensity, range, label (1: car).
   usage: scripts/lidar2d-car-gaps.py FILE.npy..."""
import sys

import numpy as np


def car_gaps(scan):
    occupied, car = scan[..., 4] > 0, scan[..., 5] == 1
    span = empty = 0
    for col in range(scan.shape[1]):
        rows = np.nonzero(car[:, col])[0]
        if rows.size:
            cells = occupied[rows.min():rows.max() + 1, col]
            span, empty = span + cells.size, empty + int((~cells).sum())
    returns = scan[..., 3][car & occupied]
    return empty / max(span, 1), float((returns == 0).mean()) if returns.size else 0.0, span


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    for path in sys.argv[1:]:
        empty, zero, span = car_gaps(np.load(path))
        print(f"{path}: empty_share {empty:.3f} of {span} cells, zero_remission_share {zero:.3f}")

#!/usr/bin/python3
"""Are a run's missed pedestrians hidden by what stands next to them (docs/fidelity.md, session
14)? For every pedestrian of a scored sweep (one instance, its cells in the network's grid): its
clearance, the smallest horizontal distance in metres from any of its returns to a return of
anything else that is not ground, and how many of its cells the network called pedestrian; then
recall by clearance band, and what the network's false pedestrian cells really are. Reads the run
through blindspot_runs (models/python; the scans through `blindspot cached-scan`, so set
BLINDSPOT_CLI where blindspot is not on the PATH). Nothing is written.
   usage: scripts/pedestrian-clearance.py RUN [--scenes N]   (N evenly spaced scenes; default 60)"""
import argparse
import collections
import os
import sys

import numpy as np

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(root, "models", "python"))
from blindspot_runs import Run  # noqa: E402

# Palette ids of the ground (core/geometry/Material.hpp): none, lane marking, road, sidewalk, curb, terrain.
GROUND_LABELS = [0, 6, 7, 8, 58, 100]
BANDS_M = [(0.0, 0.1), (0.1, 0.3), (0.3, 0.6), (0.6, 1.0), (1.0, np.inf)]


def pedestrians_of(scan):
    """(clearance_m, cells, cells called pedestrian) per pedestrian, and false cells by truth."""
    ped = scan["classes"].index("pedestrian")
    seen = scan["predicted"] >= 0
    xy = scan["xyz_m"][..., :2]
    ground = np.isin(scan["label"], GROUND_LABELS) | np.isnan(xy[..., 0])
    others = xy[seen & ~ground & (scan["truth"] != ped)]
    people = []
    for instance in np.unique(scan["instance"][seen & (scan["truth"] == ped)]):
        cells = seen & (scan["truth"] == ped) & (scan["instance"] == instance)
        own = xy[cells]
        gaps = np.sqrt(((own[:, None] - others[None]) ** 2).sum(-1)) if len(others) else [np.inf]
        people.append((float(np.min(gaps)), int(cells.sum()),
                       int((scan["predicted"][cells] == ped).sum())))
    false = collections.Counter()
    wrong = seen & (scan["predicted"] == ped) & (scan["truth"] != ped)
    for truth in scan["truth"][wrong]:
        false[scan["classes"][truth] if truth >= 0 else "none"] += 1
    return people, false


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("run")
    parser.add_argument("--scenes", type=int, default=60)
    args = parser.parse_args()
    run = Run(args.run)
    ids = list(run.scenes()["scene_id"])
    ids = ids[:: max(1, len(ids) // args.scenes)][: args.scenes]
    people, false = [], collections.Counter()
    for scene_id in ids:
        p, f = pedestrians_of(run.scan(scene_id))
        people += p
        false.update(f)
    table = np.array(people, dtype=float).reshape(-1, 3)
    print(f"{len(ids)} scenes, {len(table)} pedestrians, {int(table[:, 1].sum())} cells, "
          f"{int(table[:, 2].sum())} called pedestrian")
    for low, high in BANDS_M:
        band = (table[:, 0] >= low) & (table[:, 0] < high)
        cells = table[band, 1].sum()
        recall = table[band, 2].sum() / cells if cells else float("nan")
        print(f"clearance {low:.1f}-{high:.1f} m: {int(band.sum())} pedestrians, "
              f"{int(cells)} cells, recall {recall:.3f}")
    print("false pedestrian cells by what they are:",
          ", ".join(f"{name} {count}" for name, count in false.most_common()))


if __name__ == "__main__":
    main()

"""scripts/pedestrian-clearance.py on a hand-built scan whose every count is known: a pedestrian
of two returns 0.5 m from a pole, another 3.5 m from it (the nearest thing that is neither ground
nor a pedestrian), one false pedestrian cell on the pole.

  pedestrian_clearance.py SOURCE_DIR
"""
import importlib.util
import os
import sys

import numpy as np

spec = importlib.util.spec_from_file_location(
    "pedestrian_clearance", os.path.join(sys.argv[1], "scripts", "pedestrian-clearance.py"))
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)

CLASSES = ["unknown", "car", "pedestrian", "pole", "road"]
# One row of seven cells, x forward, y left (m): pedestrian A (x 10, y 0 and 0.1), a pole at
# y -0.5, pedestrian B (x 10, y 3 and 3.1), road at y 1 (ground: never an obstacle), no return.
xyz = np.array([[[10, 0, 0], [10, 0.1, 0], [10, -0.5, 0], [10, 3.0, 0], [10, 3.1, 0],
                 [10, 1.0, -1.7]]], dtype=float)
xyz = np.concatenate([xyz, np.full((1, 1, 3), np.nan)], axis=1)
scan = {
    "classes": CLASSES,
    "xyz_m": xyz,
    "label": np.array([[4, 4, 5, 4, 4, 7, 0]]),           # palette ids: pedestrian, pole, road
    "instance": np.array([[7, 7, 0, 8, 8, 0, 0]]),
    "truth": np.array([[2, 2, 3, 2, 2, 4, -1]]),
    "predicted": np.array([[2, 0, 2, 0, 0, 4, -1]]),
}
people, false = module.pedestrians_of(scan)
people = sorted(people)
assert len(people) == 2, people
assert abs(people[0][0] - 0.5) < 1e-9 and people[0][1:] == (2, 1), people[0]
# B's nearest obstacle is the pole at y -0.5 (3.5 m); pedestrian A is not an obstacle of B's.
assert abs(people[1][0] - 3.5) < 1e-9 and people[1][1:] == (2, 0), people[1]
assert dict(false) == {"pole": 1}, false
print("pedestrian-clearance: clearances 0.5 and 3.5 m, 1 of 4 cells found, 1 false on the pole")

"""Writes the TorchScript fixture for tests/models: a scripted SqueezeSeg with seeded random
weights, its model card, an input and Python's output (raw little-endian float32).

usage: /usr/bin/python3 make_torchscript_fixture.py OUT_DIR
"""
import json
import os
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "models", "python"))
from squeezeseg import SqueezeSeg  # noqa: E402

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
torch.manual_seed(7)
net = SqueezeSeg().eval()
scripted = torch.jit.script(net)
scripted.save(os.path.join(out, "model.ts"))
x = torch.randn(2, 5, 64, 512)
with torch.no_grad():
    y = scripted(x)
x.numpy().astype("<f4").tofile(os.path.join(out, "input.bin"))
y.numpy().astype("<f4").tofile(os.path.join(out, "expected.bin"))
card = {
    "architecture": "torchscript",
    "weights": "model.ts",
    "input_channels": ["x", "y", "z", "intensity", "range"],
    "grid": {"rows": 64, "cols": 512, "top_elevation_deg": 2.0, "elevation_step_deg": 0.4,
             "left_azimuth_deg": 45.0, "azimuth_step_deg": 90.0 / 512},
    "mean": [10.88, 0.23, -1.04, 0.21, 12.12],
    "std": [11.47, 6.91, 0.86, 0.16, 12.32],
    "learning_map": {"classes": ["unknown", "car", "pedestrian", "cyclist"],
                     "map": {"vehicle": 1, "pedestrian": 2, "bicyclist": 3},
                     "default_class": 0},
    "training": {"note": "random weights, a test fixture"},
}
with open(os.path.join(out, "model_card.json"), "w") as f:
    json.dump(card, f, indent=2)

"""Writes a generated SqueezeSeg lidar_2d scan (numpy's own .npy writer) and what the TorchScript
fixture must score on it, computed here with PyTorch, independently of blindspot's C++ path:
normalise every cell with the card's mean and std, zero the empty cells (the card's empty_cells,
"zero" by default: lidar-bonnetal's convention), run the module, arg-max, drop empty cells, count
truth x prediction.

usage: /usr/bin/python3 make_lidar2d_fixture.py FIXTURE_DIR
"""
import json
import os
import sys

import numpy as np
import torch

fixture = sys.argv[1]
rng = np.random.default_rng(5)
rows, cols = 64, 512
elevation = np.deg2rad(2.0 - 0.4 * np.arange(rows))[:, None]
azimuth = np.deg2rad(45.0 - (np.arange(cols) + 0.5) * 90.0 / cols)[None, :]
# A flat ground 1.73 m below the sensor, a wall 30 m ahead, and boxes of each labelled class.
ground = np.where(np.sin(elevation) < -1e-3, 1.73 / np.maximum(-np.sin(elevation), 1e-3), np.inf)
rng_m = np.minimum(ground, 30.0 / np.cos(elevation)) * np.ones((1, cols))
label = np.zeros((rows, cols), dtype=np.float32)
for cls, (r0, r1, c0, c1, dist) in {1: (20, 40, 100, 180, 12.0), 2: (22, 40, 260, 275, 8.0),
                                    3: (24, 40, 380, 400, 10.0)}.items():
    rng_m[r0:r1, c0:c1] = dist
    label[r0:r1, c0:c1] = cls
rng_m = rng_m * (1 + 0.01 * rng.standard_normal((rows, cols)))
empty = rng.random((rows, cols)) < 0.1
x = rng_m * np.cos(elevation) * np.cos(azimuth)
y = rng_m * np.cos(elevation) * np.sin(azimuth)
z = rng_m * np.sin(elevation)
intensity = rng.uniform(0.0, 0.6, (rows, cols))
scan = np.stack([x, y, z, intensity, rng_m, label], axis=-1).astype("<f4")
scan[empty] = 0.0
np.save(os.path.join(fixture, "generated_lidar2d.npy"), scan)

card = json.load(open(os.path.join(fixture, "model_card.json")))
mean = np.array(card["mean"], dtype=np.float64)
std = np.array(card["std"], dtype=np.float64)
raw = np.transpose(scan[:, :, :5], (2, 0, 1))
inp = (raw - mean.astype(np.float32)[:, None, None]) * (1.0 / std).astype(np.float32)[:, None, None]
valid = scan[:, :, 4] > 0
if card.get("empty_cells", "zero") == "zero":
    inp = inp * valid[None, :, :]
module = torch.jit.load(os.path.join(fixture, "model.ts")).eval()
with torch.no_grad():
    pred = module(torch.from_numpy(inp.astype(np.float32))[None]).argmax(1)[0].numpy()
truth = scan[:, :, 5].astype(int)
classes = card["learning_map"]["classes"]
expected = {}
for k, name in enumerate(classes):
    t, p = truth[valid] == k, pred[valid] == k
    expected[name] = {"tp": int(np.sum(t & p)), "fp": int(np.sum(~t & p)), "fn": int(np.sum(t & ~p))}
json.dump({"returns": int(valid.sum()), "classes": expected},
          open(os.path.join(fixture, "generated_lidar2d_expected.json"), "w"), indent=2)

#!/usr/bin/python3
"""`blindspot evaluate` explains its errors by the dataset's own classes (issue 33).

A hand-built SemanticKITTI sequence (two scans, each point alone in its range-image cell, labels
with instance bits) is scored by a TorchScript rule written here with python3-torch: "car" where
the point lies above the sensor (z > 0), "unknown" below. So every count is known by
construction: what each SemanticKITTI class's points were called, per scan and pooled, with
unlabeled points counted and points outside the grid not. summary.json is read back here and
compared with those counts, and the model-class TP/FP/FN with the same construction.

Then the same rule as an external network (issue 34, `--model external:CMD.json`), a NumPy
predict() served by models/python/blindspot_worker.py through each protocol: it answers per
point, so every point is scored, the ones outside the front view too, and the counts are known
again.

usage: dataset_confusion.py BLINDSPOT WORKDIR [PROJECT_ROOT]
"""
import json
import math
import os
import shutil
import subprocess
import sys

import numpy as np
import torch

STEP_AZ = 90.0 / 512
# (SemanticKITTI id, points above the sensor, points below, points outside the grid) per scan.
SCANS = [
    [(70, 5, 3, 0), (50, 4, 0, 0), (48, 0, 2, 0), (10, 3, 0, 0), (252, 0, 1, 0), (0, 2, 0, 0),
     (71, 0, 0, 2)],
    [(70, 2, 0, 0), (72, 0, 3, 0)],
]
CLASSES = ["unknown", "car", "pedestrian", "cyclist"]


class AboveIsCar(torch.nn.Module):
    def forward(self, x):
        z = x[:, 2:3]
        never = torch.full_like(z, -1000.0)
        return torch.cat([-z, z, never, never], 1)


def write_model(ckpt):
    os.makedirs(ckpt)
    torch.jit.script(AboveIsCar()).save(os.path.join(ckpt, "model.ts"))
    card = {"architecture": "torchscript", "weights": "model.ts",
            "input_channels": ["x", "y", "z", "intensity", "range"],
            "grid": {"rows": 64, "cols": 512, "top_elevation_deg": 2.0,
                     "elevation_step_deg": 0.4, "left_azimuth_deg": 45.0,
                     "azimuth_step_deg": STEP_AZ},
            "mean": [0, 0, 0, 0, 0], "std": [1, 1, 1, 1, 1], "empty_cells": "zero",
            "learning_map": {"classes": CLASSES,
                             "map": {"vehicle": 1, "pedestrian": 2, "bicyclist": 3},
                             "default_class": 0}}
    with open(os.path.join(ckpt, "model_card.json"), "w") as f:
        json.dump(card, f)


def point(k, elevation_deg, azimuth_deg, range_m=10.0):
    el, az = math.radians(elevation_deg), math.radians(azimuth_deg)
    return [range_m * math.cos(el) * math.cos(az), range_m * math.cos(el) * math.sin(az),
            range_m * math.sin(el), 0.3]


def write_scan(seq, frame, rows):
    xyzi, labels, k = [], [], 0
    for sk_id, above, below, outside in rows:
        for elevation, n, inside in ((1.2, above, True), (-6.0, below, True), (1.2, outside, False)):
            for _ in range(n):
                # Eight columns apart inside the 90 deg front view; outside it, behind on the left.
                azimuth = 45.0 - (8 * k + 4.5) * STEP_AZ if inside else 100.0 + k
                xyzi.append(point(k, elevation, azimuth))
                labels.append(sk_id | (7 << 16))  # an instance id in the high bits
                k += 1
    np.asarray(xyzi, dtype="<f4").tofile(os.path.join(seq, "velodyne", f"{frame:06d}.bin"))
    np.asarray(labels, dtype="<u4").tofile(os.path.join(seq, "labels", f"{frame:06d}.label"))


def expected_rows(rows):
    out = {}
    for sk_id, above, below, _ in rows:
        counts = out.setdefault(sk_id, {c: 0 for c in CLASSES})
        counts["car"] += above
        counts["unknown"] += below
    return {k: v for k, v in out.items() if sum(v.values())}


RULE = """import sys
import numpy as np
sys.path.insert(0, sys.argv[1])
from blindspot_worker import serve
# SemanticKITTI ids: car above the sensor, road below.
serve(lambda points: np.where(points[:, 2] > 0, 10, 40), sys.argv[2:])
"""


def write_external(work, root, protocol):
    """CMD.json for the rule, in the given protocol."""
    with open(os.path.join(work, "rule.py"), "w") as f:
        f.write(RULE)
    spec = os.path.join(work, f"rule-{protocol}.json")
    with open(spec, "w") as f:
        json.dump({"command": ["/usr/bin/python3", "rule.py",
                               os.path.join(root, "models", "python")],
                   "protocol": protocol, "prediction_ids": "semantickitti",
                   "learning_map": "semantickitti", "timeout_s": 60}, f)
    return spec


def expected_external(rows):
    out = {}
    for sk_id, above, below, outside in rows:
        counts = out.setdefault(sk_id, {})
        for name, n in (("car", above + outside), ("road", below)):
            if n:
                counts[name] = counts.get(name, 0) + n
    return out


def check_external(cli, work, root, protocol, failures):
    seq = os.path.join(work, "data", "sequences", "00")
    out = os.path.join(work, f"out-{protocol}")
    p = subprocess.run([cli, "evaluate", "--model", "external:" + write_external(work, root, protocol),
                        seq, "-o", out, "--batch", "1"], capture_output=True, text=True)
    if p.returncode != 0:
        return failures.append(f"{protocol}: evaluate exited {p.returncode}: {p.stderr.strip()}")
    summary = json.load(open(os.path.join(out, "summary.json")))
    nonzero = lambda rows: {i: {c: n for c, n in d.items() if n} for i, d in rows_of(rows).items()}
    for scan, rows in zip(summary["scans"], SCANS):
        got, want = nonzero(scan.get("dataset_confusion", [])), expected_external(rows)
        if got != want:
            failures.append(f"{protocol} {scan['name']}: {got} != {want}")
    # Car: TP the cars above; FP vegetation, building and the trunk behind (now scored); FN the
    # moving car below, called road.
    car = next(c for c in summary["metrics"]["classes"] if c["class"] == "car")
    if (car["tp"], car["fp"], car["fn"]) != (3, 13, 1):
        failures.append(f"{protocol}: car TP/FP/FN {car['tp']}/{car['fp']}/{car['fn']} != 3/13/1")


def rows_of(json_rows):
    return {r["id"]: r["predicted"] for r in json_rows}


def main():
    cli, work = sys.argv[1], sys.argv[2]
    shutil.rmtree(work, ignore_errors=True)
    seq = os.path.join(work, "data", "sequences", "00")
    for d in ("velodyne", "labels"):
        os.makedirs(os.path.join(seq, d))
    for frame, rows in enumerate(SCANS):
        write_scan(seq, frame, rows)
    write_model(os.path.join(work, "model"))
    out = os.path.join(work, "out")
    p = subprocess.run([cli, "evaluate", "--model", os.path.join(work, "model"), seq, "-o", out],
                       capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"FAIL: evaluate exited {p.returncode}: {p.stderr.strip()}")
    summary = json.load(open(os.path.join(out, "summary.json")))
    failures = []
    pooled = {}
    for scan, rows in zip(summary["scans"], SCANS):
        want = expected_rows(rows)
        got = rows_of(scan.get("dataset_confusion", []))
        if got != want:
            failures.append(f"{scan['name']}: {got} != {want}")
        for sk_id, counts in want.items():
            total = pooled.setdefault(sk_id, {c: 0 for c in CLASSES})
            for c, n in counts.items():
                total[c] += n
    got_pooled = rows_of(summary["dataset_confusion"]["pooled"])
    if got_pooled != pooled:
        failures.append(f"pooled: {got_pooled} != {pooled}")
    names = {r["id"]: r["name"] for r in summary["dataset_confusion"]["pooled"]}
    if names.get(70) != "vegetation" or names.get(252) != "moving-car" or 71 in names:
        failures.append(f"names: {names}")
    # The model's own classes: car TP = the cars above, FP = vegetation and building above
    # (unlabeled points are not scored), FN = the moving car below.
    car = next(c for c in summary["metrics"]["classes"] if c["class"] == "car")
    if (car["tp"], car["fp"], car["fn"]) != (3, 11, 1):
        failures.append(f"car TP/FP/FN {car['tp']}/{car['fp']}/{car['fn']} != 3/11/1")
    html = open(os.path.join(out, "index.html")).read()
    if "What the network called each dataset class" not in html or "vegetation" not in html:
        failures.append("index.html lacks the dataset-class table")
    if "called car: vegetation 7, building 4, car 3, unlabeled 2" not in p.stdout:
        failures.append(f"stdout: {p.stdout.strip()}")
    root = sys.argv[3] if len(sys.argv) > 3 else os.path.dirname(os.path.dirname(
        os.path.dirname(os.path.abspath(__file__))))
    for protocol in ("per-batch", "persistent"):
        check_external(cli, work, root, protocol, failures)
    if failures:
        sys.exit("FAIL: " + "; ".join(failures))
    print(f"dataset confusion: {len(got_pooled)} SemanticKITTI classes, per scan and pooled as "
          f"built; car TP/FP/FN 3/11/1; {p.stdout.strip().splitlines()[-2]}; external, both "
          f"protocols: every point scored, car TP/FP/FN 3/13/1")


if __name__ == "__main__":
    main()

#!/usr/bin/python3
"""What a SqueezeSeg checkpoint keys on when it misses a real car (docs/fidelity.md, network 13):
the car cells of a lidar_2d scan within a column range, classified as recorded and with only their
remission changed (a share of their returns set to 0, all of them set to 0, all at the card's mean
remission), and with the whole scan shifted away from the image edge. Evaluation only: no weight
is changed and nothing is written. lidar_2d channels: x, y, z, intensity, range, label (1: car).
   usage: scripts/remission-probe.py CKPT FILE.npy [--cols FIRST:LAST] [--seed S]"""
import argparse
import json
import os
import sys

import numpy as np
import torch

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(root, "models", "external"))
sys.path.insert(0, os.path.join(root, "models", "python"))
from squeezeseg import inference_forward  # noqa: E402
from squeezeseg_eager import load  # noqa: E402


def predict(net, card, scan):
    mean = np.array(card["mean"], np.float32)
    std = np.array(card["std"], np.float32)
    x = (scan[:, :, :5] - mean) / std
    if card.get("empty_cells") == "zero":
        x[scan[:, :, 4] <= 0] = 0
    with torch.no_grad():
        logits = inference_forward(net, torch.from_numpy(x.transpose(2, 0, 1)[None].copy()))
    return logits.argmax(1)[0].numpy()


def pull_to_side(scan, car, behind_m=0.3):
    """Moves the car's returns that lie over `behind_m` behind its side (per column, the 20th
    percentile of its ranges: through the windows into the cabin) onto the side, along their
    beams; returns how many moved."""
    moved = 0
    for col in np.where(car.any(axis=0))[0]:
        rows = np.where(car[:, col])[0]
        if len(rows) < 3:
            continue
        side_m = np.percentile(scan[rows, col, 4], 20)
        for row in rows[scan[rows, col, 4] > side_m + behind_m]:
            scan[row, col, :3] *= side_m / scan[row, col, 4]
            scan[row, col, 4] = side_m
            moved += 1
    return moved


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("checkpoint")
    parser.add_argument("scan")
    parser.add_argument("--cols", default="0:512", help="the car's columns, FIRST:LAST (exclusive)")
    parser.add_argument("--seed", type=int, default=0)
    a = parser.parse_args()
    card = json.load(open(os.path.join(a.checkpoint, "model_card.json")))
    net = load(os.path.join(a.checkpoint, "model_card.json"),
               os.path.join(a.checkpoint, "weights.pt"))
    names = card["learning_map"]["classes"]
    recorded = np.load(a.scan).astype(np.float32)
    first, last = (int(v) for v in a.cols.split(":"))
    columns = np.arange(recorded.shape[1])[None, :]
    car = (recorded[:, :, 5] == 1) & (columns >= first) & (columns < last)
    rng = np.random.default_rng(a.seed)
    print(f"{a.scan}: {int(car.sum())} car cells in columns {first}..{last - 1}")

    def report(what, scan, cells=car):
        predicted = predict(net, card, scan)
        values, counts = np.unique(predicted[cells], return_counts=True)
        print(f"  {what}: " + ", ".join(f"{names[v]} {n}" for v, n in zip(values, counts)))

    report("as recorded", recorded)
    for share in (0.5, 0.75):
        scan = recorded.copy()
        scan[:, :, 3][car & (rng.random(car.shape) < share)] = 0
        report(f"{share:.0%} of its returns at remission 0", scan)
    scan = recorded.copy()
    scan[:, :, 3][car] = 0
    report("all its returns at remission 0", scan)
    scan = recorded.copy()
    scan[:, :, 3][car] = card["mean"][3]
    report("all its returns at the card's mean remission", scan)
    scan = recorded.copy()
    report(f"its {pull_to_side(scan, car)} cells behind its side pulled onto it", scan)
    shifted = np.roll(recorded, 60, axis=1)
    shifted[:, :60] = 0
    report("the scan moved 60 columns right", shifted, np.roll(car, 60, axis=1))


if __name__ == "__main__":
    main()

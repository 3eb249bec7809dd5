#!/usr/bin/python3
"""A RangeNet++-style network scored by blindspot and by an independent Python reimplementation.

Issue 16: a 64 x 2048, 20-class TorchScript net in lidar-bonnetal's conventions (full 360 deg,
fov +3 .. -25 deg, channels [range, x, y, z, remission], its SemanticKITTI means and stds, empty
pixels 0 after normalising, output width a multiple of 32), written here by Debian's python3-torch.
blindspot generates two SemanticKITTI scans (raw ids) and `evaluate` scores them per point. This
script projects the same points the way lidar-bonnetal's LaserScan.do_range_projection does
(pixel = floor of the scaled angles, clamped; the nearest point wins), runs the same TorchScript
in PyTorch, back-projects every point's pixel prediction, maps labels with semantic-kitti.yaml's
learning_map, ignores class 0 (unlabeled) as the benchmark does, and checks blindspot's TP, FP
and FN per class against its own.

Then the same network scores a sweep (HDL-64E, full circle, 4 scenes) under a card with an
explicit palette learning map, and every scene x class row in results.sqlite must equal this
script's scoring of the cached scans (`blindspot cached-scan` writes each as scan.pcd, read
with NumPy): every scan cell with a return
takes the prediction of its pixel.

usage: rangenet_convention.py BLINDSPOT WORKDIR
"""
import json
import os
import shutil
import sqlite3
import subprocess
import sys

import numpy as np
import torch

H, W = 64, 2048
FOV_UP_DEG, FOV_DOWN_DEG = 3.0, -25.0
# lidar-bonnetal's SemanticKITTI sensor_img_means / sensor_img_stds: range, x, y, z, remission.
MEANS = [12.12, 10.88, 0.23, -1.04, 0.21]
STDS = [12.32, 11.47, 6.91, 0.86, 0.16]
# semantic-kitti.yaml learning_map (raw id -> training id); 0 = unlabeled, ignored.
LEARNING_MAP = {
    0: 0, 1: 0, 10: 1, 11: 2, 13: 5, 15: 3, 16: 5, 18: 4, 20: 5, 30: 6, 31: 7, 32: 8, 40: 9,
    44: 10, 48: 11, 49: 12, 50: 13, 51: 14, 52: 0, 60: 9, 70: 15, 71: 16, 72: 17, 80: 18, 81: 19,
    99: 0, 252: 1, 253: 7, 254: 6, 255: 8, 256: 5, 257: 5, 258: 4, 259: 5}
CLASSES = ["unlabeled", "car", "bicycle", "motorcycle", "truck", "other-vehicle", "person",
           "bicyclist", "motorcyclist", "road", "parking", "sidewalk", "other-ground",
           "building", "fence", "vegetation", "trunk", "terrain", "pole", "traffic-sign"]


class RangeNetStyle(torch.nn.Module):
    """Encoder that halves the width five times (so W must divide by 32), decoder back up."""

    def __init__(self):
        super().__init__()
        self.stem = torch.nn.Conv2d(5, 8, 3, padding=1)
        self.down = torch.nn.ModuleList(
            [torch.nn.Conv2d(8, 8, 3, stride=(1, 2), padding=1) for _ in range(5)])
        self.up = torch.nn.Upsample(scale_factor=(1, 32), mode="nearest")
        self.head = torch.nn.Conv2d(16, 20, 1)

    def forward(self, x):
        skip = torch.relu(self.stem(x))
        y = skip
        for d in self.down:
            y = torch.relu(d(y))
        return self.head(torch.cat([skip, self.up(y)], dim=1))


def write_checkpoint(ckpt):
    os.makedirs(ckpt)
    torch.manual_seed(16)
    net = RangeNetStyle().eval()
    torch.jit.script(net).save(os.path.join(ckpt, "model.ts"))
    step_el = (FOV_UP_DEG - FOV_DOWN_DEG) / H
    step_az = 360.0 / W
    card = {
        "architecture": "torchscript", "weights": "model.ts",
        "input_channels": ["range", "x", "y", "z", "intensity"],
        # Cell centres: half a cell inside lidar-bonnetal's edges, so the nearest centre is the
        # floor of its scaled angle.
        "grid": {"rows": H, "cols": W, "top_elevation_deg": FOV_UP_DEG - step_el / 2,
                 "elevation_step_deg": step_el, "left_azimuth_deg": 180.0 - step_az / 2,
                 "azimuth_step_deg": step_az, "outside": "clamp"},
        "mean": MEANS, "std": STDS, "empty_cells": "zero",
        "learning_map": "semantickitti", "ignore_classes": ["unlabeled"]}
    with open(os.path.join(ckpt, "model_card.json"), "w") as f:
        json.dump(card, f, indent=2)
    return net


# Palette id -> class for the sweep card (core/geometry/Material.hpp ids; the rest unlabeled, ignored).
PALETTE_TO_CLASS = {7: 9, 6: 9, 8: 11, 58: 11, 1: 13, 9: 15, 10: 1, 5: 18, 12: 19, 13: 19, 14: 19,
                    15: 19, 41: 19, 60: 14, 4: 6, 61: 7, 72: 3}
SWEEP = {"name": "rangenet-sweep", "lidar": "hdl64e", "sampler": {"type": "grid"},
         "dimensions": {"car_model": {"value": "sedan"}, "x_m": {"values": [8, 14]},
                        "y_m": {"values": [-2, 2]}, "background": {"value": "urban-01"}}}


def bonnetal_projection(points):
    """LaserScan.do_range_projection, with ties in depth going to the lower point index."""
    xyz, remission = points[:, :3], points[:, 3]
    x, y, z = xyz[:, 0], xyz[:, 1], xyz[:, 2]
    depth = np.sqrt(x * x + y * y + z * z)  # float32, summed left to right like blindspot
    keep = depth > 0
    fov_up, fov_down = np.radians(FOV_UP_DEG), np.radians(FOV_DOWN_DEG)
    fov = abs(fov_down) + abs(fov_up)
    d = depth.astype(np.float64)
    yaw = -np.arctan2(y.astype(np.float64), x.astype(np.float64))
    pitch = np.arcsin(np.clip(z.astype(np.float64) / np.where(keep, d, 1.0), -1.0, 1.0))
    proj_x = np.floor(0.5 * (yaw / np.pi + 1.0) * W)
    proj_y = np.floor((1.0 - (pitch + abs(fov_down)) / fov) * H)
    proj_x = np.clip(proj_x, 0, W - 1).astype(np.int64)
    proj_y = np.clip(proj_y, 0, H - 1).astype(np.int64)
    index = np.arange(len(points))
    order = np.lexsort((-index, -depth))  # farthest first; at equal depth the lower index last
    order = order[keep[order]]
    image = np.zeros((5, H, W), dtype=np.float32)
    mask = np.zeros((H, W), dtype=bool)
    channels = np.stack([depth, x, y, z, remission])  # range, x, y, z, remission
    image[:, proj_y[order], proj_x[order]] = channels[:, order]
    mask[proj_y[order], proj_x[order]] = True
    return image, mask, proj_y, proj_x, keep


def knn_vote(depth, image_range, mask, argmax, py, px, keep, k=5, search=5, sigma=1.0,
             cutoff=1.0):
    """lidar-bonnetal's postproc/KNN.py forward, in float64, with blindspot's two documented
    choices: pixels beyond the image edge do not vote, and a point without a valid vote keeps its
    pixel's class. Class 0 (unlabeled) never wins, as in the reference."""
    import torch.nn.functional as F
    pad = (search - 1) // 2
    proj_range = torch.from_numpy(np.where(mask, image_range, -1.0).astype(np.float64))
    idx = torch.from_numpy(py * W + px)[torch.from_numpy(keep)]
    unproj = torch.from_numpy(depth.astype(np.float64))[torch.from_numpy(keep)]
    unfold = lambda t: F.unfold(t[None, None], kernel_size=(search, search), padding=(pad, pad))
    r = unfold(proj_range)[0][:, idx]
    r[r < 0] = float("inf")
    r[(search * search - 1) // 2, :] = unproj
    x = torch.arange(search, dtype=torch.float64)
    mean = (search - 1) / 2.0
    g = torch.exp(-((x[None, :] - mean) ** 2 + (x[:, None] - mean) ** 2) / (2 * sigma ** 2))
    inv_gauss = (1.0 - g / g.sum()).reshape(-1, 1)
    d = (r - unproj).abs() * inv_gauss
    inside = unfold(torch.ones(H, W, dtype=torch.float64))[0][:, idx] > 0
    labels = unfold(torch.from_numpy(argmax.astype(np.float64)))[0][:, idx].long()
    order = torch.sort(d, dim=0, stable=True).indices[:k]
    knn_labels = torch.gather(labels, 0, order)
    invalid = (torch.gather(d, 0, order) > cutoff) | ~torch.gather(inside, 0, order) | \
        (knn_labels <= 0)
    knn_labels[invalid] = 20
    votes = torch.zeros(21, knn_labels.shape[1], dtype=torch.float64)
    votes.scatter_add_(0, knn_labels, torch.ones_like(knn_labels, dtype=torch.float64))
    votes = votes[:20]
    own = torch.from_numpy(argmax[py, px])[torch.from_numpy(keep)]
    out = np.full(len(depth), -1, dtype=np.int64)
    out[keep] = torch.where(votes.max(dim=0).values > 0, votes.argmax(dim=0), own).numpy()
    return out


def normalised(image, mask):
    out = np.empty_like(image)
    for c in range(5):
        out[c] = (image[c] - np.float32(MEANS[c])) * np.float32(1.0 / STDS[c])
    return out * mask  # empty pixels are 0 (lidar-bonnetal multiplies by the mask)


def python_confusion(net, seq_dir, knn=False):
    conf = np.zeros((20, 20), dtype=np.int64)  # truth x prediction
    velodyne = os.path.join(seq_dir, "velodyne")
    for name in sorted(os.listdir(velodyne)):
        points = np.fromfile(os.path.join(velodyne, name), dtype=np.float32).reshape(-1, 4)
        raw = np.fromfile(os.path.join(seq_dir, "labels", name[:-4] + ".label"),
                          dtype=np.uint32) & 0xFFFF
        assert set(np.unique(raw).tolist()) <= set(LEARNING_MAP), np.unique(raw)
        truth = np.vectorize(LEARNING_MAP.get)(raw)
        image, mask, py, px, keep = bonnetal_projection(points)
        with torch.no_grad():
            logits = net(torch.from_numpy(normalised(image, mask))[None])[0]
        argmax = logits.argmax(dim=0).numpy()
        predicted = argmax[py, px]
        if knn:
            x, y, z = points[:, 0], points[:, 1], points[:, 2]
            depth = np.sqrt(x * x + y * y + z * z)
            predicted = knn_vote(depth, image[0], mask, argmax, py, px, keep)
        scored = keep & (truth != 0)
        np.add.at(conf, (truth[scored], predicted[scored]), 1)
    return conf


def read_pcd(path):
    """blindspot's organised binary PCD: x y z intensity range (F32), label instance (U32)."""
    with open(path, "rb") as f:
        data = f.read()
    header_end = data.index(b"DATA binary\n") + len(b"DATA binary\n")
    dtype = np.dtype([("x", "<f4"), ("y", "<f4"), ("z", "<f4"), ("intensity", "<f4"),
                      ("range", "<f4"), ("label", "<u4"), ("instance", "<u4")])
    return np.frombuffer(data[header_end:], dtype=dtype)


def sweep_rows(blindspot, net, run):
    out = {}
    for scene in sorted(os.listdir(os.path.join(run, "scans"))):
        unpacked = os.path.join(run, "unpacked", scene)
        subprocess.run([blindspot, "cached-scan", run, scene, "-o", unpacked], check=True)
        cloud = read_pcd(os.path.join(unpacked, "scan.pcd"))
        cloud = cloud[~np.isnan(cloud["range"])]  # valid cells, row-major, as the sweep scores
        points = np.stack([cloud["x"], cloud["y"], cloud["z"], cloud["intensity"]], axis=1)
        image, mask, py, px, keep = bonnetal_projection(points)
        with torch.no_grad():
            logits = net(torch.from_numpy(normalised(image, mask))[None])[0]
        predicted = logits.argmax(dim=0).numpy()[py, px]
        truth = np.array([PALETTE_TO_CLASS.get(int(l), 0) for l in cloud["label"]])
        scored = keep & (truth != 0)
        conf = np.zeros((20, 20), dtype=np.int64)
        np.add.at(conf, (truth[scored], predicted[scored]), 1)
        for k, name in enumerate(CLASSES):
            tp = conf[k, k]
            out[(scene, name)] = (int(tp), int(conf[:, k].sum() - tp), int(conf[k, :].sum() - tp))
    return out


def check_knn(blindspot, work, data, plain):
    """evaluate --knn against the same vote in Python; it must change some points' classes."""
    subprocess.run([blindspot, "evaluate", "--model", os.path.join(work, "ckpt"), "--batch", "1",
                    "--threads", "1", "--knn", "-o", os.path.join(work, "report-knn"), data],
                   check=True, stdout=subprocess.DEVNULL)
    with open(os.path.join(work, "report-knn", "summary.json")) as f:
        summary = json.load(f)
    assert summary["scoring"]["postprocess"].startswith("lidar-bonnetal's k-NN vote")
    conf = python_confusion(torch.jit.load(os.path.join(work, "ckpt", "model.ts")).eval(),
                            os.path.join(data, "sequences", "00"), knn=True)
    theirs = {c["class"]: c for c in summary["metrics"]["classes"]}
    worst = 0
    for k, name in enumerate(CLASSES):
        tp = conf[k, k]
        fp, fn = conf[:, k].sum() - tp, conf[k, :].sum() - tp
        got = theirs[name]
        worst = max(worst, abs(got["tp"] - tp), abs(got["fp"] - fp), abs(got["fn"] - fn))
    changed = int(np.abs(conf - plain).sum())
    print(f"k-NN: largest TP/FP/FN difference {worst}; confusion cells changed by the vote: "
          f"{changed}")
    assert worst == 0 and changed > 0


def check_sweep(blindspot, work, net):
    ckpt = os.path.join(work, "ckpt-palette")
    shutil.copytree(os.path.join(work, "ckpt"), ckpt)
    with open(os.path.join(ckpt, "model_card.json")) as f:
        card = json.load(f)
    card["learning_map"] = {"classes": CLASSES, "default_class": 0,
                            "map": {str(k): v for k, v in PALETTE_TO_CLASS.items()}}
    with open(os.path.join(ckpt, "model_card.json"), "w") as f:
        json.dump(card, f)
    config = os.path.join(work, "sweep.json")
    with open(config, "w") as f:
        json.dump(SWEEP, f)
    run = os.path.join(work, "run")
    subprocess.run([blindspot, "sweep", config, "-o", run, "--model", ckpt, "--batch", "1",
                    "--threads", "1"], check=True, stdout=subprocess.DEVNULL)
    db = sqlite3.connect(f"file:{os.path.join(run, 'results.sqlite')}?mode=ro", uri=True)
    theirs = {(s, c): (tp, fp, fn) for s, c, tp, fp, fn in
              db.execute("SELECT scene_id, class, tp, fp, fn FROM scene_class WHERE class != "
                         "'target'")}
    db.close()
    ours = sweep_rows(blindspot, net, run)
    assert len({s for s, _ in ours}) == 4, ours.keys()
    assert theirs == ours, [(k, theirs.get(k), v) for k, v in ours.items() if theirs.get(k) != v]
    car = [sum(v[i] for (s, c), v in ours.items() if c == "car") for i in range(3)]
    print(f"sweep: 4 scenes x 20 classes equal; car TP/FP/FN {car}")


def main():
    blindspot, work = sys.argv[1], sys.argv[2]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    torch.set_num_threads(1)
    net = write_checkpoint(os.path.join(work, "ckpt"))
    data = os.path.join(work, "data")
    subprocess.run([blindspot, "generate", "--backgrounds", "train-01", "--scans", "2",
                    "--lidar", "hdl64e", "--label-set", "semantickitti", "-o", data], check=True,
                   stdout=subprocess.DEVNULL)
    subprocess.run([blindspot, "evaluate", "--model", os.path.join(work, "ckpt"), "--batch", "1",
                    "--threads", "1", "-o", os.path.join(work, "report"), data], check=True,
                   stdout=subprocess.DEVNULL)
    with open(os.path.join(work, "report", "summary.json")) as f:
        summary = json.load(f)
    assert summary["classes"] == CLASSES, summary["classes"]
    assert summary["scoring"]["unit"] == "point"
    assert summary["scoring"]["points_outside_grid"] == 0  # the grid clamps, as bonnetal does
    conf = python_confusion(torch.jit.load(os.path.join(work, "ckpt", "model.ts")).eval(),
                            os.path.join(data, "sequences", "00"))
    assert summary["scoring"]["points_scored"] == conf.sum(), (summary["scoring"], conf.sum())
    theirs = {c["class"]: c for c in summary["metrics"]["classes"]}
    worst = 0
    for k, name in enumerate(CLASSES):
        tp = conf[k, k]
        fp = conf[:, k].sum() - tp
        fn = conf[k, :].sum() - tp
        got = theirs[name]
        worst = max(worst, abs(got["tp"] - tp), abs(got["fp"] - fp), abs(got["fn"] - fn))
        print(f"{name:14s} blindspot TP {got['tp']:6d} FP {got['fp']:6d} FN {got['fn']:6d} | "
              f"python TP {tp:6d} FP {fp:6d} FN {fn:6d}")
    assert "unlabeled" not in summary["metrics"]["mean_classes"]
    print(f"{conf.sum()} points scored; largest TP/FP/FN difference {worst}")
    assert worst == 0, "blindspot and the Python reimplementation disagree"
    check_knn(blindspot, work, data, conf)
    check_sweep(blindspot, work, torch.jit.load(os.path.join(work, "ckpt", "model.ts")).eval())


if __name__ == "__main__":
    main()

#!/usr/bin/python3
"""The crispness of a map built from a recorded drive with its ground-truth poses.

Usage: drive_map_crispness.py DATASET_DIR [--sequence SS] [--every K]

Reads the scans (deskew them first with `blindspot deskew` when the drive had motion on) and
poses.txt with calib.txt's Tr, as KITTI tools do, and places every K-th scan's building points in
the first frame's LiDAR frame. The wall seen by the most scans is found by RANSAC (Open3D) among
vertical planes; the map's crispness is the mean absolute point-to-plane distance of that wall's
points (within 0.5 m of the plane), and the count of scans that saw it.
"""
import argparse
import os

import numpy as np
import open3d as o3d


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dataset")
    ap.add_argument("--sequence", default="00")
    ap.add_argument("--every", type=int, default=5)
    a = ap.parse_args()
    seq = os.path.join(a.dataset, "sequences", a.sequence)
    tr = np.eye(4)
    for line in open(os.path.join(seq, "calib.txt")):
        if line.startswith("Tr:"):
            tr[:3] = np.array(line.split()[1:], float).reshape(3, 4)
    poses = []
    for line in open(os.path.join(seq, "poses.txt")):
        m = np.eye(4)
        m[:3] = np.array(line.split(), float).reshape(3, 4)
        poses.append(np.linalg.inv(tr) @ m @ tr)
    pts, scan_of = [], []
    for k in range(0, len(poses), a.every):
        p = np.fromfile(os.path.join(seq, "velodyne", "%06d.bin" % k), np.float32)
        p = p.reshape(-1, 4)[:, :3].astype(np.float64)
        lab = np.fromfile(os.path.join(seq, "labels", "%06d.label" % k), np.uint32) & 0xFFFF
        p = p[lab == 50]  # SemanticKITTI building
        pts.append(p @ poses[k][:3, :3].T + poses[k][:3, 3])
        scan_of.append(np.full(len(p), k))
    pts, scan_of = np.concatenate(pts), np.concatenate(scan_of)
    cloud = o3d.geometry.PointCloud(o3d.utility.Vector3dVector(pts))
    index = np.arange(len(pts))
    best = None
    for _ in range(12):
        if len(index) < 1000:
            break
        sub = cloud.select_by_index(index.tolist())
        model, inliers = sub.segment_plane(0.1, 3, 1000)
        n, d = np.array(model[:3]), model[3]
        if abs(n[2]) < 0.05:  # a wall
            near = index[np.abs(pts[index] @ n + d) < 0.5]
            scans = len(np.unique(scan_of[near]))
            if best is None or scans > best[0]:
                best = (scans, n, d, near)
        index = np.delete(index, inliers)
    if best is None:
        raise SystemExit("no wall found among the building points")
    scans, n, d, near = best
    r = np.abs(pts[near] @ n + d)
    print("map: %d scans of %d (every %d), %d building points; wall seen by %d scans: %d points, "
          "mean |point-to-plane| %.4f m, median %.4f m" %
          (len(range(0, len(poses), a.every)), len(poses), a.every, len(pts), scans, len(near),
           r.mean(), np.median(r)))


if __name__ == "__main__":
    main()

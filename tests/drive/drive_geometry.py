#!/usr/bin/python3
"""Drive mode geometry, checked by an independent reader (Open3D, NumPy).

Usage: drive_geometry.py BLINDSPOT WORK_DIR [--report]

1. motion "none": consecutive scans registered by Open3D's point-to-plane ICP agree with
   poses.txt (read with calib.txt's Tr, as KITTI tools do) within 5 cm and 0.5 deg.
2. motion "ego" at 20 m/s: after `blindspot deskew` the same holds; without it the error is
   larger (both printed).
3. A loop route returns to its start pose within 1 mm in poses.txt.
"""
import json
import os
import shutil
import subprocess
import sys

import numpy as np
import open3d as o3d


def run(cmd):
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit("command failed: %s\n%s%s" % (" ".join(cmd), out.stdout, out.stderr))
    return out.stdout


def drive(blindspot, work, name, config):
    path = os.path.join(work, name + ".json")
    with open(path, "w") as f:
        json.dump(config, f)
    out = os.path.join(work, name)
    run([blindspot, "drive", path, "-o", out, "--no-progress"])
    return out


def read_matrix_lines(path, skip_label=False):
    rows = []
    for line in open(path):
        parts = line.split()
        if not parts:
            continue
        if skip_label:
            parts = parts[1:]
        m = np.eye(4)
        m[:3, :] = np.array([float(x) for x in parts], dtype=float).reshape(3, 4)
        rows.append(m)
    return rows


def lidar_poses(seq):
    tr = None
    for line in open(os.path.join(seq, "calib.txt")):
        if line.startswith("Tr:"):
            tr = np.eye(4)
            tr[:3, :] = np.array([float(x) for x in line.split()[1:]]).reshape(3, 4)
    poses = read_matrix_lines(os.path.join(seq, "poses.txt"))
    return [np.linalg.inv(tr) @ p @ tr for p in poses]


def cloud(seq, frame):
    pts = np.fromfile(os.path.join(seq, "velodyne", "%06d.bin" % frame), dtype=np.float32)
    pts = pts.reshape(-1, 4)[:, :3].astype(np.float64)
    pc = o3d.geometry.PointCloud(o3d.utility.Vector3dVector(pts))
    pc = pc.voxel_down_sample(0.2)
    pc.estimate_normals(o3d.geometry.KDTreeSearchParamHybrid(radius=1.0, max_nn=30))
    return pc


def register(source, target):
    reg = o3d.pipelines.registration.registration_icp(
        source, target, 1.0, np.eye(4),
        o3d.pipelines.registration.TransformationEstimationPointToPlane(),
        o3d.pipelines.registration.ICPConvergenceCriteria(max_iteration=100))
    return reg.transformation, reg.inlier_rmse


def pose_error(err):
    dt = np.linalg.norm(err[:3, 3])
    dr = np.degrees(np.arccos(np.clip((np.trace(err[:3, :3]) - 1) / 2, -1, 1)))
    return dt, dr


def icp_errors(seq, frames):
    """Successive scans: ICP (k+1 onto k) against poses.txt."""
    poses = lidar_poses(seq)
    errs = []
    for k in frames:
        truth = np.linalg.inv(poses[k]) @ poses[k + 1]  # frame k from frame k+1
        found, _ = register(cloud(seq, k + 1), cloud(seq, k))
        errs.append(pose_error(np.linalg.inv(truth) @ found))
    return (max(e[0] for e in errs), max(e[1] for e in errs),
            float(np.median([e[0] for e in errs])))


def distortion(seq, still_seq, frames):
    """Each scan registered onto the motion-free scan of the same frame (same pose): the
    transform should be the identity; returns worst translation, rotation and the median
    point-to-plane RMSE."""
    errs, rmse = [], []
    for k in frames:
        found, r = register(cloud(seq, k), cloud(still_seq, k))
        errs.append(pose_error(found))
        rmse.append(r)
    return max(e[0] for e in errs), max(e[1] for e in errs), float(np.median(rmse))


def main():
    blindspot, work = sys.argv[1], sys.argv[2]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    base = {"background": "town:1", "lidar": "hdl64e", "duration_s": 2.2,
            "route": {"auto": True, "seed": 4}}
    failures = []
    # 1. No motion distortion: ICP against the written poses.
    still = drive(blindspot, work, "still", dict(base, speed={"cruise_mps": 10.0}))
    seq = os.path.join(still, "sequences", "00")
    t, r, med = icp_errors(seq, range(5, 20, 3))
    print("motion none: ICP vs poses.txt worst %.4f m, %.4f deg (median %.4f m)" % (t, r, med))
    if t > 0.05 or r > 0.5:
        failures.append("motion none exceeds 5 cm / 0.5 deg")
    # 2. Ego motion at 20 m/s, raw and deskewed.
    fast = dict(base, motion="ego", duration_s=2.5, route={"auto": True, "seed": 3},
                speed={"cruise_mps": 20.0, "max_speed_mps": 20.0, "start_mps": 20.0,
                       "stop_at_intersections": False})
    moving = drive(blindspot, work, "moving", fast)
    speeds = np.loadtxt(os.path.join(moving, "sequences", "00", "sensor_poses.csv"),
                        delimiter=",", skiprows=1)[:, 8]
    at_speed = [k for k in range(len(speeds) - 1) if min(speeds[k], speeds[k + 1]) > 19.5][::3]
    if len(at_speed) < 4:
        sys.exit("only %d frame pairs at 20 m/s" % len(at_speed))
    run([blindspot, "deskew", moving, "-o", moving + "-deskewed"])
    still_fast = drive(blindspot, work, "moving-still", dict(fast, motion="none"))
    raw_seq = os.path.join(moving, "sequences", "00")
    fixed_seq = os.path.join(moving + "-deskewed", "sequences", "00")
    still_seq = os.path.join(still_fast, "sequences", "00")
    raw, fixed = icp_errors(raw_seq, at_speed), icp_errors(fixed_seq, at_speed)
    print("motion ego 20 m/s, successive scans: raw worst %.4f m, %.4f deg (median %.4f m); "
          "deskewed worst %.4f m, %.4f deg (median %.4f m)" % (raw + fixed))
    raw_d, fixed_d = distortion(raw_seq, still_seq, at_speed), distortion(fixed_seq, still_seq, at_speed)
    print("motion ego 20 m/s, onto the motion-free scan of the same frame: raw worst %.4f m, "
          "%.4f deg (median RMSE %.4f m); deskewed worst %.4f m, %.4f deg (median RMSE %.4f m)"
          % (raw_d + fixed_d))
    if fixed[0] > 0.05 or fixed[1] > 0.5:
        failures.append("deskewed scans exceed 5 cm / 0.5 deg")
    if fixed_d[0] > 0.05 or fixed_d[1] > 0.5:
        failures.append("deskewed scans differ from the motion-free ones by over 5 cm / 0.5 deg")
    if not (raw_d[0] > 2 * fixed_d[0] and raw_d[2] > fixed_d[2]):
        failures.append("without deskew the distortion is not measurably larger")
    # 3. A loop returns to its start.
    loop = drive(blindspot, work, "loop", dict(base, duration_s=20.0,
                                                route={"auto": True, "loop": True, "seed": 2}))
    poses = lidar_poses(os.path.join(loop, "sequences", "00"))
    gap = np.linalg.norm(poses[-1][:3, 3] - poses[0][:3, 3])
    turn = np.degrees(np.arccos(np.clip((np.trace(poses[-1][:3, :3].T @ poses[0][:3, :3]) - 1) / 2,
                                        -1, 1)))
    length = json.load(open(os.path.join(loop, "drive.json")))["route"]["length_m"]
    print("loop of %.1f m, %d frames: last pose %.6f m, %.6f deg from the first" %
          (length, len(poses), gap, turn))
    if gap > 0.001:
        failures.append("loop does not close within 1 mm")
    if failures:
        sys.exit("; ".join(failures))


if __name__ == "__main__":
    main()

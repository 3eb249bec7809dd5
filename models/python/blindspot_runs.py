"""A blindspot run in pandas and NumPy (docs/python.md).

    import sys
    sys.path.insert(0, "/usr/share/blindspot/python")   # or build/share/blindspot/python
    from blindspot_runs import Run

    run = Run("out/demo/sweep")
    run.info                 # the run's record: config, checkpoint, LiDAR, times
    run.scenes()             # DataFrame: a row per scene, a column per dimension
    run.rows()               # DataFrame: scene x class (tp, fp, fn, iou, ...) with the dimensions
    run.cars()               # DataFrame: scene x target car (visibility, points)
    scan = run.scan(scene_id)   # one scene's organised scan and prediction as NumPy arrays

A thin reader: the tables come from RUN/results.sqlite (docs/results-store.md) through sqlite3,
read-only; a scan comes from the scan cache through `blindspot cached-scan` (the project's own
reader of its cache format) and the prediction from RUN/predictions/SCENE_ID.pred.
"""
import json
import os
import shutil
import sqlite3
import subprocess
import tempfile

import numpy as np
import pandas as pd

_PCD_TYPES = {("F", 4): "<f4", ("U", 4): "<u4", ("I", 4): "<i4", ("U", 2): "<u2", ("U", 1): "u1"}


def read_organised_pcd(path):
    """A binary PCD v0.7 as a structured (HEIGHT, WIDTH) array."""
    with open(path, "rb") as f:
        header = {}
        while True:
            line = f.readline().decode("ascii").strip()
            if line.startswith("#") or not line:
                continue
            key, *values = line.split()
            header[key] = values
            if key == "DATA":
                break
        if header["DATA"] != ["binary"]:
            raise ValueError(f"{path}: DATA binary expected, got {header['DATA']}")
        dtype = np.dtype([(name, _PCD_TYPES[(t, int(s))]) for name, t, s in
                          zip(header["FIELDS"], header["TYPE"], header["SIZE"])])
        height, width = int(header["HEIGHT"][0]), int(header["WIDTH"][0])
        data = np.frombuffer(f.read(height * width * dtype.itemsize), dtype=dtype)
    return data.reshape(height, width)


class Run:
    """A run directory (a sweep's -o) and, optionally, the scan cache it used (--scan-cache)."""

    def __init__(self, run_dir, scan_cache=None, blindspot=None):
        self.dir = os.path.abspath(run_dir)
        self.scan_cache = scan_cache
        self.blindspot = (blindspot or os.environ.get("BLINDSPOT_CLI")
                          or shutil.which("blindspot") or "blindspot")
        store = os.path.join(self.dir, "results.sqlite")
        if not os.path.isfile(store):
            raise FileNotFoundError(f"{store}: no results store (is {run_dir} a run directory?)")
        self._db = sqlite3.connect(f"file:{store}?mode=ro", uri=True)

    def _frame(self, sql):
        return pd.read_sql_query(sql, self._db)

    @property
    def info(self):
        row = self._frame("SELECT * FROM run").iloc[0].to_dict()
        for key in ("config_json", "lidar_json"):
            row[key[:-5]] = json.loads(row.pop(key))
        return row

    def scenes(self):
        """A row per scene: scene_id, the dimensions the sweep varies, points and seconds."""
        frame = self._frame("SELECT * FROM scene ORDER BY scene_id")
        varied = [c for c in frame.columns if c != "sample_json" and frame[c].notna().any()]
        return frame[varied]

    def rows(self):
        """Scene x class rows (tp, fp, fn, iou, precision, recall; NaN where undefined), each
        with its scene's dimensions."""
        return self.scenes().merge(self._frame("SELECT * FROM scene_class"), on="scene_id")

    def cars(self):
        return self._frame("SELECT * FROM scene_car ORDER BY scene_id, car_index")

    def classes(self):
        """The model's classes and learning map (RUN/predictions/classes.json)."""
        with open(os.path.join(self.dir, "predictions", "classes.json")) as f:
            return json.load(f)

    def scan(self, scene_id):
        """One scene as (rows, cols) arrays: xyz_m (3 channels, NaN without a return),
        intensity, range_m, label (palette id), instance, truth and predicted (the model's class
        index; -1 where there is none), and the class names."""
        with tempfile.TemporaryDirectory() as out:
            command = [self.blindspot, "cached-scan", self.dir, scene_id, "-o", out]
            if self.scan_cache:
                command += ["--scan-cache", self.scan_cache]
            subprocess.run(command, check=True, capture_output=True, text=True)
            pcd = read_organised_pcd(os.path.join(out, "scan.pcd"))
        classes = self.classes()
        lookup = np.full(65536, classes["default_class"], dtype=np.int16)
        for palette_id, cls in classes["map"].items():
            lookup[int(palette_id)] = cls
        has_return = ~np.isnan(pcd["range"])
        predicted = np.fromfile(os.path.join(self.dir, "predictions", scene_id + ".pred"),
                                dtype=np.uint8).reshape(pcd.shape).astype(np.int16)
        predicted[predicted == 255] = -1
        return {"xyz_m": np.stack([pcd["x"], pcd["y"], pcd["z"]], axis=-1),
                "intensity": pcd["intensity"], "range_m": pcd["range"], "label": pcd["label"],
                "instance": pcd["instance"],
                "truth": np.where(has_return, lookup[pcd["label"] & 0xFFFF], -1),
                "predicted": predicted, "classes": classes["classes"]}

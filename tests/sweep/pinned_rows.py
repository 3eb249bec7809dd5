#!/usr/bin/python3
"""Issue 18: the fast defaults change no score.

The first 16 scenes of the demo sweep (sweep/configs/demo-xy.json), scored by the bundled
baseline, must give the scene x class rows (tp, fp, fn, iou, precision, recall) pinned in
demo_xy_first16.csv. Those rows were written by blindspot before issue 18: full scans, two
workers at batch 8, LibTorch's own pooling and transposed convolutions, PCD scan cache. Each of
these runs must equal them, bit for bit:
  - the defaults: one pipelined worker, batch 4, only the columns the network and the cars need;
  - --full-scans --jobs 2 --batch 8 --no-cache (the old path);
  - the defaults again over the first run's scan cache (every scan read back from scan.zst).

Re-pinned for blindspot-world-7 and the 13-class baseline (issue 33): the world and the network
changed, so the rows did; the three paths were checked to agree with each other first. Re-pinned
for network 17 (batch normalisation, issue 33, session 15) with the same three-way check, and
for blindspot-world-9 (articulated people, issue 56, session 18), and for blindspot-world-10
(glass without a diffuse return, hdl64e-kitti's car response from re-insertion, issue 52),
again three ways.

usage: pinned_rows.py BLINDSPOT WORKDIR
"""
import csv
import os
import shutil
import sqlite3
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CONFIG = os.path.join(HERE, "..", "..", "sweep", "configs", "demo-xy.json")
COLUMNS = ["scene_id", "class", "tp", "fp", "fn", "iou", "precision", "recall"]


def pinned():
    with open(os.path.join(HERE, "demo_xy_first16.csv")) as f:
        # Ratios as hex floats (exact), empty where the store holds NULL (0 / 0).
        def ratio(text):
            return float.fromhex(text) if text else None
        return sorted((r["scene_id"], r["class"], int(r["tp"]), int(r["fp"]), int(r["fn"]),
                       ratio(r["iou"]), ratio(r["precision"]), ratio(r["recall"]))
                      for r in csv.DictReader(f))


def rows(run):
    db = sqlite3.connect(f"file:{os.path.join(run, 'results.sqlite')}?mode=ro", uri=True)
    out = sorted(db.execute(f"SELECT {', '.join(COLUMNS)} FROM scene_class"))
    db.close()
    return out


def sweep(blindspot, run, *flags):
    subprocess.run([blindspot, "sweep", CONFIG, "-o", run, "--stop-after", "16", *flags],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return rows(run)


def main():
    blindspot, work = sys.argv[1], sys.argv[2]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    expected = pinned()
    assert len({r[0] for r in expected}) == 16, len(expected)
    runs = {
        "defaults": sweep(blindspot, os.path.join(work, "defaults")),
        "full scans, 2 jobs, batch 8": sweep(blindspot, os.path.join(work, "old"), "--full-scans",
                                             "--jobs", "2", "--batch", "8", "--no-cache"),
        "from the scan cache": sweep(blindspot, os.path.join(work, "cached"), "--scan-cache",
                                     os.path.join(work, "defaults", "scans")),
    }
    for name, got in runs.items():
        assert got == expected, (name, [(a, b) for a, b in zip(got, expected) if a != b][:3])
        print(f"{name}: {len(got)} rows equal the pinned ones")
    shutil.rmtree(work)


if __name__ == "__main__":
    main()

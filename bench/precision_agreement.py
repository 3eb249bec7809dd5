"""Per-scene agreement of two runs of one sweep config that differ only in inference precision.

usage: /usr/bin/python3 bench/precision_agreement.py FP32_RUN_DIR BF16_RUN_DIR [TOLERANCE]
Reads both runs' results.sqlite with Python's own sqlite3 (an independent reader) and prints one
JSON line: the scenes compared, how many have a target IoU within TOLERANCE (default 0.005) of
FP32's, their share, and every scene that differs by more, with both IoUs.
"""
import json
import sqlite3
import sys


def target_iou(run_dir):
    db = sqlite3.connect(f"file:{run_dir}/results.sqlite?mode=ro", uri=True)
    rows = db.execute("SELECT scene_id, iou FROM scene_class WHERE class = 'target'").fetchall()
    return dict(rows)


a, b = target_iou(sys.argv[1]), target_iou(sys.argv[2])
tol = float(sys.argv[3]) if len(sys.argv) > 3 else 0.005
common = sorted(set(a) & set(b))
differ = []
for scene in common:
    x, y = a[scene], b[scene]
    if (x is None) != (y is None) or (x is not None and abs(x - y) > tol):
        differ.append({"scene": scene, "fp32": x, "bf16": y})
within = len(common) - len(differ)
print(json.dumps({"scenes": len(common), "within": within, "tolerance": tol,
                  "share_within": within / max(1, len(common)), "differ": differ}))

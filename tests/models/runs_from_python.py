#!/usr/bin/python3
"""A run read from Python (issue 34, docs/python.md): the session in docs/python.md runs as
written on a six-scene sweep scored by the bundled baseline, and models/python/blindspot_runs.py
gives the same scene x class rows as `blindspot export-csv` (read with the csv module) and as
counts made here from every scene's arrays (Run.scan).

usage: runs_from_python.py BLINDSPOT SOURCE_DIR WORKDIR
"""
import csv
import io
import json
import os
import re
import shutil
import subprocess
import sys

CONFIG = {"name": "python-session", "lidar": "hdl64e-kitti", "sampler": {"type": "grid"},
          "dimensions": {"car_model": {"value": "sedan"}, "x_m": {"values": [8, 14, 20]},
                         "y_m": {"values": [-2, 2]}, "background": {"value": "urban-01"}}}


def session_code(source):
    """The docs' python blocks, with the install path replaced by the source tree's."""
    text = open(os.path.join(source, "docs", "python.md")).read()
    code = "\n".join(re.findall(r"```python\n(.*?)```", text, re.S))
    return code.replace('"/usr/share/blindspot/python"',
                        repr(os.path.join(source, "models", "python")))


def main():
    blindspot, source, work = sys.argv[1], sys.argv[2], sys.argv[3]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    config, run_dir = os.path.join(work, "config.json"), os.path.join(work, "run")
    with open(config, "w") as f:
        json.dump(CONFIG, f)
    subprocess.run([blindspot, "sweep", config, "-o", run_dir], check=True, capture_output=True)
    os.environ["BLINDSPOT_CLI"] = blindspot

    session = {"RUN": run_dir}
    exec(compile(session_code(source), "docs/python.md", "exec"), session)
    run, rows = session["run"], session["rows"]
    assert len(session["scenes"]) == 6 and set(session["scenes"]["x_m"]) == {8, 14, 20}

    csv_text = subprocess.run([blindspot, "export-csv", run_dir], check=True,
                              capture_output=True, text=True).stdout
    exported = {(r["scene_id"], r["class"]): (int(r["tp"]), int(r["fp"]), int(r["fn"]))
                for r in csv.DictReader(io.StringIO(csv_text))}
    mine = {(r.scene_id, r["class"]): (int(r.tp), int(r.fp), int(r.fn))
            for _, r in rows.iterrows()}
    assert mine == exported, "rows differ from export-csv"

    for scene_id in session["scenes"]["scene_id"]:
        scan = run.scan(scene_id)
        truth, predicted = scan["truth"], scan["predicted"]
        for k, name in enumerate(scan["classes"]):
            tp = int(((truth == k) & (predicted == k)).sum())
            fp = int(((truth >= 0) & (truth != k) & (predicted == k)).sum())
            fn = int(((truth == k) & (predicted >= 0) & (predicted != k)).sum())
            assert (tp, fp, fn) == exported[(scene_id, name)], (scene_id, name, (tp, fp, fn))
    print(f"docs/python.md ran; {len(exported)} scene x class rows equal export-csv and the "
          "counts from the scans' arrays")
    print("PASS")


if __name__ == "__main__":
    main()

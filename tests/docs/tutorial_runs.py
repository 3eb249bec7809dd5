#!/usr/bin/python3
"""A tutorial cannot rot (issue 53): docs/tutorials/real-streets.md's shell blocks run word for
word in a fresh directory, with `blindspot` on PATH and DATA pointing at the shared SemanticKITTI
samples (the one line a reader edits), and what the tutorial says they write is checked with
readers of our own: Open3D for the composed PLY, the KITTI layout's byte counts, the run's
results store and the report's summary.json. Exits 77 (skipped) where the shared data is absent.

usage: tutorial_runs.py BLINDSPOT SOURCE_DIR WORKDIR
"""
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys

TUTORIAL = os.path.join("docs", "tutorials", "real-streets.md")


def tutorial_script(source, data):
    text = open(os.path.join(source, TUTORIAL)).read()
    code = "\n".join(re.findall(r"```sh\n(.*?)```", text, re.S))
    lines = code.splitlines()
    assert lines[0].startswith("DATA="), "the tutorial's first command sets DATA"
    return "\n".join([f"DATA={data}"] + lines[1:]) + "\n"


def check_composed(work):
    import open3d as o3d
    d = os.path.join(work, "composed")
    points = os.path.getsize(os.path.join(d, "scan.bin")) // 16
    assert points > 10000 and os.path.getsize(os.path.join(d, "scan.label")) == 4 * points
    inserted = open(os.path.join(d, "scan.inserted"), "rb").read()
    assert len(inserted) == points and 50 < sum(inserted) < points // 10, sum(inserted)
    cloud = o3d.io.read_point_cloud(os.path.join(d, "scan.ply"))
    assert len(cloud.points) == points, (len(cloud.points), points)


def check_sweep(work):
    db = sqlite3.connect(f"file:{os.path.join(work, 'my-street-run', 'results.sqlite')}?mode=ro",
                         uri=True)
    scenes = db.execute("SELECT COUNT(*) FROM scene").fetchone()[0]
    db.close()
    assert scenes == 12, scenes  # 3 x 2 positions over 2 frames
    summary = json.load(open(os.path.join(work, "my-street-report", "summary.json")))
    assert len(summary["real_backgrounds"]["real_frames"]) == 2, summary["real_backgrounds"]
    assert "A composed scan" in open(os.path.join(work, "my-street-report", "index.html")).read()
    reinsert = json.load(open(os.path.join(work, "reinsert-07", "summary.json")))
    assert reinsert, "reinsert wrote an empty summary"


def main():
    blindspot, source, work = (os.path.abspath(a) for a in sys.argv[1:4])
    data = os.path.join(os.path.dirname(source), "shared", "data", "semantickitti-samples",
                        "sequences")
    if not os.path.isdir(os.path.join(data, "07")):
        print(f"skipped: no shared SemanticKITTI samples at {data}")
        return 77
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(os.path.join(work, "bin"))
    os.symlink(blindspot, os.path.join(work, "bin", "blindspot"))
    env = dict(os.environ, PATH=os.path.join(work, "bin") + os.pathsep + os.environ["PATH"])
    subprocess.run(["bash", "-euo", "pipefail", "-c", tutorial_script(source, data)], cwd=work,
                   env=env, check=True)
    check_composed(work)
    check_sweep(work)
    print(f"{TUTORIAL}: every command ran; composed scan, sweep, report and reinsert checked")
    shutil.rmtree(work)
    return 0


if __name__ == "__main__":
    sys.exit(main())

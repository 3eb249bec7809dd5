#!/usr/bin/python3
"""A tutorial cannot rot (issue 53): a tutorial's shell blocks run word for word in a fresh
directory, with `blindspot`'s folder on PATH (so that its ../share/blindspot is the build's), and
what the tutorial says they write is checked with readers of our own: Open3D for a composed PLY,
the KITTI layout's byte counts, the runs' results stores (sqlite3) and the reports' summary.json.
real-streets.md reads the shared SemanticKITTI samples (its DATA line, the one a reader edits, is
pointed at them) and exits 77 (skipped) where they are absent.

usage: tutorial_runs.py TUTORIAL BLINDSPOT SOURCE_DIR WORKDIR   (TUTORIAL: real-streets, ...)
"""
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys

def tutorial_script(path, data):
    code = "\n".join(re.findall(r"```sh\n(.*?)```", open(path).read(), re.S))
    lines = code.splitlines()
    if lines[0].startswith("DATA="):
        lines[0] = f"DATA={data}"
    return "\n".join(lines) + "\n"


def check_composed(work):
    import open3d as o3d
    d = os.path.join(work, "composed")
    points = os.path.getsize(os.path.join(d, "scan.bin")) // 16
    assert points > 10000 and os.path.getsize(os.path.join(d, "scan.label")) == 4 * points
    inserted = open(os.path.join(d, "scan.inserted"), "rb").read()
    assert len(inserted) == points and 50 < sum(inserted) < points // 10, sum(inserted)
    cloud = o3d.io.read_point_cloud(os.path.join(d, "scan.ply"))
    assert len(cloud.points) == points, (len(cloud.points), points)


def rows(run):
    db = sqlite3.connect(f"file:{run}/results.sqlite?mode=ro", uri=True)
    out = sorted(db.execute("SELECT scene_id, class, tp, fp, fn FROM scene_class"))
    db.close()
    return out


def check_your_network(work):
    mine, base = rows(os.path.join(work, "run-mine")), rows(os.path.join(work, "run-baseline"))
    assert len({r[0] for r in mine}) == 6 and mine == base, "the export does not score as in process"
    summary = json.load(open(os.path.join(work, "report-mine", "summary.json")))
    assert summary["metrics"]["scenes"] == 6, summary["metrics"]["scenes"]
    assert "delta" in open(os.path.join(work, "compare", "index.html")).read().lower()


def check_real_streets(work):
    check_composed(work)
    check_sweep(work)


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


def check_nightly(work):
    nights = ["2026-12-01", "2026-12-02", "2026-12-03"]
    assert [len(rows(os.path.join(work, "nights", n))) > 0 for n in nights] == [True] * 3
    db = sqlite3.connect(f"file:{os.path.join(work, 'history.sqlite')}?mode=ro", uri=True)
    tables = [t for (t,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    night_table = next(t for t in tables if "night" in t)
    assert db.execute(f"SELECT COUNT(*) FROM {night_table}").fetchone()[0] == 3, tables
    db.close()
    gate = json.load(open(os.path.join(work, "reports", "2026-12-03", "summary.json")))
    assert gate["history_gate"]["passed"] is False, gate["history_gate"]
    trend = open(os.path.join(work, "trend", "index.html")).read()
    assert all(n in trend for n in nights), "the trend page misses a night"
    plan = os.listdir(os.path.join(work, "plans", "night"))
    assert {"sweep.sbatch", "merge.sbatch", "submit.sh"} <= set(plan), plan


def check_retraining(work):
    worst = json.load(open(os.path.join(work, "worst.json")))
    assert len(worst["cells"]) == 3 and worst["rule"] == {"worst": 3}, worst
    means = [c["mean"] for c in worst["cells"]]
    assert means == sorted(means), means
    for arm in ("worst", "random"):
        manifest = json.load(open(os.path.join(work, f"set-{arm}", "manifest.json")))
        frames = manifest["frames"]
        velodyne = os.path.join(work, f"set-{arm}", "sequences", "00", "velodyne")
        assert len(frames) == 6 == len(os.listdir(velodyne)), (arm, len(frames))
        assert os.path.isfile(os.path.join(work, f"net-{arm}", "weights.pt"))
        assert len({r[0] for r in rows(os.path.join(work, f"after-{arm}"))}) == 24
    page = open(os.path.join(work, "compare", "index.html")).read().lower()
    assert "delta" in page and "other cells" in page


CHECKS = {"real-streets": check_real_streets, "your-network": check_your_network,
          "nightly": check_nightly, "retraining": check_retraining}


def main():
    name = sys.argv[1]
    blindspot, source, work = (os.path.abspath(a) for a in sys.argv[2:5])
    path = os.path.join(source, "docs", "tutorials", name + ".md")
    data = os.path.join(os.path.dirname(source), "shared", "data", "semantickitti-samples",
                        "sequences")
    script = tutorial_script(path, data)
    if "$DATA" in script and not os.path.isdir(os.path.join(data, "07")):
        print(f"skipped: no shared SemanticKITTI samples at {data}")
        return 77
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    env = dict(os.environ, PATH=os.path.dirname(blindspot) + os.pathsep + os.environ["PATH"])
    subprocess.run(["bash", "-euo", "pipefail", "-c", script], cwd=work, env=env, check=True)
    CHECKS[name](work)
    print(f"docs/tutorials/{name}.md: every command ran and its outputs were read back")
    shutil.rmtree(work)
    return 0


if __name__ == "__main__":
    sys.exit(main())

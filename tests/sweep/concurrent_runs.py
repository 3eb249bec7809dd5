#!/usr/bin/python3
"""Issue 55: a run directory that readers and writers open at once.

Three runs of a 24-scene cut of the demo sweep (sweep/configs/demo-xy.json: x 5..10 m, y -2..1 m,
one background), scored by the bundled baseline:
  - undisturbed: the reference rows;
  - with `blindspot report` every 0.2 s from the moment it starts (its RUN/sweep.lock exists) until
    it ends: every report succeeds or says in one line
    that the run is in progress, and the sweep's rows equal the reference;
  - two `blindspot sweep` commands into one run directory at once: both succeed, their rows equal
    the reference, and the scenes each says it computed ("N new") add up to 24: none twice.
Rows are the scene x class rows (tp, fp, fn, iou, precision, recall) and each scene's point counts,
compared by md5 of their text.

usage: concurrent_runs.py BLINDSPOT WORKDIR
"""
import hashlib
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
CONFIG = os.path.join(HERE, "..", "..", "sweep", "configs", "demo-xy.json")
SCENES = 24


def rows_md5(run):
    db = sqlite3.connect(f"file:{os.path.join(run, 'results.sqlite')}?mode=ro", uri=True)
    scenes = sorted(db.execute("SELECT scene_id, sample_json, valid_points, target_points FROM scene"))
    classes = sorted(db.execute(
        "SELECT scene_id, class, tp, fp, fn, iou, precision, recall FROM scene_class"))
    db.close()
    assert len(scenes) == SCENES, (run, len(scenes))
    return hashlib.md5(repr((scenes, classes)).encode()).hexdigest()


def write_config(work):
    with open(CONFIG) as f:
        config = json.load(f)
    config["name"] = "concurrent-runs"
    dims = config["dimensions"]
    dims["x_m"]["range"] = {"start": 5, "stop": 10, "step": 1}
    dims["y_m"]["range"] = {"start": -2, "stop": 1, "step": 1}
    dims["background"] = {"value": "urban-01"}
    path = os.path.join(work, "config.json")
    with open(path, "w") as f:
        json.dump(config, f)
    return path


def sweep_command(blindspot, run):
    return [blindspot, "sweep", os.path.join(os.path.dirname(run), "config.json"), "-o", run]


def new_scenes(output):
    """The sweep's closing line: '... N scenes, S already done, D new in ...'."""
    m = re.search(r"(\d+) already done, (\d+) new", output)
    assert m, output
    return int(m.group(2))


def reports_during_sweep(blindspot, work):
    run = os.path.join(work, "reported")
    sweep = subprocess.Popen(sweep_command(blindspot, run), stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
    ok = in_progress = 0
    # Before the sweep has started there is no run directory to report on: poll from its lock on.
    while sweep.poll() is None and not os.path.exists(os.path.join(run, "sweep.lock")):
        time.sleep(0.01)
    while sweep.poll() is None:
        r = subprocess.run([blindspot, "report", run, "-o", os.path.join(work, "report")],
                           capture_output=True, text=True)
        lines = r.stderr.strip().splitlines()
        if r.returncode == 0:
            ok += 1
        else:
            assert len(lines) == 1 and "run in progress" in lines[0], (r.returncode, r.stderr)
            in_progress += 1
        time.sleep(0.2)
    assert sweep.returncode == 0
    print(f"reports during the sweep: {ok} succeeded, {in_progress} said the run is in progress")
    assert ok > 0
    return rows_md5(run)


def two_sweeps_at_once(blindspot, work):
    run = os.path.join(work, "twice")
    first = subprocess.Popen(sweep_command(blindspot, run), stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    time.sleep(0.5)
    second = subprocess.Popen(sweep_command(blindspot, run), stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
    outputs = [p.communicate() for p in (first, second)]
    assert first.returncode == 0 and second.returncode == 0, outputs
    counts = [new_scenes(out) for out, _ in outputs]
    waited = [line for _, err in outputs for line in err.splitlines()
              if "waiting for it to finish" in line]
    print(f"two sweeps at once: {counts[0]} and {counts[1]} new scenes; "
          f"{len(waited)} waited: {waited[0] if waited else ''}")
    assert sum(counts) == SCENES, counts
    return rows_md5(run)


def main():
    blindspot, work = sys.argv[1], sys.argv[2]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    write_config(work)
    reference = os.path.join(work, "reference")
    subprocess.run(sweep_command(blindspot, reference), check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    expected = rows_md5(reference)
    print(f"undisturbed run: rows md5 {expected}")
    got = reports_during_sweep(blindspot, work)
    assert got == expected, ("reported", got, expected)
    got = two_sweeps_at_once(blindspot, work)
    assert got == expected, ("two sweeps", got, expected)
    print(f"both equal the undisturbed run's rows (md5 {expected})")
    shutil.rmtree(work)


if __name__ == "__main__":
    main()

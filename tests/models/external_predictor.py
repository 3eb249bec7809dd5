#!/usr/bin/python3
"""An external predictor scores a 20-scene sweep like the same model in process (issue 16).

models/external/pointwise.json runs models/external/pointwise_predictor.py, a point-wise model, as
an external command. The same model as a TorchScript 1x1 convolution (written here by Debian's
python3-torch) scores the same sweep in process, on the squeezeseg-front LiDAR whose cells are the
network's grid, so every cell is one point in both paths. The two runs' scene x class rows must be
equal. A command that fails once is retried. Then a failing command, a command that writes too few labels and one that hangs must each
stop the sweep with one line naming CMD.json and the scene, keeping no half-written scene.

usage: external_predictor.py BLINDSPOT SOURCE_DIR WORKDIR
"""
import json
import os
import shutil
import sqlite3
import subprocess
import sys

import torch

CONFIG = {"name": "external-predictor", "lidar": "squeezeseg-front", "sampler": {"type": "grid"},
          "dimensions": {"car_model": {"value": "sedan"},
                         "x_m": {"values": [6, 9, 12, 15, 18]},
                         "y_m": {"values": [-3, -1, 1, 3]},
                         "background": {"value": "urban-01"}}}
SK_CLASSES_OF = {40: 9, 10: 1, 50: 13}  # semantic-kitti.yaml learning_map for the model's ids


def write_torchscript_twin(weights_path, ckpt):
    """The point-wise model as a 1x1 convolution over blindspot's normalised input."""
    with open(weights_path) as f:
        weights = json.load(f)
    channels = ["x", "y", "z", "intensity", "range"]
    conv = torch.nn.Conv2d(5, 20, 1)
    with torch.no_grad():
        conv.weight.zero_()
        conv.bias.fill_(-1.0e4)  # classes the model never predicts
        mean, std = [0.0, 0.0, -1.04, 0.0, 0.0], [1.0, 1.0, 0.86, 1.0, 1.0]
        for c in weights["classes"]:
            k = SK_CLASSES_OF[c["semantickitti_id"]]
            conv.weight[k, channels.index(c["channel"]), 0, 0] = c["slope"]
            conv.bias[k] = c["intercept"]
            assert (c["mean"], c["std"]) == (-1.04, 0.86)
    os.makedirs(ckpt)
    torch.jit.script(conv).save(os.path.join(ckpt, "model.ts"))
    card = {"architecture": "torchscript", "weights": "model.ts", "input_channels": channels,
            "grid": {"rows": 64, "cols": 512, "top_elevation_deg": 2.0,
                     "elevation_step_deg": 0.4, "left_azimuth_deg": 45.0,
                     "azimuth_step_deg": 90.0 / 512},
            "mean": mean, "std": std, "empty_cells": "zero", "learning_map": "semantickitti"}
    with open(os.path.join(ckpt, "model_card.json"), "w") as f:
        json.dump(card, f)


def rows(run_dir):
    db = sqlite3.connect(f"file:{os.path.join(run_dir, 'results.sqlite')}?mode=ro", uri=True)
    out = sorted(db.execute("SELECT scene_id, class, tp, fp, fn FROM scene_class").fetchall())
    db.close()
    return out


def sweep(blindspot, config, run_dir, model, check=True):
    p = subprocess.run([blindspot, "sweep", config, "-o", run_dir, "--model", model, "--batch",
                        "8"], capture_output=True, text=True)
    if check and p.returncode != 0:
        sys.exit(f"FAIL: sweep --model {model} exited {p.returncode}: {p.stderr.strip()}")
    return p


def expect_one_line(p, *needles):
    err = p.stderr.strip().splitlines()
    last = err[-1] if err else ""
    assert 0 < p.returncode < 128, (p.returncode, p.stderr)
    assert last.startswith("error: "), p.stderr
    for n in needles:
        assert n in last, (n, last)
    print("  ", last)


def broken_spec(work, name, command, timeout_s=600):
    path = os.path.join(work, name + ".json")
    with open(path, "w") as f:
        json.dump({"command": command, "learning_map": "semantickitti", "timeout_s": timeout_s}, f)
    return "external:" + path


def fresh_work_dir(work, config):
    """Empties WORK and writes the sweep config into it; returns the config's path."""
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    path = os.path.join(work, "config.json")
    with open(path, "w") as f:
        json.dump(config, f)
    return path


def main():
    blindspot, source, work = sys.argv[1], sys.argv[2], sys.argv[3]
    config = fresh_work_dir(work, CONFIG)
    example = os.path.join(source, "models", "external")
    write_torchscript_twin(os.path.join(example, "pointwise_weights.json"),
                           os.path.join(work, "ckpt"))

    sweep(blindspot, config, os.path.join(work, "in-process"), os.path.join(work, "ckpt"))
    sweep(blindspot, config, os.path.join(work, "external"),
          "external:" + os.path.join(example, "pointwise.json"))
    a, b = rows(os.path.join(work, "in-process")), rows(os.path.join(work, "external"))
    assert len({r[0] for r in a}) == 20, len({r[0] for r in a})
    assert a == b, [(x, y) for x, y in zip(a, b) if x != y][:5]
    by_class = {}
    for _, cls, tp, fp, fn in a:
        by_class.setdefault(cls, [0, 0, 0])
        by_class[cls] = [s + v for s, v in zip(by_class[cls], (tp, fp, fn))]
    print("20 scenes, rows equal; pooled TP/FP/FN:",
          {c: v for c, v in by_class.items() if any(v)})
    assert by_class["car"][0] > 0 and by_class["road"][0] > 0

    # Networks with different label sets compare on a shared class, and the report says how.
    base = os.path.join(work, "baseline")
    p = subprocess.run([blindspot, "sweep", config, "-o", base], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    cmp_dir = os.path.join(work, "compare")
    p = subprocess.run([blindspot, "compare", base, os.path.join(work, "external"), "--class",
                        "car", "-o", cmp_dir], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    with open(os.path.join(cmp_dir, "comparison.json")) as f:
        mapping = json.load(f)["class_mapping"]
    assert mapping["same"] and (mapping["classes_a"], mapping["classes_b"]) == (13, 20), mapping
    with open(os.path.join(cmp_dir, "index.html")) as f:
        assert mapping["note"].replace('"', "&quot;") in f.read()
    print("compare 13-class baseline vs 20-class external:", mapping["note"])

    # A command that fails once is run once more, and the sweep goes on.
    flag = os.path.join(work, "failed-once")
    flaky = broken_spec(work, "flaky", [
        "/bin/sh", "-c", f'if [ ! -e {flag} ]; then touch {flag}; exit 9; fi; exec /usr/bin/python3 '
        f'{example}/pointwise_predictor.py --weights {example}/pointwise_weights.json "$0"'])
    sweep(blindspot, config, os.path.join(work, "flaky-run"), flaky)
    assert os.path.exists(flag) and rows(os.path.join(work, "flaky-run")) == a
    print("a batch that failed once was retried; rows equal")

    print("failures stop the sweep with one line naming CMD.json and the scenes:")
    failing = broken_spec(work, "exits", ["/bin/sh", "-c", "echo model crashed >&2; exit 3"])
    p = sweep(blindspot, config, os.path.join(work, "fails"), failing, check=False)
    expect_one_line(p, "exits.json", "exit status 3", "model crashed")
    short = broken_spec(work, "short", ["/bin/sh", "-c",
                                        'mkdir -p "$0/predictions"; for f in "$0"/velodyne/*.bin;'
                                        ' do printf "\\050\\000\\000\\000" > "$0/predictions/'
                                        '$(basename "$f" .bin).label"; done'])
    p = sweep(blindspot, config, os.path.join(work, "short-run"), short, check=False)
    expect_one_line(p, "short.json", "holds 1 labels for", "points")
    hangs = broken_spec(work, "hangs", ["/bin/sh", "-c", "sleep 30"], timeout_s=1)
    p = sweep(blindspot, config, os.path.join(work, "hangs-run"), hangs, check=False)
    expect_one_line(p, "hangs.json", "no exit before the timeout (1 s)")
    for run in ("fails", "short-run", "hangs-run"):
        assert rows(os.path.join(work, run)) == [], run  # no scene was half-written
    print("OK")


if __name__ == "__main__":
    main()

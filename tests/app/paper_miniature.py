#!/usr/bin/python3
"""The retraining loop with its control arm, in miniature (issue 37): scripts/paper-experiment.sh
end to end on 8 scenes (a 2 x 2 grid of positions on two backgrounds), the 2 weakest cells
selected, a random control of as many cells, both exported from one background and fine-tuned for
one epoch with the same recipe and seed on a few original scans, both swept on the identical cached
scans and on two held-out backgrounds, and every comparison written.

Checked: both arms train from the same recipe, seed, epochs and original data, differing only in
their exported cells; the random selection has as many cells as the targeted one, drawn from the
measured ones; the targeted and random checkpoints are compared on the selected cells, the other
cells and the held-out backgrounds, each with its interval over backgrounds; every sweep after
retraining scores the same scenes as the sweep before it (the same cached scans).

usage: paper_miniature.py BLINDSPOT PROJECT_ROOT WORKDIR
"""
import json
import os
import shutil
import subprocess
import sys


def config(name, backgrounds):
    # x 6 and 12 m, y -3 and 2 m: four cells per background, one sedan each.
    return {"name": name, "lidar": "hdl64e-kitti", "sampler": {"type": "grid"},
            "dimensions": {"car_model": {"value": "sedan"},
                           "x_m": {"range": {"start": 6, "stop": 12, "step": 6}},
                           "y_m": {"range": {"start": -3, "stop": 2, "step": 5}},
                           "yaw_deg": {"value": 0}, "count": {"value": 1},
                           "background": {"values": backgrounds}}}


def write_json(path, value):
    with open(path, "w") as f:
        json.dump(value, f)
    return path


def run(argv, **kwargs):
    p = subprocess.run(argv, capture_output=True, text=True, **kwargs)
    if p.returncode != 0:
        sys.exit(f"FAIL: {' '.join(argv[:3])} exited {p.returncode}:\n{p.stdout[-3000:]}\n"
                 f"{p.stderr[-3000:]}")
    return p


def load(work, *path):
    with open(os.path.join(work, *path)) as f:
        return json.load(f)


def main():
    cli, root, work = sys.argv[1:4]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    original = os.path.join(work, "original")
    for split, scans, seed in (("train", 8, 1), ("val", 4, 2)):
        run([cli, "generate", "--backgrounds", "urban-03", "--scans", str(scans), "--cars", "1..2",
             "--seed", str(seed), "--lidar", "hdl64e-kitti", "--models", "sedan,hatchback",
             "-o", os.path.join(original, split)])
    env = dict(os.environ, BLINDSPOT_CLI=cli, WORST="2", EPOCHS="1", JOBS="1",
               CONFIG=write_json(os.path.join(work, "mini.json"),
                                 config("mini", ["urban-01", "urban-02"])),
               HELDOUT_CONFIG=write_json(os.path.join(work, "mini-heldout.json"),
                                         config("mini-heldout", ["urban:7001", "urban:7002"])),
               EXPORT_BACKGROUNDS="urban-04", ORIGINAL=original)
    exp = os.path.join(work, "experiment")
    p = run(["bash", os.path.join(root, "scripts", "paper-experiment.sh"), exp], env=env)
    failures = []
    targeted = load(exp, "selection.json")
    random_pick = load(exp, "selection-random.json")
    cells = lambda s: sorted(json.dumps(c, sort_keys=True) for c in s["cells"])
    if len(targeted["cells"]) != 2 or len(random_pick["cells"]) != 2:
        failures.append(f"cells selected {len(targeted['cells'])}, at random "
                        f"{len(random_pick['cells'])}, want 2 and 2")
    recipes = [load(exp, arm, "model_card.json")["training"] for arm in
               ("retrained", "retrained-random")]
    same = ("seed", "epochs", "batch", "learning_rate", "crop_cols")
    for key in same:
        a, b = (r["recipe"].get(key) for r in recipes)
        if a != b or a is None:
            failures.append(f"the arms' {key}: {a} and {b}")
    if recipes[0]["recipe"]["epochs"] != 1:
        failures.append(f"epochs {recipes[0]['recipe']['epochs']}, want 1")
    for key in ("init_hash", "data_hash", "val_hash"):
        if recipes[0][key] != recipes[1][key]:
            failures.append(f"the arms' {key}: {recipes[0][key]} and {recipes[1][key]}")
    if (cells(targeted) != cells(random_pick) and
            recipes[0]["retrain_hash"] == recipes[1]["retrain_hash"]):
        failures.append("the arms exported different cells but trained on the same retraining set")
    before = load(exp, "compare", "comparison.json")
    for name in ("compare", "compare-random", "compare-targeted-vs-random"):
        c = load(exp, name, "comparison.json")
        sel = c.get("selection", {})
        if c["paired_scenes"] != 8 or "selected_cells" not in sel or "other_cells" not in sel:
            failures.append(f"{name}: {c['paired_scenes']} paired scenes, selection "
                            f"{sorted(sel)}; want 8 and selected/other cells")
        elif (sel["selected_cells"]["clusters"] != 2 or
              len(sel["selected_cells"]["ci95_cluster"]) != 2):
            failures.append(f"{name}: selected cells {sel['selected_cells']}")
    for name in ("heldout-compare", "heldout-targeted-vs-random"):
        c = load(exp, name, "comparison.json")
        if c["paired_scenes"] != 8 or c["bootstrap"]["clusters"] != 2:
            failures.append(f"{name}: {c['paired_scenes']} paired scenes, "
                            f"{c['bootstrap']['clusters']} backgrounds")
    # Random against targeted is the targeted gain minus the random one, scene by scene.
    direct = load(exp, "compare-targeted-vs-random", "comparison.json")
    rand = load(exp, "compare-random", "comparison.json")
    want = before["mean_delta"] - rand["mean_delta"]
    if abs(direct["mean_delta"] - want) > 1e-9:
        failures.append(f"targeted - random {direct['mean_delta']} != {want}")
    if failures:
        sys.exit("FAIL: " + "; ".join(failures))
    steps = [line for line in p.stdout.splitlines() if line.startswith("== ")]
    print("\n".join(steps))
    print(f"paper experiment in miniature: 2 cells targeted, 2 at random; gain "
          f"{before['mean_delta']:+.4f} targeted, {rand['mean_delta']:+.4f} random, the same "
          f"recipe, seed and original data in both arms")


if __name__ == "__main__":
    main()

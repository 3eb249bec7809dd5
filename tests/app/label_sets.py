"""Label sets (issue 16): `generate` and `export` write SemanticKITTI raw ids with
--label-set semantickitti, read back by NumPy as any SemanticKITTI tool reads them.

  label_sets.py BLINDSPOT WORK

For each command, the same output is written in both label sets. The .bin files are identical;
each .label is uint32 with the semantic id in the low 16 bits and the instance in the high 16
(instances identical); every MATLAB palette id maps to its SemanticKITTI id point by point
(road 7 -> 40, car 10 -> 10, sidewalk 8 -> 48, building 1 -> 50, vegetation 9 -> 70, ...); the
manifest records the label set. `train` on both datasets gives byte-identical weights: each label
set is read through its own learning map onto the same classes.
"""
import glob
import json
import os
import shutil
import subprocess
import sys

import numpy as np

# MATLAB palette id -> SemanticKITTI raw id, written out independently of core/segmentation/LabelSet.cpp.
EXPECTED = {1: 50, 3: 99, 4: 30, 5: 80, 6: 60, 7: 40, 8: 48, 9: 70, 10: 10, 12: 81, 13: 81,
            14: 81, 15: 81, 41: 81, 51: 99, 58: 48, 59: 52, 60: 51, 61: 31, 67: 99, 71: 99,
            72: 15, 99: 1, 100: 72, 101: 51, 102: 71}
TINY = """{"name": "label-sets", "lidar": "squeezeseg-front", "sampler": {"type": "grid"},
 "dimensions": {"car_model": {"value": "sedan"}, "x_m": {"values": [8, 12]},
  "y_m": {"values": [-2, 2]}, "background": {"value": "urban-01"}}}
"""


def run(cli, args):
    p = subprocess.run([cli] + args, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"FAIL: blindspot {' '.join(args)} exited {p.returncode}: {p.stderr.strip()}")


def frames(root):
    bins = sorted(glob.glob(f"{root}/sequences/00/velodyne/*.bin"))
    if not bins:
        sys.exit(f"FAIL: no frames under {root}")
    for b in bins:
        label = b.replace("/velodyne/", "/labels/")[:-4] + ".label"
        yield b, np.fromfile(b, dtype=np.float32).reshape(-1, 4), np.fromfile(label, dtype="<u4")


def compare(matlab_dir, sk_dir, manifest):
    seen = {}
    for (bin_a, pts_a, lab_a), (_, pts_b, lab_b) in zip(frames(matlab_dir), frames(sk_dir)):
        assert np.array_equal(pts_a, pts_b), f"{bin_a}: points differ between label sets"
        assert len(lab_a) == len(pts_a), f"{bin_a}: {len(lab_a)} labels for {len(pts_a)} points"
        sem_a, sem_b = lab_a & 0xFFFF, lab_b & 0xFFFF
        assert np.array_equal(lab_a >> 16, lab_b >> 16), f"{bin_a}: instances differ"
        for palette in np.unique(sem_a):
            ids = np.unique(sem_b[sem_a == palette])
            want = EXPECTED.get(int(palette), 99)
            assert list(ids) == [want], f"palette {palette} written as {list(ids)}, not {want}"
            seen[int(palette)] = want
    for name, root, want in (("matlab", matlab_dir, "matlab"), ("sk", sk_dir, "semantickitti")):
        with open(os.path.join(root, manifest)) as f:
            got = json.load(f)["label_set"]
        assert got == want, f"{root}/{manifest}: label_set {got!r}, expected {want!r}"
    for palette, sk in ((7, 40), (10, 10)):
        assert seen.get(palette) == sk, f"no palette {palette} (SemanticKITTI {sk}) point seen"
    return seen


def main():
    cli, work = sys.argv[1], sys.argv[2]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    with open(f"{work}/tiny.json", "w") as f:
        f.write(TINY)
    run(cli, ["sweep", f"{work}/tiny.json", "-o", f"{work}/run"])
    run(cli, ["select", f"{work}/run", "--below", "1.01", "-o", f"{work}/selection.json"])
    for label_set in ("matlab", "semantickitti"):
        run(cli, ["generate", "--scans", "3", "--backgrounds", "urban-02", "--lidar",
                  "squeezeseg-front", "--seed", "5", "--label-set", label_set,
                  "-o", f"{work}/gen-{label_set}"])
        run(cli, ["export", f"{work}/run", "--selection", f"{work}/selection.json",
                  "--backgrounds", "urban-03", "--label-set", label_set,
                  "-o", f"{work}/export-{label_set}"])
    for what, manifest in (("gen", "generate.json"), ("export", "manifest.json")):
        seen = compare(f"{work}/{what}-matlab", f"{work}/{what}-semantickitti", manifest)
        print(f"{what}: palette -> SemanticKITTI ids seen: "
              + ", ".join(f"{p}->{s}" for p, s in sorted(seen.items())))
    for label_set in ("matlab", "semantickitti"):
        data = f"{work}/gen-{label_set}"
        run(cli, ["train", "--data", data, "--val", data, "--epochs", "1", "--batch", "2",
                  "--crop-cols", "32", "--threads", "1", "--quiet", "-o", f"{work}/ckpt-{label_set}"])
    with open(f"{work}/ckpt-matlab/weights.pt", "rb") as a, \
            open(f"{work}/ckpt-semantickitti/weights.pt", "rb") as b:
        assert a.read() == b.read(), "train read the two label sets into different classes"
    print("train: identical weights from both label sets")
    print("PASS")


if __name__ == "__main__":
    main()

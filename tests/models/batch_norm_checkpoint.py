#!/usr/bin/python3
"""A SqueezeSeg with SqueezeSegV2's batch normalisation, trained by blindspot and read back by
PyTorch (issue 33).

blindspot generates two labelled scans and trains a network with the recipe key
"batch_norm": true for three steps. The checkpoint must hold the batch norms' running statistics
as well as their weights: PyTorch loads the LibTorch archive (models/python/squeezeseg.py,
load_libtorch) and every one of the 42 batch norms must have counted the three training batches
and moved its running mean and variance off their initial 0 and 1. Without them an evaluating
network would normalise with the wrong statistics and no test of the weights alone would see it.

Then the checkpoint scores the two scans in process and through the eager PyTorch worker
(models/external/squeezeseg_eager.py, which builds the network from the same card): the counts per
scan and class must be equal.

usage: batch_norm_checkpoint.py BLINDSPOT SOURCE_DIR WORKDIR
"""
import json
import os
import shutil
import subprocess
import sys

import torch

STEPS = 3
BATCH_NORMS = 42  # conv1, conv1_skip, 8 fires x 3, 4 deconvolution fires x 4


def run(*args):
    p = subprocess.run(list(args), capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"FAIL: {' '.join(args[1:3])} exited {p.returncode}: {p.stderr.strip()}")
    return p


def train(blindspot, work):
    data = os.path.join(work, "data")
    run(blindspot, "generate", "--backgrounds", "train-01", "--scans", "2", "-o", data,
        "--seed", "3")
    recipe = os.path.join(work, "recipe.json")
    with open(recipe, "w") as f:
        json.dump({"batch_norm": True, "batch": 2, "crop_cols": 64, "epochs": STEPS,
                   "optimizer": "adam", "learning_rate": 0.001, "threads": 2}, f)
    ckpt = os.path.join(work, "ckpt")
    run(blindspot, "train", "--recipe", recipe, "--data", data, "-o", ckpt)
    return data, ckpt


def check_statistics(source, ckpt):
    sys.path.insert(0, os.path.join(source, "models", "python"))
    from squeezeseg import load_libtorch
    with open(os.path.join(ckpt, "model_card.json")) as f:
        card = json.load(f)
    assert card["batch_norm"] is True, card
    assert card["training"]["recipe"]["batch_norm"] is True
    net = load_libtorch(card, os.path.join(ckpt, card["weights"]))
    norms = [(n, m) for n, m in net.named_modules() if isinstance(m, torch.nn.BatchNorm2d)]
    assert len(norms) == BATCH_NORMS, [n for n, _ in norms]
    for name, m in norms:
        assert int(m.num_batches_tracked) == STEPS, (name, int(m.num_batches_tracked))
        assert m.running_mean.abs().max() > 0, f"{name}: running mean still 0"
        assert (m.running_var - 1).abs().max() > 0, f"{name}: running variance still 1"
    print(f"{len(norms)} batch norms, each with {STEPS} batches in its running statistics")


def counts(summary_path):
    with open(summary_path) as f:
        s = json.load(f)
    return [(scan["name"], c["class"], c["tp"], c["fp"], c["fn"])
            for scan in s["scans"] for c in scan["classes"]]


def compare_with_eager(blindspot, source, work, data, ckpt):
    spec = os.path.join(work, "eager.json")
    worker = os.path.join(source, "models", "external", "squeezeseg_eager.py")
    card = os.path.join(ckpt, "model_card.json")
    with open(spec, "w") as f:
        json.dump({"command": ["/usr/bin/python3", worker, "--card", card, "--weights",
                               os.path.join(ckpt, "weights.pt"), "--threads", "2"],
                   "input": "range_image", "model_card": card, "protocol": "persistent",
                   "timeout_s": 300}, f)
    native, eager = (os.path.join(work, n) for n in ("in-process", "eager"))
    run(blindspot, "evaluate", data, "--model", ckpt, "-o", native)
    run(blindspot, "evaluate", data, "--model", "external:" + spec, "-o", eager)
    a, b = counts(os.path.join(native, "summary.json")), counts(os.path.join(eager, "summary.json"))
    assert len({r[0] for r in a}) == 2, a
    assert a == b, [(x, y) for x, y in zip(a, b) if x != y]
    print(f"{len(a)} scan x class counts equal in process and in PyTorch eager")


def main():
    blindspot, source, work = sys.argv[1], os.path.abspath(sys.argv[2]), sys.argv[3]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    data, ckpt = train(blindspot, work)
    check_statistics(source, ckpt)
    compare_with_eager(blindspot, source, work, data, ckpt)
    print("PASS")


if __name__ == "__main__":
    main()

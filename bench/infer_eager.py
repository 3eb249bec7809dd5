"""PyTorch-eager timing of SqueezeSeg with the weights of a blindspot checkpoint.

usage: /usr/bin/python3 infer_eager.py CHECKPOINT_DIR THREADS REPEATS
Prints one JSON line: {"parameters": N, "ms_per_frame": {"1": ..., "8": ...}} (median times).
"""
import json
import os
import statistics
import sys
import time

import torch

sys.path.insert(0, os.path.dirname(__file__))
from squeezeseg import SqueezeSeg  # noqa: E402

ckpt, threads, repeats = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
torch.set_num_threads(threads)
card = json.load(open(os.path.join(ckpt, "model_card.json")))
net = SqueezeSeg(len(card["input_channels"]), len(card["learning_map"]["classes"])).eval()
# A LibTorch archive loads as a TorchScript module whose parameters carry the same names.
archive = torch.jit.load(os.path.join(ckpt, card["weights"]))
missing = net.load_state_dict(dict(archive.named_parameters()), strict=True)
rows, cols = card["grid"]["rows"], card["grid"]["cols"]
out = {"parameters": sum(p.numel() for p in net.parameters()), "ms_per_frame": {}}
with torch.inference_mode():
    for batch in (1, 8):
        x = torch.randn(batch, len(card["input_channels"]), rows, cols)
        net(x)  # warm-up
        times = []
        for _ in range(repeats):
            t = time.perf_counter()
            net(x)
            times.append((time.perf_counter() - t) * 1000.0 / batch)
        out["ms_per_frame"][str(batch)] = statistics.median(times)
print(json.dumps(out))

"""PyTorch-eager timing of SqueezeSeg with the weights of a blindspot checkpoint.

usage: /usr/bin/python3 infer_eager.py CHECKPOINT_DIR THREADS REPEATS [BATCH ...]
Prints one JSON line: {"parameters": N, "gflop_per_frame": F, "ms_per_frame": {"1": [t, ...]}}:
every timed forward pass (ms per frame), so `bench infer` can interleave rounds of these with
LibTorch's and take medians over all of them. GFLOP counts 2 per multiply-add of the
convolutions and deconvolutions (the rest is memory traffic).
"""
import json
import os
import sys
import time

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "models", "python"))
from squeezeseg import load_libtorch  # noqa: E402  (shipped as share/blindspot/python)

ckpt, threads, repeats = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
batches = [int(b) for b in sys.argv[4:]] or [1, 8]
torch.set_num_threads(threads)
card = json.load(open(os.path.join(ckpt, "model_card.json")))
net = load_libtorch(card, os.path.join(ckpt, card["weights"]))
rows, cols = card["grid"]["rows"], card["grid"]["cols"]

macs = [0]


def count(module, inputs, output):
    w = module.weight
    if isinstance(module, torch.nn.ConvTranspose2d):  # every input element meets the kernel
        macs[0] += inputs[0].numel() * w.shape[1] * w.shape[2] * w.shape[3]
    else:
        macs[0] += output.numel() * w.shape[1] * w.shape[2] * w.shape[3]


for m in net.modules():
    if isinstance(m, (torch.nn.Conv2d, torch.nn.ConvTranspose2d)):
        m.register_forward_hook(count)
with torch.inference_mode():
    net(torch.zeros(1, len(card["input_channels"]), rows, cols))
for m in net.modules():
    m._forward_hooks.clear()
out = {"parameters": sum(p.numel() for p in net.parameters()),
       "gflop_per_frame": 2 * macs[0] / 1e9, "ms_per_frame": {}}
with torch.inference_mode():
    for batch in batches:
        x = torch.randn(batch, len(card["input_channels"]), rows, cols)
        net(x)  # warm-up
        times = []
        for _ in range(repeats):
            t = time.perf_counter()
            net(x)
            times.append((time.perf_counter() - t) * 1000.0 / batch)
        out["ms_per_frame"][str(batch)] = times
print(json.dumps(out))

"""Seeds for the two formats blindspot reads but does not write (issue 19): lidar_2d .npy scans
(numpy's writer) and a TorchScript checkpoint (python3-torch's). Usage: make_corpus.py OUT_DIR."""
import os
import sys

import numpy as np
import torch

out = sys.argv[1]
os.makedirs(f"{out}/fuzz_lidar2d_npy", exist_ok=True)
os.makedirs(f"{out}/fuzz_weights", exist_ok=True)

# lidar_2d holds 64 x 512 x 6 float32 (x, y, z, intensity, range, label); the full grid is 786 kB,
# so the seeds are the header forms (shape, order, dtype) around a small body.
scan = np.zeros((2, 3, 6), dtype="<f4")
scan[0, 0] = [5.0, 0.5, -1.5, 0.3, 5.1, 1.0]
np.save(f"{out}/fuzz_lidar2d_npy/small.npy", scan)
np.save(f"{out}/fuzz_lidar2d_npy/fortran.npy", np.asfortranarray(scan))
np.save(f"{out}/fuzz_lidar2d_npy/big-endian.npy", scan.astype(">f4"))

# A 1 x 1 convolution from 5 channels to 4 classes: fully convolutional, so the SqueezeSeg card's
# 64 x 512 probe runs, and its archive is a few kB.
torch.manual_seed(0)
net = torch.jit.script(torch.nn.Sequential(torch.nn.Conv2d(5, 4, 1)))
torch.jit.save(net, f"{out}/fuzz_weights/conv1x1.ts")

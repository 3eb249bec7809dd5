#!/usr/bin/python3
"""An external predictor for `blindspot sweep --model external:pointwise.json` (docs/models.md).

The contract: the last argument is a SemanticKITTI sequence directory holding velodyne/NNNNNN.bin
(float32 x, y, z, remission per point); write predictions/NNNNNN.label there, one uint32 per
point in the same order, the SemanticKITTI raw id in the low 16 bits. Exit non-zero on failure.

The network here is a tiny point-wise model, so the example runs anywhere: every class's logit
is slope * normalised channel + intercept (weights in --weights JSON), the argmax becomes its
SemanticKITTI raw id through learning_map_inv. Replace `logits` with any network (a RangeNet++
forward pass, an mmdetection3d model) and keep the reading and writing.

usage: pointwise_predictor.py --weights W.json SEQUENCE_DIR   (per batch: pointwise.json)
       pointwise_predictor.py --weights W.json                (persistent: pointwise_persistent.json)
"""
import argparse
import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
from blindspot_worker import serve  # noqa: E402  (models/python/, shipped as share/blindspot/python)

CHANNELS = {"x": 0, "y": 1, "z": 2, "remission": 3}


def logits(points, weights):
    """(N, classes) float32 logits; the arithmetic is float32, like blindspot's own input path."""
    out = np.empty((len(points), len(weights["classes"])), dtype=np.float32)
    for k, c in enumerate(weights["classes"]):
        raw = points[:, CHANNELS[c["channel"]]]
        norm = (raw - np.float32(c["mean"])) * np.float32(1.0 / c["std"])
        out[:, k] = norm * np.float32(c["slope"]) + np.float32(c["intercept"])
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--weights", required=True)
    args, rest = parser.parse_known_args()
    with open(args.weights) as f:
        weights = json.load(f)
    raw_ids = np.array([c["semantickitti_id"] for c in weights["classes"]], dtype=np.uint32)
    return serve(lambda points: raw_ids[np.argmax(logits(points, weights), axis=1)], rest)


if __name__ == "__main__":
    sys.exit(main())

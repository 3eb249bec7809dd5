#!/usr/bin/python3
"""A blindspot SqueezeSeg checkpoint served from PyTorch eager as a range-image network
(squeezeseg_eager.json: "input": "range_image", "protocol": "persistent"; docs/models.md).

    squeezeseg_eager.py --card CARD.json --weights WEIGHTS.pt [--threads N]

blindspot projects each scan with the card and writes the network's normalised C x H x W input
(range_image/NNNNNN.npy); this worker stacks a request's frames into one batch, runs the network
defined in models/python/squeezeseg.py through the inference fast paths that blindspot's own
LibTorch network takes (inference_forward) and answers with the arg-max class per cell. With the
bundled baseline it reproduces the in-process sweep's scene x class rows
(tests/models/eager_baseline.py). Replace SqueezeSeg with your own range-image network (RangeNet++,
SalsaNext) and keep predict(); it runs on CUDA when BLINDSPOT_DEVICE (or CUDA_VISIBLE_DEVICES with a
GPU) allows.
"""
import argparse
import json
import os
import sys

import torch

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "python"))  # shipped as share/blindspot/python
from blindspot_worker import serve  # noqa: E402
from squeezeseg import inference_forward, load_libtorch  # noqa: E402


def load(card_path, weights_path):
    with open(card_path) as f:
        card = json.load(f)
    if card.get("architecture", "squeezeseg") != "squeezeseg" or card.get("crf", False):
        sys.exit(f"{card_path}: expected a SqueezeSeg card without the CRF head")
    return load_libtorch(card, weights_path)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--card", required=True)
    parser.add_argument("--weights", required=True)
    parser.add_argument("--threads", type=int, default=0, help="CPU threads (default: torch's)")
    args, rest = parser.parse_known_args()
    if args.threads > 0:
        torch.set_num_threads(args.threads)
    cuda = torch.cuda.is_available() and os.environ.get("BLINDSPOT_DEVICE", "cuda") != "cpu"
    device = torch.device("cuda" if cuda else "cpu")
    net = load(args.card, args.weights).to(device)

    def predict(images):  # (B, C, H, W) float32 -> (B, H, W) class indices
        with torch.inference_mode():
            x = torch.from_numpy(images).to(device)
            return inference_forward(net, x).argmax(1).to(torch.int32).cpu().numpy()

    return serve(predict, rest, input="range_image", batched=True)


if __name__ == "__main__":
    sys.exit(main())

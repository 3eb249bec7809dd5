#!/usr/bin/python3
"""The point-wise example network (pointwise_predictor.py) in PyTorch, run eagerly, served to
blindspot as a persistent worker (pointwise_torch.json; docs/models.md).

    pointwise_torch.py --save-weights W.pt            write the weights (from pointwise_weights.json)
    pointwise_torch.py [--weights W.pt|W.json]        serve (persistent, or a batch folder last)

The network: per point, the chosen input channel is normalised and one linear layer gives each
class's logit (a torch.nn.Module: Linear(4, classes) whose weights read only that channel); the
argmax becomes its SemanticKITTI raw id. Its arithmetic is float32, as in pointwise_predictor.py,
so both give the same ids. Replace PointwiseNet with any network (a MinkUNet, an SPVCNN) and keep
predict(); it runs on CUDA when BLINDSPOT_DEVICE (or CUDA_VISIBLE_DEVICES with a GPU) allows.
"""
import argparse
import json
import os
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
from blindspot_worker import serve  # noqa: E402  (models/python/, shipped as share/blindspot/python)

CHANNELS = {"x": 0, "y": 1, "z": 2, "remission": 3}


class PointwiseNet(torch.nn.Module):
    def __init__(self, classes):
        super().__init__()
        self.register_buffer("mean", torch.zeros(4))
        self.register_buffer("inv_std", torch.ones(4))
        self.linear = torch.nn.Linear(4, classes)
        self.register_buffer("ids", torch.zeros(classes, dtype=torch.int64))

    def forward(self, points):
        return self.linear((points - self.mean) * self.inv_std)


def weights_from_json(path):
    """A state dict equal to pointwise_weights.json's per-class slopes and intercepts."""
    with open(path) as f:
        classes = json.load(f)["classes"]
    channel = {CHANNELS[c["channel"]] for c in classes}
    if len(channel) != 1:
        raise ValueError("every class must read the same channel")
    k = channel.pop()
    net = PointwiseNet(len(classes))
    with torch.no_grad():
        net.mean[k] = classes[0]["mean"]
        net.inv_std[k] = torch.tensor(1.0 / classes[0]["std"], dtype=torch.float32)
        net.linear.weight.zero_()
        for i, c in enumerate(classes):
            net.linear.weight[i, k] = c["slope"]
            net.linear.bias[i] = c["intercept"]
            net.ids[i] = c["semantickitti_id"]
    return net.state_dict()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--weights", default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                          "pointwise_weights.json"))
    parser.add_argument("--save-weights")
    args, rest = parser.parse_known_args()
    if args.save_weights:
        torch.save(weights_from_json(args.weights), args.save_weights)
        return 0
    state = torch.load(args.weights) if args.weights.endswith(".pt") else weights_from_json(args.weights)
    net = PointwiseNet(state["ids"].numel())
    net.load_state_dict(state)
    device = os.environ.get("BLINDSPOT_DEVICE", "cuda" if torch.cuda.is_available() else "cpu")
    net = net.to(device).eval()
    torch.set_num_threads(int(os.environ.get("BLINDSPOT_TORCH_THREADS", "1")))

    def predict(points):
        with torch.no_grad():
            logits = net(torch.from_numpy(points).to(device))
            return net.ids[logits.argmax(dim=1)].cpu().numpy()

    return serve(predict, rest)


if __name__ == "__main__":
    sys.exit(main())

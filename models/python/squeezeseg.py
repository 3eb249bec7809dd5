"""SqueezeSeg in PyTorch eager, layer for layer as models/network/SqueezeSeg.cpp (same parameter names).

Used by the build to write the TorchScript test fixture, by `bench infer` for the
LibTorch-vs-PyTorch ratio, and by models/external/squeezeseg_eager.py to serve a checkpoint.
Runs under Debian's /usr/bin/python3 with python3-torch (1.13).
"""
import torch
import torch.nn as nn


def batch_norm(channels, on):
    """SqueezeSegV2's batch normalisation after a convolution, or nothing (the card's batch_norm)."""
    return nn.BatchNorm2d(channels) if on else nn.Identity()


class Expand(nn.Module):
    """The expand 1x1 and expand 3x3 of a fire, each + ReLU, concatenated (1x1 first)."""

    def expand(self, x):
        return torch.cat([torch.relu(self.expand1x1_bn(self.expand1x1(x))),
                          torch.relu(self.expand3x3_bn(self.expand3x3(x)))], 1)


class Fire(Expand):
    def __init__(self, cin, sq, e1, e3, bn=False):
        super().__init__()
        self.squeeze = nn.Conv2d(cin, sq, 1)
        self.expand1x1 = nn.Conv2d(sq, e1, 1)
        self.expand3x3 = nn.Conv2d(sq, e3, 3, padding=1)
        self.squeeze_bn, self.expand1x1_bn = batch_norm(sq, bn), batch_norm(e1, bn)
        self.expand3x3_bn = batch_norm(e3, bn)

    def forward(self, x):
        return self.expand(torch.relu(self.squeeze_bn(self.squeeze(x))))


class FireDeconv(Expand):
    def __init__(self, cin, sq, e1, e3, bn=False):
        super().__init__()
        self.squeeze = nn.Conv2d(cin, sq, 1)
        self.deconv = nn.ConvTranspose2d(sq, sq, (1, 4), (1, 2), (0, 1))
        self.expand1x1 = nn.Conv2d(sq, e1, 1)
        self.expand3x3 = nn.Conv2d(sq, e3, 3, padding=1)
        self.squeeze_bn, self.deconv_bn = batch_norm(sq, bn), batch_norm(sq, bn)
        self.expand1x1_bn, self.expand3x3_bn = batch_norm(e1, bn), batch_norm(e3, bn)

    def forward(self, x):
        x = torch.relu(self.deconv_bn(self.deconv(torch.relu(self.squeeze_bn(self.squeeze(x))))))
        return self.expand(x)


class SqueezeSeg(nn.Module):
    def __init__(self, channels=5, classes=4, bn=False):
        super().__init__()
        self.conv1 = nn.Conv2d(channels, 64, 3, (1, 2), 1)
        self.conv1_skip = nn.Conv2d(channels, 64, 1)
        self.conv1_bn, self.conv1_skip_bn = batch_norm(64, bn), batch_norm(64, bn)
        self.pool = nn.MaxPool2d(3, (1, 2), 1)
        self.fire2, self.fire3 = Fire(64, 16, 64, 64, bn), Fire(128, 16, 64, 64, bn)
        self.fire4, self.fire5 = Fire(128, 32, 128, 128, bn), Fire(256, 32, 128, 128, bn)
        self.fire6, self.fire7 = Fire(256, 48, 192, 192, bn), Fire(384, 48, 192, 192, bn)
        self.fire8, self.fire9 = Fire(384, 64, 256, 256, bn), Fire(512, 64, 256, 256, bn)
        self.fire_deconv10 = FireDeconv(512, 64, 128, 128, bn)
        self.fire_deconv11 = FireDeconv(256, 32, 64, 64, bn)
        self.fire_deconv12 = FireDeconv(128, 16, 32, 32, bn)
        self.fire_deconv13 = FireDeconv(64, 16, 32, 32, bn)
        self.drop = nn.Dropout(0.5)
        self.conv14 = nn.Conv2d(64, classes, 3, padding=1)

    def forward(self, x):
        c1 = torch.relu(self.conv1_bn(self.conv1(x)))
        skip = torch.relu(self.conv1_skip_bn(self.conv1_skip(x)))
        f3 = self.fire3(self.fire2(self.pool(c1)))
        f5 = self.fire5(self.fire4(self.pool(f3)))
        f9 = self.fire9(self.fire8(self.fire7(self.fire6(self.pool(f5)))))
        d10 = self.fire_deconv10(f9) + f5
        d11 = self.fire_deconv11(d10) + f3
        d12 = self.fire_deconv12(d11) + c1
        d13 = self.fire_deconv13(d12) + skip
        return self.conv14(self.drop(d13))


# Inference fast paths, as models/network/SqueezeSeg.cpp runs them when no gradient is wanted: the 3 x 3
# stride-(1, 2) max pool as a 3-tap max along the width, then along the height (bit-identical),
# and each 1 x 4 stride-(1, 2) transposed convolution as two interleaved 1 x 2 convolutions (the
# sums run in another order than slow_conv_transpose2d's). With them an eager network computes
# what blindspot's in-process one computes, op for op, at its speed. Module-level functions, so
# that torch.jit.script(SqueezeSeg()) still sees the reference forward.
def max_pool_width_stride2(x):
    inf = float("inf")
    h, w_out = x.shape[2], (x.shape[3] - 1) // 2 + 1
    wp = nn.functional.pad(x, (1, 1, 0, 0), value=-inf)
    taps = [wp[:, :, :, k:k + 2 * w_out - 1:2] for k in range(3)]
    across = torch.maximum(torch.maximum(taps[0], taps[1]), taps[2])
    hp = nn.functional.pad(across, (0, 0, 1, 1), value=-inf)
    return torch.maximum(torch.maximum(hp[:, :, 0:h], hp[:, :, 1:h + 1]), hp[:, :, 2:h + 2])


def deconv_width2(deconv, x):
    w = deconv.weight  # in x out x 1 x 4

    def taps(a, b):
        return torch.stack([w[:, :, :, a], w[:, :, :, b]], 3).transpose(0, 1).contiguous()

    padded = nn.functional.pad(x, (1, 1))
    width = x.shape[3]
    even = nn.functional.conv2d(padded[:, :, :, 0:width + 1], taps(3, 1), deconv.bias)
    odd = nn.functional.conv2d(padded[:, :, :, 1:width + 2], taps(2, 0), deconv.bias)
    return torch.stack([even, odd], 4).view(x.shape[0], even.shape[1], x.shape[2], 2 * width)


def fire_deconv_inference(m, x):
    x = torch.relu(m.deconv_bn(deconv_width2(m.deconv, torch.relu(m.squeeze_bn(m.squeeze(x))))))
    return m.expand(x)


def inference_forward(net, x):
    """net(x) in eval mode through the fast paths above (no dropout, no gradient)."""
    pool = max_pool_width_stride2
    c1 = torch.relu(net.conv1_bn(net.conv1(x)))
    skip = torch.relu(net.conv1_skip_bn(net.conv1_skip(x)))
    f3 = net.fire3(net.fire2(pool(c1)))
    f5 = net.fire5(net.fire4(pool(f3)))
    f9 = net.fire9(net.fire8(net.fire7(net.fire6(pool(f5)))))
    d10 = fire_deconv_inference(net.fire_deconv10, f9) + f5
    d11 = fire_deconv_inference(net.fire_deconv11, d10) + f3
    d12 = fire_deconv_inference(net.fire_deconv12, d11) + c1
    d13 = fire_deconv_inference(net.fire_deconv13, d12) + skip
    return net.conv14(d13)


def load_libtorch(card, weights_path):
    """The network of a blindspot model card (a dict) with its LibTorch weights, in eval mode.
    A LibTorch archive loads as a TorchScript module whose parameters and buffers (the batch
    norms' running statistics) carry the same names as this module's."""
    net = SqueezeSeg(len(card["input_channels"]), len(card["learning_map"]["classes"]),
                     bn=card.get("batch_norm", False))
    archive = torch.jit.load(weights_path, map_location="cpu")
    state = dict(archive.named_parameters())
    state.update(archive.named_buffers())
    net.load_state_dict(state, strict=True)
    return net.eval()

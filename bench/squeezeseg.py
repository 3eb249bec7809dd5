"""SqueezeSeg in PyTorch eager, layer for layer as models/SqueezeSeg.cpp (same parameter names).

Used by the build to write the TorchScript test fixture and by `bench infer` for the
LibTorch-vs-PyTorch ratio. Runs under Debian's /usr/bin/python3 with python3-torch (1.13).
"""
import torch
import torch.nn as nn


class Fire(nn.Module):
    def __init__(self, cin, sq, e1, e3):
        super().__init__()
        self.squeeze = nn.Conv2d(cin, sq, 1)
        self.expand1x1 = nn.Conv2d(sq, e1, 1)
        self.expand3x3 = nn.Conv2d(sq, e3, 3, padding=1)

    def forward(self, x):
        x = torch.relu(self.squeeze(x))
        return torch.cat([torch.relu(self.expand1x1(x)), torch.relu(self.expand3x3(x))], 1)


class FireDeconv(nn.Module):
    def __init__(self, cin, sq, e1, e3):
        super().__init__()
        self.squeeze = nn.Conv2d(cin, sq, 1)
        self.deconv = nn.ConvTranspose2d(sq, sq, (1, 4), (1, 2), (0, 1))
        self.expand1x1 = nn.Conv2d(sq, e1, 1)
        self.expand3x3 = nn.Conv2d(sq, e3, 3, padding=1)

    def forward(self, x):
        x = torch.relu(self.deconv(torch.relu(self.squeeze(x))))
        return torch.cat([torch.relu(self.expand1x1(x)), torch.relu(self.expand3x3(x))], 1)


class SqueezeSeg(nn.Module):
    def __init__(self, channels=5, classes=4):
        super().__init__()
        self.conv1 = nn.Conv2d(channels, 64, 3, (1, 2), 1)
        self.conv1_skip = nn.Conv2d(channels, 64, 1)
        self.pool = nn.MaxPool2d(3, (1, 2), 1)
        self.fire2, self.fire3 = Fire(64, 16, 64, 64), Fire(128, 16, 64, 64)
        self.fire4, self.fire5 = Fire(128, 32, 128, 128), Fire(256, 32, 128, 128)
        self.fire6, self.fire7 = Fire(256, 48, 192, 192), Fire(384, 48, 192, 192)
        self.fire8, self.fire9 = Fire(384, 64, 256, 256), Fire(512, 64, 256, 256)
        self.fire_deconv10 = FireDeconv(512, 64, 128, 128)
        self.fire_deconv11 = FireDeconv(256, 32, 64, 64)
        self.fire_deconv12 = FireDeconv(128, 16, 32, 32)
        self.fire_deconv13 = FireDeconv(64, 16, 32, 32)
        self.drop = nn.Dropout(0.5)
        self.conv14 = nn.Conv2d(64, classes, 3, padding=1)

    def forward(self, x):
        c1 = torch.relu(self.conv1(x))
        skip = torch.relu(self.conv1_skip(x))
        f3 = self.fire3(self.fire2(self.pool(c1)))
        f5 = self.fire5(self.fire4(self.pool(f3)))
        f9 = self.fire9(self.fire8(self.fire7(self.fire6(self.pool(f5)))))
        d10 = self.fire_deconv10(f9) + f5
        d11 = self.fire_deconv11(d10) + f3
        d12 = self.fire_deconv12(d11) + c1
        d13 = self.fire_deconv13(d12) + skip
        return self.conv14(self.drop(d13))

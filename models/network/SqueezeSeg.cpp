#include "models/network/SqueezeSeg.hpp"

#include <ATen/autocast_mode.h>
#include <ATen/ops/mkldnn_convolution.h>

#include <cmath>
#include <limits>

namespace blindspot {

namespace nn = torch::nn;

namespace {

nn::Conv2d conv(int in, int out, int kernel, int stride_w = 1) {
    return nn::Conv2d(nn::Conv2dOptions(in, out, kernel).stride({1, stride_w}).padding(kernel / 2));
}

// A 1 x 1 convolution for inference. LibTorch 1.13 computes one on a batch under 16 through its
// own im2col path (slow_conv2d) when it runs on one thread ("THNN is faster when single-threaded",
// use_mkldnn in aten/src/ATen/native/Convolution.cpp) and through oneDNN on two or more. Here that
// path made a forward pass 7.5 times slower on one core than on two (`bench sweep --score --cores
// 1`, docs/scale.md), and its sums run in another order, so scores would depend on the thread
// count. Outside training and autocast (whose bf16 casts apply to conv2d), every 1 x 1
// convolution goes to oneDNN directly: the call LibTorch itself makes on two or more threads.
torch::Tensor pointwise(nn::Conv2d& c, const torch::Tensor& x) {
    if (torch::GradMode::is_enabled() || !x.device().is_cpu() || x.scalar_type() != torch::kFloat ||
        at::autocast::is_cpu_enabled())
        return c(x);
    const auto format = x.suggest_memory_format();
    return at::mkldnn_convolution(x.contiguous(format), c->weight.contiguous(format), c->bias,
                                  {0, 0}, {1, 1}, {1, 1}, 1);
}

// A K x 1 x 3 x 5 depthwise kernel exp(-(dz^2 + da^2) / theta_sq[k]) with a zero centre
// (util.angular_filter_kernel in the reference).
torch::Tensor angularKernel(const std::vector<double>& theta_a) {
    const int k = int(theta_a.size());
    torch::Tensor kernel = torch::zeros({k, 1, 3, 5});
    auto a = kernel.accessor<float, 4>();
    for (int c = 0; c < k; ++c)
        for (int i = 0; i < 3; ++i)
            for (int j = 0; j < 5; ++j)
                if (i != 1 || j != 2)
                    a[c][0][i][j] =
                        float(std::exp(-double((i - 1) * (i - 1) + (j - 2) * (j - 2)) /
                                       (theta_a[std::size_t(c)] * theta_a[std::size_t(c)])));
    return kernel;
}

// The 14 neighbours of every cell in a 3 x 5 window, zero-padded: B x C x 14 x H x W.
torch::Tensor neighbours(const torch::Tensor& x) {
    const auto b = x.size(0), c = x.size(1), h = x.size(2), w = x.size(3);
    const torch::Tensor cols = torch::nn::functional::unfold(
        x, torch::nn::functional::UnfoldFuncOptions({3, 5}).padding({1, 2}));
    const torch::Tensor all = cols.view({b, c, 15, h, w});
    return torch::cat({all.slice(2, 0, 7), all.slice(2, 8, 15)}, 2);
}

// Inference fast paths (issue 18). LibTorch 1.13 runs the pools through max_pool2d_with_indices
// and the deconvolutions through slow_conv_transpose2d: together half of a CPU forward pass. The
// same results come from cheaper operations:
// - a 3 x 3 max pool with stride (1, 2) and padding 1 is a 3-tap max along the width (stride 2)
//   followed by a 3-tap max along the height; max is exact in any order, so the output is
//   bit-identical;
// - a 1 x 4 transposed convolution with stride (1, 2) and padding (0, 1) gives output column 2j
//   from input columns j - 1, j (kernel taps 3, 1) and column 2j + 1 from j, j + 1 (taps 2, 0):
//   two 1 x 2 convolutions, interleaved. The sums run in another order, so values differ in the
//   last bits (6e-7 on unit inputs).
// Training keeps the modules, whose gradients are the reference's.
torch::Tensor maxPoolWidthStride2(const torch::Tensor& x) {
    const double inf = std::numeric_limits<double>::infinity();
    const auto h = x.size(2), w_out = (x.size(3) - 1) / 2 + 1;
    const torch::Tensor wp = torch::constant_pad_nd(x, {1, 1, 0, 0}, -inf);
    using torch::indexing::Slice;
    const auto taps = [&](int k) {
        return wp.index({Slice(), Slice(), Slice(), Slice(k, k + 2 * w_out - 1, 2)});
    };
    const torch::Tensor across = torch::maximum(torch::maximum(taps(0), taps(1)), taps(2));
    const torch::Tensor hp = torch::constant_pad_nd(across, {0, 0, 1, 1}, -inf);
    const auto rows = [&](int k) { return hp.index({Slice(), Slice(), Slice(k, k + h)}); };
    return torch::maximum(torch::maximum(rows(0), rows(1)), rows(2));
}

torch::Tensor deconvWidth2(const nn::ConvTranspose2d& deconv, const torch::Tensor& x) {
    const torch::Tensor& w = deconv->weight;  // in x out x 1 x 4
    auto taps = [&](int a, int b) {
        return torch::stack({w.select(3, a), w.select(3, b)}, 3).transpose(0, 1).contiguous();
    };
    const torch::Tensor padded = torch::constant_pad_nd(x, {1, 1});
    const auto width = x.size(3);
    using torch::indexing::Slice;
    const torch::Tensor even = torch::conv2d(
        padded.index({Slice(), Slice(), Slice(), Slice(0, width + 1)}), taps(3, 1), deconv->bias);
    const torch::Tensor odd = torch::conv2d(
        padded.index({Slice(), Slice(), Slice(), Slice(1, width + 2)}), taps(2, 0), deconv->bias);
    // Interleaved in x's memory format. A bf16 pass runs channels-last (TorchNetwork.cpp); an
    // NCHW result there made the skip additions mix layouts, which LibTorch 1.13 adds element by
    // element: in PyTorch eager, 98 against 43 ms per frame at batch 4 for the whole network.
    if (x.suggest_memory_format() == at::MemoryFormat::ChannelsLast) {
        const torch::Tensor nhwc =
            torch::stack({even.permute({0, 2, 3, 1}), odd.permute({0, 2, 3, 1})}, 3);
        return nhwc.view({x.size(0), x.size(2), 2 * width, even.size(1)}).permute({0, 3, 1, 2});
    }
    return torch::stack({even, odd}, 4).view({x.size(0), even.size(1), x.size(2), 2 * width});
}

// Per-class defaults from the reference's KITTI config.
std::vector<double> perClass(int classes, std::vector<double> kitti) {
    kitti.resize(std::size_t(classes), kitti.back());
    return kitti;
}

// A convolution's batch normalisation, or none (an empty holder passes x through).
torch::Tensor normalised(nn::BatchNorm2d& bn, const torch::Tensor& x) {
    return bn.is_empty() ? x : bn(x);
}

nn::BatchNorm2d batchNorm(nn::Module& m, const std::string& name, int channels, bool on) {
    if (!on) return nn::BatchNorm2d(nullptr);
    return nn::BatchNorm2d(m.register_module(name, nn::BatchNorm2d(channels)));
}

}  // namespace

FireImpl::FireImpl(int in, int s, int e1, int e3, bool bn)
    : squeeze(register_module("squeeze", conv(in, s, 1))),
      expand1x1(register_module("expand1x1", conv(s, e1, 1))),
      expand3x3(register_module("expand3x3", conv(s, e3, 3))),
      squeeze_bn(batchNorm(*this, "squeeze_bn", s, bn)),
      expand1x1_bn(batchNorm(*this, "expand1x1_bn", e1, bn)),
      expand3x3_bn(batchNorm(*this, "expand3x3_bn", e3, bn)) {}

torch::Tensor FireImpl::forward(torch::Tensor x) {
    x = torch::relu(normalised(squeeze_bn, pointwise(squeeze, x)));
    return torch::cat({torch::relu(normalised(expand1x1_bn, pointwise(expand1x1, x))),
                       torch::relu(normalised(expand3x3_bn, expand3x3(x)))},
                      1);
}

FireDeconvImpl::FireDeconvImpl(int in, int s, int e1, int e3, bool bn)
    : squeeze(register_module("squeeze", conv(in, s, 1))),
      expand1x1(register_module("expand1x1", conv(s, e1, 1))),
      expand3x3(register_module("expand3x3", conv(s, e3, 3))),
      deconv(register_module(
          "deconv", nn::ConvTranspose2d(
                        nn::ConvTranspose2dOptions(s, s, {1, 4}).stride({1, 2}).padding({0, 1})))),
      squeeze_bn(batchNorm(*this, "squeeze_bn", s, bn)),
      deconv_bn(batchNorm(*this, "deconv_bn", s, bn)),
      expand1x1_bn(batchNorm(*this, "expand1x1_bn", e1, bn)),
      expand3x3_bn(batchNorm(*this, "expand3x3_bn", e3, bn)) {}

torch::Tensor FireDeconvImpl::forward(torch::Tensor x) {
    x = torch::relu(normalised(squeeze_bn, pointwise(squeeze, x)));
    x = torch::relu(
        normalised(deconv_bn, torch::GradMode::is_enabled() ? deconv(x) : deconvWidth2(deconv, x)));
    return torch::cat({torch::relu(normalised(expand1x1_bn, pointwise(expand1x1, x))),
                       torch::relu(normalised(expand3x3_bn, expand3x3(x)))},
                      1);
}

RecurrentCrfImpl::RecurrentCrfImpl(int k, int n)
    : classes(k),
      iterations(n),
      bilateral_compat(
          register_module("bilateral_compat", nn::Conv2d(nn::Conv2dOptions(k, k, 1).bias(false)))),
      angular_compat(
          register_module("angular_compat", nn::Conv2d(nn::Conv2dOptions(k, k, 1).bias(false)))),
      theta_r(perClass(k, {0.015, 0.015, 0.01, 0.01})) {
    const torch::Tensor off_diagonal = (torch::ones({k, k}) - torch::eye(k)).view({k, k, 1, 1});
    torch::NoGradGuard no_grad;
    bilateral_compat->weight.copy_(0.1 * off_diagonal);
    angular_compat->weight.copy_(0.02 * off_diagonal);
    const auto theta_a = perClass(k, {0.9, 0.9, 0.6, 0.6});
    angular_kernel = register_buffer("angular_kernel", angularKernel(theta_a));
    bilateral_angular_kernel = register_buffer("bilateral_angular_kernel", angularKernel(theta_a));
}

torch::Tensor RecurrentCrfImpl::forward(torch::Tensor logits, torch::Tensor xyz,
                                        torch::Tensor mask) {
    // Bilateral weights per neighbour and class: exp(-|dxyz|^2 / (2 theta_r^2)), B x K x 14 x H x
    // W.
    const torch::Tensor diff = xyz.unsqueeze(2) - neighbours(xyz);
    const torch::Tensor dist_sq = diff.pow(2).sum(1, true);
    std::vector<torch::Tensor> per_class;
    for (int c = 0; c < classes; ++c)
        per_class.push_back(
            torch::exp(-dist_sq / (2.0 * theta_r[std::size_t(c)] * theta_r[std::size_t(c)])));
    const torch::Tensor bilateral = torch::cat(per_class, 1);
    namespace F = torch::nn::functional;
    const auto depthwise = F::Conv2dFuncOptions().padding({1, 2}).groups(classes);
    torch::Tensor energy = logits;
    for (int it = 0; it < iterations; ++it) {
        const torch::Tensor unary = torch::softmax(energy, 1);
        const torch::Tensor angular = F::conv2d(unary, angular_kernel, depthwise);
        const torch::Tensor bi_angular = F::conv2d(unary, bilateral_angular_kernel, depthwise);
        torch::Tensor bi = (neighbours(unary * mask) * bilateral).sum(2) * mask * bi_angular;
        energy = unary + angular_compat(angular) + bilateral_compat(bi);
    }
    return energy;
}

SqueezeSegImpl::SqueezeSegImpl(int c, int k, bool with_crf, std::vector<int> xyz, bool bn)
    : conv1(register_module("conv1", conv(c, 64, 3, 2))),
      conv1_skip(register_module("conv1_skip", conv(c, 64, 1))),
      conv14(register_module("conv14", conv(64, k, 3))),
      pool(register_module("pool",
                           nn::MaxPool2d(nn::MaxPool2dOptions(3).stride({1, 2}).padding(1)))),
      fire2(register_module("fire2", Fire(64, 16, 64, 64, bn))),
      fire3(register_module("fire3", Fire(128, 16, 64, 64, bn))),
      fire4(register_module("fire4", Fire(128, 32, 128, 128, bn))),
      fire5(register_module("fire5", Fire(256, 32, 128, 128, bn))),
      fire6(register_module("fire6", Fire(256, 48, 192, 192, bn))),
      fire7(register_module("fire7", Fire(384, 48, 192, 192, bn))),
      fire8(register_module("fire8", Fire(384, 64, 256, 256, bn))),
      fire9(register_module("fire9", Fire(512, 64, 256, 256, bn))),
      fire_deconv10(register_module("fire_deconv10", FireDeconv(512, 64, 128, 128, bn))),
      fire_deconv11(register_module("fire_deconv11", FireDeconv(256, 32, 64, 64, bn))),
      fire_deconv12(register_module("fire_deconv12", FireDeconv(128, 16, 32, 32, bn))),
      fire_deconv13(register_module("fire_deconv13", FireDeconv(64, 16, 32, 32, bn))),
      drop(register_module("drop", nn::Dropout(0.5))),
      xyz_channels(std::move(xyz)) {
    conv1_bn = batchNorm(*this, "conv1_bn", 64, bn);
    conv1_skip_bn = batchNorm(*this, "conv1_skip_bn", 64, bn);
    if (with_crf) crf = register_module("crf", RecurrentCrf(k));
}

torch::Tensor SqueezeSegImpl::forward(torch::Tensor input, torch::Tensor mask) {
    const auto pool = [this](const torch::Tensor& x) {
        return torch::GradMode::is_enabled() ? this->pool(x) : maxPoolWidthStride2(x);
    };
    const torch::Tensor c1 = torch::relu(normalised(conv1_bn, conv1(input)));
    const torch::Tensor skip = torch::relu(normalised(conv1_skip_bn, pointwise(conv1_skip, input)));
    const torch::Tensor f3 = fire3(fire2(pool(c1)));
    const torch::Tensor f5 = fire5(fire4(pool(f3)));
    const torch::Tensor f9 = fire9(fire8(fire7(fire6(pool(f5)))));
    const torch::Tensor d10 = fire_deconv10(f9) + f5;
    const torch::Tensor d11 = fire_deconv11(d10) + f3;
    const torch::Tensor d12 = fire_deconv12(d11) + c1;
    const torch::Tensor d13 = fire_deconv13(d12) + skip;
    torch::Tensor logits = conv14(drop(d13));
    if (!crf) return logits;
    const torch::Tensor index =
        torch::tensor(std::vector<std::int64_t>(xyz_channels.begin(), xyz_channels.end()));
    return crf(logits, input.index_select(1, index), mask);
}

torch::Tensor maskedWeightedCrossEntropy(const torch::Tensor& logits, const torch::Tensor& labels,
                                         const torch::Tensor& mask,
                                         const torch::Tensor& class_weights) {
    const torch::Tensor safe = labels.clamp(0, logits.size(1) - 1);
    const torch::Tensor ce = torch::nn::functional::cross_entropy(
        logits, safe, torch::nn::functional::CrossEntropyFuncOptions().reduction(torch::kNone));
    const torch::Tensor weight = class_weights.index_select(0, safe.flatten()).view_as(ce);
    return 15.0 * (ce * mask * weight).sum() / mask.sum().clamp_min(1.0);
}

}  // namespace blindspot

#pragma once
// SqueezeSeg (Wu et al. 2018) as a LibTorch module, layer for layer as the reference
// (BichenWuUCB/SqueezeSeg, src/nets/squeezeSeg.py). Internal to models/: torch headers stay here.
//
// Every stride is (1, 2): the width shrinks 512 -> 256 -> 128 -> 64 -> 32 and the height stays.
//
// With batch_norm, every convolution but the last is followed by batch normalisation before its
// ReLU, as in SqueezeSegV2 (Wu et al. 2019, src/nets/squeezeSeg.py of xuanyuzhou98/SqueezeSegV2).
// Without it, network 11's encoder had died in training: fire4 to fire9 put out activations of
// 1e-8 to 1e-14, so its labels came from fire3 and the skips alone (docs/fidelity.md).
#include <torch/torch.h>

#include <vector>

namespace blindspot {

/// squeeze 1x1 + ReLU, then expand 1x1 + ReLU and expand 3x3 + ReLU, concatenated (1x1 first).
struct FireImpl : torch::nn::Module {
    FireImpl(int in, int squeeze, int expand1x1, int expand3x3, bool batch_norm = false);
    torch::Tensor forward(torch::Tensor x);
    torch::nn::Conv2d squeeze{nullptr}, expand1x1{nullptr}, expand3x3{nullptr};
    torch::nn::BatchNorm2d squeeze_bn{nullptr}, expand1x1_bn{nullptr}, expand3x3_bn{nullptr};
};
TORCH_MODULE(Fire);

/// Fire with a transposed conv, kernel (1, 4), stride (1, 2), padding (0, 1) + ReLU, after the
/// squeeze: doubles the width.
struct FireDeconvImpl : torch::nn::Module {
    FireDeconvImpl(int in, int squeeze, int expand1x1, int expand3x3, bool batch_norm = false);
    torch::Tensor forward(torch::Tensor x);
    torch::nn::Conv2d squeeze{nullptr}, expand1x1{nullptr}, expand3x3{nullptr};
    torch::nn::ConvTranspose2d deconv{nullptr};
    torch::nn::BatchNorm2d squeeze_bn{nullptr}, deconv_bn{nullptr}, expand1x1_bn{nullptr},
        expand3x3_bn{nullptr};
};
TORCH_MODULE(FireDeconv);

/// The reference's recurrent CRF: 3 mean-field iterations over a 3 x 5 window (centre excluded)
/// with an angular Gaussian and a bilateral Gaussian on normalised xyz, and trainable 1x1
/// compatibility transforms initialised to 0.1 (1 - I) and 0.02 (1 - I).
struct RecurrentCrfImpl : torch::nn::Module {
    explicit RecurrentCrfImpl(int classes, int iterations = 3);
    /// logits B x K x H x W, xyz B x 3 x H x W (normalised), mask B x 1 x H x W (0 / 1).
    torch::Tensor forward(torch::Tensor logits, torch::Tensor xyz, torch::Tensor mask);

    int classes, iterations;
    torch::nn::Conv2d bilateral_compat{nullptr}, angular_compat{nullptr};
    torch::Tensor angular_kernel, bilateral_angular_kernel;  // buffers, K x 1 x 3 x 5
    std::vector<double> theta_r;
};
TORCH_MODULE(RecurrentCrf);

struct SqueezeSegImpl : torch::nn::Module {
    /// `xyz_channels`: where x, y and z sit in the input (for the CRF); empty without CRF.
    SqueezeSegImpl(int in_channels, int classes, bool crf, std::vector<int> xyz_channels = {},
                   bool batch_norm = false);
    /// input B x C x H x W (normalised), mask B x 1 x H x W; returns logits B x K x H x W.
    torch::Tensor forward(torch::Tensor input, torch::Tensor mask);

    torch::nn::Conv2d conv1{nullptr}, conv1_skip{nullptr}, conv14{nullptr};
    torch::nn::BatchNorm2d conv1_bn{nullptr}, conv1_skip_bn{nullptr};
    torch::nn::MaxPool2d pool{nullptr};
    Fire fire2{nullptr}, fire3{nullptr}, fire4{nullptr}, fire5{nullptr};
    Fire fire6{nullptr}, fire7{nullptr}, fire8{nullptr}, fire9{nullptr};
    FireDeconv fire_deconv10{nullptr}, fire_deconv11{nullptr}, fire_deconv12{nullptr},
        fire_deconv13{nullptr};
    torch::nn::Dropout drop{nullptr};
    RecurrentCrf crf{nullptr};
    std::vector<int> xyz_channels;
};
TORCH_MODULE(SqueezeSeg);

/// The reference loss: 15 * sum(CE * mask * w[label]) / sum(mask), with class weights w.
/// logits B x K x H x W, labels B x H x W (int64; any value where mask is 0), mask B x H x W.
torch::Tensor maskedWeightedCrossEntropy(const torch::Tensor& logits, const torch::Tensor& labels,
                                         const torch::Tensor& mask,
                                         const torch::Tensor& class_weights);

}  // namespace blindspot

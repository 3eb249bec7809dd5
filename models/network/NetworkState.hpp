#pragma once
// Internal to models/' LibTorch half (models/runtime/TorchRuntime.hpp): what a network holds (its
// card, module and hash). Includes torch headers.
#include <torch/script.h>
#include <torch/torch.h>

#include "core/base/Precision.hpp"
#include "models/network/SqueezeSeg.hpp"
#include "models/projection/ModelCard.hpp"
#include "models/projection/RangeProjection.hpp"

namespace blindspot {

struct NetworkState {
    ModelCard card;
    SqueezeSeg native{nullptr};           ///< architecture "squeezeseg"
    mutable torch::jit::Module scripted;  ///< architecture "torchscript"
    std::string weights_hash;
    Precision precision = Precision::kFp32;  ///< of inference; training always runs FP32

    /// B x C x H x W normalised input and B x 1 x H x W mask -> FP32 logits, computed in
    /// `precision`.
    torch::Tensor forward(const torch::Tensor& input, const torch::Tensor& mask) const;
};

/// Where x, y and z sit among the card's channels (for the CRF); empty if one is missing.
std::vector<int> xyzChannels(const ModelCard& card);
/// A SqueezeSeg module shaped by the card.
SqueezeSeg makeSqueezeSeg(const ModelCard& card);
/// Stacks images into normalised input B x C x H x W and mask B x 1 x H x W.
std::pair<torch::Tensor, torch::Tensor> batchTensors(const ModelCard& card,
                                                     const std::vector<const RangeImage*>& images);

}  // namespace blindspot

#pragma once
// Internal to models/' LibTorch half (models/TorchRuntime.hpp): what a network holds (its card,
// module and hash) and the class behind SegmentationNetwork. Includes torch headers.
#include <torch/script.h>
#include <torch/torch.h>

#include "core/Precision.hpp"
#include "models/Network.hpp"
#include "models/Training.hpp"
#include "models/ModelCard.hpp"
#include "models/RangeProjection.hpp"
#include "models/SqueezeSeg.hpp"

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

/// SegmentationNetwork in LibTorch; training reaches its state.
class TorchNetwork final : public SegmentationNetwork {
  public:
    explicit TorchNetwork(std::unique_ptr<NetworkState> state) : state_(std::move(state)) {}
    const ModelCard& card() const override { return state_->card; }
    std::string hash() const override;
    void setPrecision(Precision precision) override { state_->precision = precision; }
    Precision precision() const override { return state_->precision; }
    std::size_t parameterCount() const override;
    std::vector<float> logits(const std::vector<const RangeImage*>& images) const override;
    std::vector<float> logits(const std::vector<float>& input, const std::vector<float>& mask,
                              int batch) const override;
    std::vector<std::vector<int>> classify(
        const std::vector<const RangeImage*>& images) const override;
    void save(const std::string& checkpoint_dir) const override;

    /// The module and card behind the network.
    NetworkState& state() const { return *state_; }

  private:
    std::unique_ptr<NetworkState> state_;
};

/// The LibTorch half's own entry points, which models/TorchRuntimeEntry.cpp hands to the rest of
/// the process; see SegmentationNetwork and models/Network.hpp for what each does.
namespace torch_half {
std::unique_ptr<TorchNetwork> loadNetwork(const std::string& checkpoint_dir);
std::unique_ptr<TorchNetwork> createNetwork(const ModelCard& card, std::uint64_t seed);
void setThreads(int threads);
double maskedCrossEntropy(const std::vector<float>& logits, const std::vector<int>& labels,
                          const std::vector<float>& mask, const std::vector<float>& weights,
                          int batch, int classes, int rows, int cols);
TrainReport trainNetwork(const TrainOptions& options, std::ostream& log);
double convolutionPeakGflops(int repeats);
}  // namespace torch_half

}  // namespace blindspot

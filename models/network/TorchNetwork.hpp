#pragma once
// Internal to models/' LibTorch half (models/runtime/TorchRuntime.hpp): the class behind
// SegmentationNetwork and the half's entry points for networks. Includes torch headers.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "models/network/Network.hpp"
#include "models/network/NetworkState.hpp"

namespace blindspot {

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

/// The LibTorch half's own entry points, which models/runtime/TorchRuntimeEntry.cpp hands to the
/// rest of the process; see SegmentationNetwork and models/network/Network.hpp for what each does.
/// Training's and the roofline's are declared in models/training/Training.hpp and
/// models/network/ConvPeak.hpp.
namespace torch_half {
std::unique_ptr<TorchNetwork> loadNetwork(const std::string& checkpoint_dir);
std::unique_ptr<TorchNetwork> createNetwork(const ModelCard& card, std::uint64_t seed);
void setThreads(int threads);
double maskedCrossEntropy(const std::vector<float>& logits, const std::vector<int>& labels,
                          const std::vector<float>& mask, const std::vector<float>& weights,
                          int batch, int classes, int rows, int cols);
}  // namespace torch_half

}  // namespace blindspot

// The LibTorch half's table of entry points (models/runtime/TorchRuntime.hpp), the one symbol
// libblindspot_torch.so exports.
#include "models/network/ConvPeak.hpp"
#include "models/network/TorchNetwork.hpp"
#include "models/runtime/TorchRuntime.hpp"
#include "models/training/Training.hpp"

namespace blindspot {
namespace {

std::unique_ptr<SegmentationNetwork> loadNetwork(const std::string& checkpoint_dir) {
    return torch_half::loadNetwork(checkpoint_dir);
}

std::unique_ptr<SegmentationNetwork> createNetwork(const ModelCard& card, std::uint64_t seed) {
    return torch_half::createNetwork(card, seed);
}

}  // namespace
}  // namespace blindspot

extern "C" __attribute__((visibility("default"))) const blindspot::TorchRuntime*
blindspot_torch_runtime() {
    using namespace blindspot;
    static const TorchRuntime runtime{sizeof(TorchRuntime),
                                      kTorchRuntimeAbi,
                                      &loadNetwork,
                                      &createNetwork,
                                      &torch_half::setThreads,
                                      &torch_half::maskedCrossEntropy,
                                      &torch_half::trainNetwork,
                                      &torch_half::convolutionPeakGflops};
    return &runtime;
}

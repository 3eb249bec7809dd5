// The LibTorch half's table of entry points (models/TorchRuntime.hpp), the one symbol
// libblindspot_torch.so exports.
#include "models/ConvPeak.hpp"
#include "models/TorchNetwork.hpp"
#include "models/TorchRuntime.hpp"
#include "models/Training.hpp"

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

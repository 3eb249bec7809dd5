// libFuzzer target: a checkpoint's weights, through SegmentationNetwork::load (LibTorch's
// loader behind our wrapper). The card is fixed: a TorchScript network on the SqueezeSeg grid.
#include <c10/util/Logging.h>

#include "models/network/Network.hpp"
#include "models/projection/ModelCard.hpp"
#include "tests/fuzz/FuzzInput.hpp"

// LibTorch fetches and symbolises a C++ backtrace for every c10::Error it throws (about 8 ms
// under ASan), and almost every mutated archive ends in one. blindspot never prints those
// backtraces (it reports what_without_backtrace), so the fuzzer skips fetching them.
extern "C" int LLVMFuzzerInitialize(int*, char***) {
    c10::SetStackTraceFetcher([] { return std::string(); });
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace blindspot;
    const auto dir = fuzz::scratchDir() / "checkpoint";
    static const bool card_written = [&] {
        ModelCard card = squeezeSegCard(true);
        card.architecture = "torchscript";
        card.weights = "model.ts";
        saveModelCard(card, dir.string());
        return true;
    }();
    (void)card_written;
    fuzz::writeInput(dir / "model.ts", fuzz::bytesOf(data, size));
    return fuzz::expectOwnErrors([&] { SegmentationNetwork::load(dir.string()); });
}

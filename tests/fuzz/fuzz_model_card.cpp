// libFuzzer target: a checkpoint's model_card.json, through loadModelCard.
#include "models/projection/ModelCard.hpp"
#include "tests/fuzz/FuzzInput.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace blindspot;
    const auto dir = fuzz::scratchDir() / "checkpoint";
    fuzz::writeInput(dir / "model_card.json", fuzz::bytesOf(data, size));
    return fuzz::expectOwnErrors([&] { loadModelCard(dir.string()); });
}

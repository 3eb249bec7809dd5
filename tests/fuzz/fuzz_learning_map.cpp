// libFuzzer target: a learning map (predictions/classes.json, a card's map), through
// loadLearningMap.
#include "core/segmentation/LearningMap.hpp"
#include "tests/fuzz/FuzzInput.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace blindspot;
    const std::string path =
        fuzz::writeInput(fuzz::scratchDir() / "classes.json", fuzz::bytesOf(data, size));
    return fuzz::expectOwnErrors([&] { loadLearningMap(path); });
}

// libFuzzer target: a SemanticKITTI frame (.bin and .label), read as `blindspot evaluate SEQ`
// reads a sequence directory. Input: bin, separator, label.
#include "models/network/RecordedScans.hpp"
#include "models/projection/ModelCard.hpp"
#include "tests/fuzz/FuzzInput.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace blindspot;
    static const ModelCard card = squeezeSegCard(true);
    const auto parts = fuzz::splitFiles(data, size, 2);
    const auto seq = fuzz::scratchDir() / "sequence";
    fuzz::writeInput(seq / "velodyne" / "000000.bin", parts[0]);
    fuzz::writeInput(seq / "labels" / "000000.label", parts[1]);
    return fuzz::expectOwnErrors([&] { loadRecordedScans({seq.string()}, card); });
}

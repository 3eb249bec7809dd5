// libFuzzer target: a lidar_2d .npy scan, read as `blindspot evaluate FILE.npy` reads it.
#include "models/network/RecordedScans.hpp"
#include "models/projection/ModelCard.hpp"
#include "tests/fuzz/FuzzInput.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace blindspot;
    static const ModelCard card = squeezeSegCard(true);
    const std::string path =
        fuzz::writeInput(fuzz::scratchDir() / "scan.npy", fuzz::bytesOf(data, size));
    return fuzz::expectOwnErrors([&] { loadRecordedScans({path}, card); });
}

// libFuzzer target: a sweep config, through loadSweepConfig as `blindspot sweep` reads it.
#include "scenes/CarModel.hpp"
#include "sweep/run/SweepConfig.hpp"
#include "tests/fuzz/FuzzInput.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace blindspot;
    static const Catalogue catalogue =
        catalogueOf(loadCarModels(BLINDSPOT_SOURCE_DIR "/scenes/cars"));
    const std::string path =
        fuzz::writeInput(fuzz::scratchDir() / "sweep.json", fuzz::bytesOf(data, size));
    return fuzz::expectOwnErrors([&] { loadSweepConfig(path, catalogue); });
}

// libFuzzer target: a LiDAR spec file, through loadLidarSpec as `--lidar FILE.json` reads it.
#include "core/lidar/LidarSpec.hpp"
#include "tests/fuzz/FuzzInput.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace blindspot;
    const std::string path =
        fuzz::writeInput(fuzz::scratchDir() / "lidar.json", fuzz::bytesOf(data, size));
    return fuzz::expectOwnErrors([&] { loadLidarSpec(path); });
}

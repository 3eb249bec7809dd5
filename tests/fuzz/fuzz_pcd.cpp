// libFuzzer target: a PCD file, through readPcd.
#include "core/scan/ScanIo.hpp"
#include "tests/fuzz/FuzzInput.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace blindspot;
    const std::string path =
        fuzz::writeInput(fuzz::scratchDir() / "scan.pcd", fuzz::bytesOf(data, size));
    return fuzz::expectOwnErrors([&] { readPcd(path); });
}

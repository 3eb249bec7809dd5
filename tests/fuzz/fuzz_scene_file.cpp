// libFuzzer target: a scene file, through loadPrimitiveScene as `blindspot scan SCENE.json`
// reads it (with the geometry built, since sizes and cell counts are only used there).
#include "scenes/PrimitiveScene.hpp"
#include "tests/fuzz/FuzzInput.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace blindspot;
    const std::string path =
        fuzz::writeInput(fuzz::scratchDir() / "scene.json", fuzz::bytesOf(data, size));
    return fuzz::expectOwnErrors([&] { loadPrimitiveScene(path, 1); });
}

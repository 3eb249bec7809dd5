// libFuzzer target: an imported mesh's sidecar JSON and its OBJ, through importMesh (Assimp
// reads the mesh). Input: sidecar, separator, mesh.obj.
#include "scenes/MeshImport.hpp"
#include "tests/fuzz/FuzzInput.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace blindspot;
    const auto parts = fuzz::splitFiles(data, size, 2);
    const auto dir = fuzz::scratchDir() / "mesh";
    fuzz::writeInput(dir / "mesh.obj", parts[1]);
    const std::string sidecar = fuzz::writeInput(dir / "mesh.json", parts[0]);
    return fuzz::expectOwnErrors([&] { importMesh(sidecar); });
}

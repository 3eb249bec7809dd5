#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "core/base/Error.hpp"
#include "scenes/CarModel.hpp"
#include "scenes/MeshImport.hpp"
#include "scenes/PaintColor.hpp"
#include "scenes/PrimitiveScene.hpp"
#include "tests/TempDir.hpp"
#include "tests/TestData.hpp"

using namespace blindspot;
namespace fs = std::filesystem;

namespace {
fs::path tempDir(const std::string& name) {
    return blindspot::testing::freshTempDir("import-" + name);
}

// Two unit cubes in one OBJ: "Body" at x = 0..1 and "Glass" at x = 3..4 (file units: centimetres,
// y up as in glTF/Blender exports).
void writeTwoCubes(const fs::path& dir) {
    std::ofstream mtl(dir / "cubes.mtl");
    mtl << "newmtl Body\nKd 0.8 0.1 0.1\nnewmtl Glass\nKd 0.1 0.1 0.8\n";
    std::ofstream obj(dir / "cubes.obj");
    obj << "mtllib cubes.mtl\n";
    for (int cube = 0; cube < 2; ++cube) {
        const int x0 = cube * 300;
        for (int k = 0; k < 8; ++k)
            obj << "v " << x0 + ((k & 1) ? 100 : 0) << " " << ((k & 2) ? 100 : 0) << " "
                << ((k & 4) ? 100 : 0) << "\n";
        obj << "o " << (cube ? "Window" : "Shell") << "\nusemtl " << (cube ? "Glass" : "Body")
            << "\n";
        const int b = cube * 8 + 1;
        const int faces[6][4] = {{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4},
                                 {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}};
        for (const auto& f : faces)
            obj << "f " << b + f[0] << " " << b + f[1] << " " << b + f[2] << " " << b + f[3]
                << "\n";
    }
}
}  // namespace

TEST(MeshImport, ObjRoundTripsThroughLabels) {
    const fs::path dir = tempDir("obj");
    writeTwoCubes(dir);
    std::ofstream(dir / "cubes.json") << R"({"mesh": "cubes.obj", "units_m": 0.01, "up_axis": "y",
        "materials": {"Body": {"label": "vehicle", "nir_reflectance": 0.6},
                      "Glass": {"label": "lane_marking", "nir_reflectance": 0.1}}})";
    const ImportedMesh imported = importMesh((dir / "cubes.json").string());
    ASSERT_EQ(imported.materials.size(), 2u);
    EXPECT_EQ(imported.mesh.triangleCount(), 24u);
    // y-up centimetres -> ISO metres: file x becomes ISO y, file z becomes ISO x.
    const auto [lo, hi] = bounds(imported.mesh);
    EXPECT_NEAR(hi.y() - lo.y(), 4.0, 1e-5);
    EXPECT_NEAR(hi.z() - lo.z(), 1.0, 1e-5);

    // Place it in a scene file and scan it: each cube returns its own label.
    std::ofstream(dir / "scene.json")
        << R"({"sensor": {"parent": "scene_origin", "offset": {"xyz_m": [-10, 0.5, 0.5]}},
        "objects": [{"type": "import", "sidecar": "cubes.json", "instance": 5}]})";
    const PrimitiveScene scene = loadPrimitiveScene((dir / "scene.json").string());
    const auto body = scene.geometry.intersect({-10, 0.5, 0.5}, {1, 0, 0}, 100);
    const auto glass = scene.geometry.intersect({-10, 3.5, 0.5}, {1, 0, 0}, 100);
    ASSERT_TRUE(body && glass);
    EXPECT_EQ(body->material.label, label::kVehicle);
    EXPECT_EQ(glass->material.label, label::kLaneMarking);
    EXPECT_EQ(body->instance_id, 5);
    EXPECT_NEAR(body->distance_m, 10.0, 1e-4);
    fs::remove_all(dir);
}

TEST(MeshImport, ExportedCarReimportsUnchanged) {
    const fs::path dir = tempDir("car");
    CarModelSpec sedan;
    for (const auto& m : blindspot::testing::carModels())
        if (m.name == "sedan") sedan = m;
    const TriangleMesh car = buildCarMesh(sedan);
    const auto materials = carMaterials(paintColor("red"));
    exportMeshWithSidecar(car, materials, (dir / "sedan.obj").string(),
                          (dir / "sedan.json").string());
    const ImportedMesh back = importMesh((dir / "sedan.json").string());
    EXPECT_EQ(back.mesh.triangleCount(), car.triangleCount());
    EXPECT_EQ(back.materials.size(), std::size_t(kCarPartCount));
    std::map<int, std::size_t> before, after;
    for (auto p : car.triangle_part)
        ++before[materials[p].label * 1000 + int(materials[p].nir_reflectance * 100)];
    for (auto p : back.mesh.triangle_part)
        ++after[back.materials[p].label * 1000 + int(back.materials[p].nir_reflectance * 100)];
    EXPECT_EQ(before, after);
    fs::remove_all(dir);
}

TEST(MeshImport, BadInputIsReported) {
    const fs::path dir = tempDir("bad");
    std::ofstream(dir / "junk.obj") << "this is not a mesh\n\x01\x02";
    std::ofstream(dir / "junk.json") << R"({"mesh": "junk.obj", "default": {"label": "vehicle"}})";
    EXPECT_THROW(importMesh((dir / "junk.json").string()), FileError);
    writeTwoCubes(dir);
    std::ofstream(dir / "nomap.json")
        << R"({"mesh": "cubes.obj", "materials": {"Body": {"label": "vehicle"}}})";
    try {
        importMesh((dir / "nomap.json").string());
        FAIL();
    } catch (const ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find("material \"Glass\" and no default"),
                  std::string::npos)
            << e.what();
    }
    std::ofstream(dir / "axis.json") << R"({"mesh": "cubes.obj", "up_axis": "w", "default": {}})";
    EXPECT_THROW(importMesh((dir / "axis.json").string()), ConfigError);
    fs::remove_all(dir);
}

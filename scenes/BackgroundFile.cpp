#include "scenes/BackgroundFile.hpp"

#include <filesystem>
#include <set>

#include "core/AtomicFile.hpp"
#include "core/Error.hpp"
#include "core/PoseJson.hpp"
#include "scenes/MeshImport.hpp"
#include "scenes/PaintColor.hpp"
#include "scenes/SceneAssembly.hpp"

namespace blindspot {

void saveBackgroundSceneFile(const Background& bg, const std::vector<CarModelSpec>& models, const std::string& dir) {
    namespace fs = std::filesystem;
    std::error_code ec;
    fs::create_directories(fs::path(dir) / "meshes", ec);
    if (ec) throw FileError(dir, "cannot create directory: " + ec.message());
    const fs::path meshes = fs::path(dir) / "meshes";
    exportMeshWithSidecar(bg.ground, bg.materials, (meshes / "ground.obj").string(), (meshes / "ground.json").string());
    exportMeshWithSidecar(bg.fixtures, bg.materials, (meshes / "fixtures.obj").string(),
                          (meshes / "fixtures.json").string());
    nlohmann::json objects = nlohmann::json::array();
    objects.push_back({{"type", "import"}, {"sidecar", "meshes/ground.json"}});
    objects.push_back({{"type", "import"}, {"sidecar", "meshes/fixtures.json"}});
    std::set<std::string> written;
    const GroundSurface ground(bg.ground);
    for (const auto& car : bg.parked_cars) {
        // One mesh file per model and colour; each parked car is an instance of it.
        const std::string stem = car.model + "-" + car.color;
        const CarModelSpec* spec = nullptr;
        for (const auto& m : models)
            if (m.name == car.model) spec = &m;
        if (!spec) throw ConfigError("", "/parked_cars", "unknown car model \"" + car.model + "\"");
        if (written.insert(stem).second) {
            exportMeshWithSidecar(buildCarMesh(*spec), carMaterials(paintColor(car.color)),
                                  (meshes / (stem + ".obj")).string(), (meshes / (stem + ".json")).string());
        }
        objects.push_back({{"type", "import"}, {"sidecar", "meshes/" + stem + ".json"},
                           {"pose", poseToJson(ground.placeCar(*spec, car.world_from_car.translation_m.x(),
                                                             car.world_from_car.translation_m.y(),
                                                             car.world_from_car.yaw_deg))}, {"instance", car.instance_id}});
    }
    const nlohmann::json scene = {
        {"ego", {{"pose", poseToJson(bg.world_from_ego)}}},
        {"sensor", {{"parent", "ego"}, {"location", "roof_center"}}},
        {"objects", objects}};
    writeFileAtomic((fs::path(dir) / "scene.json").string(), scene.dump(2) + "\n");
}

}  // namespace blindspot

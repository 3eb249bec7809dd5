#include "scenes/BackgroundFile.hpp"

#include <algorithm>
#include <filesystem>
#include <set>

#include "core/base/AtomicFile.hpp"
#include "core/base/Error.hpp"
#include "core/geometry/PoseJson.hpp"
#include "scenes/BackgroundCatalogue.hpp"
#include "scenes/BackgroundGenerator.hpp"
#include "scenes/GroundSurface.hpp"
#include "scenes/MeshImport.hpp"
#include "scenes/PaintColor.hpp"
#include "scenes/PrimitiveScene.hpp"

namespace blindspot {

void saveBackgroundSceneFile(const Background& bg, const std::vector<CarModelSpec>& models,
                             const std::string& dir) {
    namespace fs = std::filesystem;
    makeDirectories((fs::path(dir) / "meshes").string());
    const fs::path meshes = fs::path(dir) / "meshes";
    exportMeshWithSidecar(bg.ground, bg.materials, (meshes / "ground.obj").string(),
                          (meshes / "ground.json").string());
    exportMeshWithSidecar(bg.fixtures, bg.materials, (meshes / "fixtures.obj").string(),
                          (meshes / "fixtures.json").string());
    nlohmann::json objects = nlohmann::json::array();
    objects.push_back({{"type", "import"}, {"sidecar", "meshes/ground.json"}, {"role", "ground"}});
    objects.push_back(
        {{"type", "import"}, {"sidecar", "meshes/fixtures.json"}, {"role", "fixture"}});
    std::set<std::string> written;
    const GroundSurface ground(bg.ground);
    for (const auto& car : bg.parked_cars) {
        // One mesh file per model and colour; each parked car is an instance of it.
        const std::string stem = car.model + "-" + car.color;
        const CarModelSpec* spec = nullptr;
        for (const auto& m : models)
            if (m.name == car.model) spec = &m;
        if (!spec)
            throw ConfigError(ErrorSource::value("/parked_cars"),
                              "unknown car model \"" + car.model + "\"");
        if (written.insert(stem).second) {
            exportMeshWithSidecar(buildCarMesh(*spec), carMaterials(paintColor(car.color)),
                                  (meshes / (stem + ".obj")).string(),
                                  (meshes / (stem + ".json")).string());
        }
        objects.push_back(
            {{"type", "import"},
             {"sidecar", "meshes/" + stem + ".json"},
             {"role", "parked_car"},
             {"model", car.model},
             {"color", car.color},
             {"pose", poseToJson(ground.placeCar(*spec, car.world_from_car.translation_m.x(),
                                                 car.world_from_car.translation_m.y(),
                                                 car.world_from_car.yaw_deg))},
             {"instance", car.instance_id}});
    }
    for (const auto& actor : bg.actors) {  // world-frame meshes, one file each
        const std::string stem = actor.kind + "-" + std::to_string(actor.instance_id);
        exportMeshWithSidecar(actor.mesh, bg.materials, (meshes / (stem + ".obj")).string(),
                              (meshes / (stem + ".json")).string());
        objects.push_back({{"type", "import"},
                           {"sidecar", "meshes/" + stem + ".json"},
                           {"role", actor.kind},
                           {"instance", actor.instance_id}});
    }
    auto rect = [](const Rect& r) { return nlohmann::json{r.x_min, r.x_max, r.y_min, r.y_max}; };
    nlohmann::json drivable = nlohmann::json::array(), obstacles = nlohmann::json::array();
    for (const auto& r : bg.drivable) drivable.push_back(rect(r));
    for (const auto& o : bg.obstacles)
        obstacles.push_back({{"centre_m", {o.centre.x(), o.centre.y()}},
                             {"half_size_m", {o.half_size.x(), o.half_size.y()}},
                             {"yaw_deg", o.yaw_rad * 180 / M_PI},
                             {"kind", o.kind}});
    const nlohmann::json scene = {{"background",
                                   {{"id", bg.id},
                                    {"type", bg.type},
                                    {"extent_m", rect(bg.extent)},
                                    {"drivable_m", drivable},
                                    {"obstacles", obstacles}}},
                                  {"ego", {{"pose", poseToJson(bg.world_from_ego)}}},
                                  {"sensor", {{"parent", "ego"}, {"location", "roof_center"}}},
                                  {"objects", objects}};
    writeFileAtomic((fs::path(dir) / "scene.json").string(), scene.dump(2) + "\n");
}

namespace {

Rect rectFromJson(const JsonObject& j, const std::string& key, const nlohmann::json& v) {
    if (!v.is_array() || v.size() != 4 || !v[0].is_number() || !v[1].is_number() ||
        !v[2].is_number() || !v[3].is_number() || !(v[0].get<double>() < v[1].get<double>()) ||
        !(v[2].get<double>() < v[3].get<double>()))
        throw ConfigError(ErrorSource::file(j.file(), key),
                          "expected [x_min, x_max, y_min, y_max] with min < max (m)");
    return {v[0].get<double>(), v[1].get<double>(), v[2].get<double>(), v[3].get<double>()};
}

void mergeInto(TriangleMesh& target, std::vector<SurfaceMaterial>& materials,
               const SceneObject& object) {
    TriangleMesh placed = transformed(object.mesh, object.world_from_mesh);
    if (placed.triangle_part.empty()) placed.triangle_part.assign(placed.triangles.size(), 0);
    target.append(placed, std::uint16_t(materials.size()));
    materials.insert(materials.end(), object.materials.begin(), object.materials.end());
}

void readBackgroundBlock(const JsonObject& b, Background& bg) {
    bg.type = b.string("type", "custom");
    if (b.has("id")) b.string("id");  // informative only: the path is the id
    bg.extent = rectFromJson(b, b.pathOf("extent_m"), b.raw("extent_m"));
    const auto& drivable = b.raw("drivable_m");
    if (!drivable.is_array())
        b.fail("drivable_m", "expected a list of [x_min, x_max, y_min, y_max]");
    for (std::size_t i = 0; i < drivable.size(); ++i)
        bg.drivable.push_back(
            rectFromJson(b, b.pathOf("drivable_m") + "/" + std::to_string(i), drivable[i]));
    if (b.has("obstacles")) {
        for (const auto& o : b.objects("obstacles")) {
            const auto c = o.numbers("centre_m"), h = o.numbers("half_size_m");
            if (c.size() != 2) o.fail("centre_m", "expected [x, y]");
            if (h.size() != 2 || h[0] <= 0 || h[1] <= 0)
                o.fail("half_size_m", "expected [half length, half width] > 0");
            bg.obstacles.push_back({{c[0], c[1]},
                                    {h[0], h[1]},
                                    o.number("yaw_deg", 0.0) * M_PI / 180,
                                    o.string("kind")});
            o.rejectUnknownKeys();
        }
    }
    b.rejectUnknownKeys();
}

}  // namespace

Background loadBackgroundSceneFile(const std::string& path) {
    const nlohmann::json json = readJsonFile(path);
    const JsonObject j(json, path, "");
    Background bg;
    bg.id = path;
    if (!j.has("background"))
        j.fail("background",
               "a scene file used as a background needs a \"background\" block (extent_m, "
               "drivable_m)");
    readBackgroundBlock(j.object("background"), bg);
    // Both blocks are checked as in any scene file; of them only the ego's pose is used, since the
    // sweep's own ego vehicle and mounting apply.
    bg.world_from_ego = sceneRigFromJson(j).world_from_ego;
    std::vector<SurfaceMaterial> ground_materials, fixture_materials;
    for (const auto& o : j.objects("objects")) {
        const SceneObject object = sceneObjectFromJson(o);
        if (object.role == "ground") {
            mergeInto(bg.ground, ground_materials, object);
        } else if (object.role == "parked_car") {
            ParkedCar car;
            car.model = object.model;
            car.color = object.color;
            car.world_from_car = Pose::fromIsometry(object.world_from_mesh);
            car.instance_id = object.instance_id;
            bg.parked_cars.push_back(car);
        } else if (object.role == "pedestrian" || object.role == "cyclist") {
            BackgroundActor actor{object.role, {}, object.instance_id};
            mergeInto(actor.mesh, fixture_materials, object);
            bg.actors.push_back(std::move(actor));
        } else {
            mergeInto(bg.fixtures, fixture_materials, object);
        }
    }
    j.rejectUnknownKeys();
    if (bg.ground.triangles.empty())
        j.fail("objects", "expected at least one object with \"role\": \"ground\"");
    // One material table: the fixtures' parts come after the ground's.
    for (auto& p : bg.fixtures.triangle_part) p = std::uint16_t(p + ground_materials.size());
    for (auto& actor : bg.actors)
        for (auto& p : actor.mesh.triangle_part) p = std::uint16_t(p + ground_materials.size());
    bg.materials = ground_materials;
    bg.materials.insert(bg.materials.end(), fixture_materials.begin(), fixture_materials.end());
    if (bg.fixtures.triangles.empty()) {  // RayScene needs a triangle: a speck far below the ground
        bg.fixtures = makeBox(0.01, 0.01, 0.01);
        for (auto& v : bg.fixtures.vertices_m) v.z() -= 1000.0f;
        bg.fixtures.triangle_part.assign(bg.fixtures.triangles.size(), 0);
    }
    return bg;
}

Background loadBackgroundRecipe(const std::string& path, const std::vector<CarModelSpec>& models) {
    const nlohmann::json json = readJsonFile(path);
    const JsonObject j(json, path, "");
    const JsonObject g = j.object("generate");
    const std::string type = g.string("type");
    const auto types = backgroundTypes();
    if (std::find(types.begin(), types.end(), type) == types.end())
        g.fail("type", "unknown background type \"" + type + "\"");
    const int seed = g.integer("seed");
    if (seed < 0) g.fail("seed", "must be >= 0");
    ContentDensity density;
    if (g.has("density")) {
        const JsonObject d = g.object("density");
        density.vegetation = d.number("vegetation", density.vegetation);
        density.furniture = d.number("furniture", density.furniture);
        density.people = d.number("people", density.people);
        density.parked_cars = d.number("parked_cars", density.parked_cars);
        for (const char* key : {"vegetation", "furniture", "people", "parked_cars"})
            if (d.has(key) && !(d.number(key) >= 0.0 && d.number(key) <= 10.0))
                d.fail(key, "must lie in [0, 10]");
        d.rejectUnknownKeys();
    }
    density.clear_sweep_area = g.boolean("clear_sweep_area", density.clear_sweep_area);
    EgoLateralRange ego_lateral;
    if (g.has("road_centre_left_of_ego_m")) {
        const JsonObject r = g.object("road_centre_left_of_ego_m");
        ego_lateral = {r.number("min"), r.number("max")};
        if (!(ego_lateral.min_m >= -5.0 && ego_lateral.max_m <= 5.0 &&
              ego_lateral.min_m <= ego_lateral.max_m))
            g.fail("road_centre_left_of_ego_m", "expected -5 <= min <= max <= 5 (metres)");
        r.rejectUnknownKeys();
    }
    g.rejectUnknownKeys();
    j.rejectUnknownKeys();
    return buildBackground(path, type, std::uint64_t(seed), models, density, ego_lateral);
}

Background backgroundById(const std::string& id, const std::vector<CarModelSpec>& models) {
    if (id.size() > 5 && id.compare(id.size() - 5, 5, ".json") == 0) {
        const nlohmann::json json = readJsonFile(id);
        if (json.is_object() && json.contains("generate")) return loadBackgroundRecipe(id, models);
        return loadBackgroundSceneFile(id);
    }
    return generateBackground(id, models);
}

}  // namespace blindspot

#include "scenes/PrimitiveScene.hpp"

#include <filesystem>

#include "core/geometry/MaterialJson.hpp"
#include "core/geometry/PoseJson.hpp"
#include "scenes/MeshImport.hpp"

namespace blindspot {
namespace {

// Tessellation limits (docs/scene-file.md): one number must not exhaust memory. At the limits a
// plane has 2 x 1024^2 = 2.1 M triangles and a sphere 512 x 1024 x 2 = 1 M.
constexpr int kMaxPlaneCells = 1024;  // cells per side
constexpr int kMaxSegments = 1024;    // around a cylinder or sphere
constexpr int kMaxRings = 512;        // pole to pole on a sphere

double positive(const JsonObject& j, const std::string& key) {
    const double v = j.number(key);
    if (!(v > 0.0)) j.fail(key, "must be > 0, got " + std::to_string(v));
    return v;
}

std::vector<double> positiveList(const JsonObject& j, const std::string& key, std::size_t n) {
    const auto v = j.numbers(key);
    if (v.size() != n) j.fail(key, "expected " + std::to_string(n) + " numbers");
    for (double x : v)
        if (!(x > 0.0)) j.fail(key, "every size must be > 0");
    return v;
}

TriangleMesh meshFromJson(const JsonObject& j) {
    TriangleMesh mesh;
    const auto& vertices = j.raw("vertices_m");
    const auto& triangles = j.raw("triangles");
    if (!vertices.is_array() || vertices.empty()) j.fail("vertices_m", "expected [[x, y, z], ...]");
    if (!triangles.is_array() || triangles.empty())
        j.fail("triangles", "expected [[i, j, k], ...]");
    for (std::size_t i = 0; i < vertices.size(); ++i) {
        const auto& v = vertices[i];
        if (!v.is_array() || v.size() != 3 || !v[0].is_number() || !v[1].is_number() ||
            !v[2].is_number())
            throw ConfigError(
                ErrorSource::file(j.file(), j.pathOf("vertices_m") + "/" + std::to_string(i)),
                "expected [x, y, z]");
        const Eigen::Vector3f p(v[0].get<float>(), v[1].get<float>(), v[2].get<float>());
        if (!p.allFinite())  // 1e39 is a valid JSON number but not a float
            throw ConfigError(
                ErrorSource::file(j.file(), j.pathOf("vertices_m") + "/" + std::to_string(i)),
                "expected finite coordinates (|v| < 3.4e38 m)");
        mesh.vertices_m.push_back(p);
    }
    for (std::size_t i = 0; i < triangles.size(); ++i) {
        const auto& t = triangles[i];
        bool ok = t.is_array() && t.size() == 3;
        for (std::size_t k = 0; ok && k < 3; ++k)
            ok = t[k].is_number_integer() && t[k].get<long>() >= 0 &&
                 t[k].get<long>() < long(vertices.size());
        if (!ok)
            throw ConfigError(
                ErrorSource::file(j.file(), j.pathOf("triangles") + "/" + std::to_string(i)),
                "expected 3 vertex indices in [0, " + std::to_string(vertices.size() - 1) + "]");
        mesh.triangles.emplace_back(t[0].get<int>(), t[1].get<int>(), t[2].get<int>());
    }
    return mesh;
}

TriangleMesh shapeFromJson(const JsonObject& j) {
    const std::string type = j.string("type");
    if (type == "plane") {
        const auto s = positiveList(j, "size_m", 2);
        return makePlane(s[0], s[1], j.integerIn("cells", 1, 1, kMaxPlaneCells));
    }
    if (type == "box") {
        const auto s = positiveList(j, "size_m", 3);
        return makeBox(s[0], s[1], s[2]);
    }
    if (type == "cylinder")
        return makeCylinder(positive(j, "radius_m"), positive(j, "height_m"),
                            j.integerIn("segments", 32, 3, kMaxSegments));
    if (type == "sphere")
        return makeSphere(positive(j, "radius_m"), j.integerIn("rings", 16, 2, kMaxRings),
                          j.integerIn("segments", 32, 3, kMaxSegments));
    if (type == "mesh") return meshFromJson(j);
    j.fail("type", "expected plane, box, cylinder, sphere, mesh or import, got \"" + type + "\"");
}

void addObject(RayScene& scene, const JsonObject& j) {
    SceneObject object = sceneObjectFromJson(j);
    MeshInstance inst;
    inst.world_from_mesh = object.world_from_mesh;
    inst.part_materials = std::move(object.materials);
    inst.instance_id = object.instance_id;
    inst.mesh = scene.addMesh(object.mesh);
    scene.addInstance(inst);
}

SensorMounting mountingFromJson(const JsonObject& j) {
    SensorMounting m;
    const std::string parent = j.string("parent", "ego");
    if (parent == "scene_origin") {
        m.parent = MountParent::SceneOrigin;
        m.location = "origin";
    } else if (parent != "ego") {
        j.fail("parent", "expected \"ego\" or \"scene_origin\", got \"" + parent + "\"");
    }
    m.location = j.string("location", m.location);
    if (j.has("offset")) m.offset = poseFromJson(j.object("offset"));
    j.rejectUnknownKeys();
    return m;
}

}  // namespace

SceneObject sceneObjectFromJson(const JsonObject& j) {
    SceneObject object;
    object.world_from_mesh = j.has("pose") ? poseFromJson(j.object("pose")).parentFromLocal()
                                           : Eigen::Isometry3d::Identity();
    const int instance = j.integer("instance", 0);
    if (instance < 0 || instance > 65535) j.fail("instance", "must lie in [0, 65535]");
    object.instance_id = std::uint16_t(instance);
    object.role = j.string("role", "fixture");
    if (object.role != "ground" && object.role != "fixture" && object.role != "parked_car" &&
        object.role != "pedestrian" && object.role != "cyclist")
        j.fail("role",
               "expected \"ground\", \"fixture\", \"parked_car\", \"pedestrian\" or "
               "\"cyclist\", got \"" +
                   object.role + "\"");
    object.model = j.string("model", "");
    object.color = j.string("color", "");
    if (object.role == "parked_car" && (object.model.empty() || object.color.empty()))
        j.fail("role", "a parked_car needs \"model\" and \"color\"");
    if (j.string("type") == "import") {  // materials come from the sidecar
        const auto sidecar = std::filesystem::path(j.file()).parent_path() / j.string("sidecar");
        ImportedMesh imported = importMesh(sidecar.string());
        object.mesh = std::move(imported.mesh);
        object.materials = std::move(imported.materials);
    } else {
        object.mesh = shapeFromJson(j);
        SurfaceMaterial material;
        if (j.has("material") && j.has("label"))
            j.fail("label", "give either label or material, not both");
        if (j.has("material")) material = materialFromJson(j.object("material"));
        if (j.has("label")) material.label = labelFromJson(j, "label");
        object.materials.assign(1, material);
    }
    j.rejectUnknownKeys();
    return object;
}

Eigen::Isometry3d PrimitiveScene::worldFromSensor(double sensor_pitch_deg) const {
    return tiltSensor(blindspot::worldFromSensor(mounting, ego, world_from_ego), sensor_pitch_deg);
}

SceneRig sceneRigFromJson(const JsonObject& j) {
    SceneRig rig;
    if (j.has("ego")) {
        const JsonObject ego = j.object("ego");
        if (ego.has("pose")) rig.world_from_ego = poseFromJson(ego.object("pose"));
        rig.ego.length_m = ego.number("length_m", rig.ego.length_m);
        rig.ego.width_m = ego.number("width_m", rig.ego.width_m);
        rig.ego.height_m = ego.number("height_m", rig.ego.height_m);
        rig.ego.roof_mount_height_m =
            ego.number("roof_mount_height_m", rig.ego.roof_mount_height_m);
        ego.rejectUnknownKeys();
    }
    if (j.has("sensor")) rig.mounting = mountingFromJson(j.object("sensor"));
    try {
        parentFromSensor(rig.mounting, rig.ego);
    } catch (const ConfigError&) {
        throw ConfigError(
            ErrorSource::file(j.file(), "/sensor/location"),
            "unknown or disallowed mounting location \"" + rig.mounting.location + "\"");
    }
    return rig;
}

PrimitiveScene primitiveSceneFromJson(const JsonObject& j, int build_threads) {
    const SceneRig rig = sceneRigFromJson(j);
    PrimitiveScene scene{RayScene(build_threads), rig.ego, rig.world_from_ego, rig.mounting};
    if (j.has("background"))
        j.object("background");  // read by the scene library; see loadBackgroundSceneFile
    const auto objects = j.objects("objects");
    if (objects.empty()) j.fail("objects", "expected at least one object");
    for (const auto& object : objects) addObject(scene.geometry, object);
    j.rejectUnknownKeys();
    scene.geometry.commit();
    return scene;
}

PrimitiveScene loadPrimitiveScene(const std::string& path, int build_threads) {
    const nlohmann::json json = readJsonFile(path);
    return primitiveSceneFromJson(JsonObject(json, path, ""), build_threads);
}

}  // namespace blindspot

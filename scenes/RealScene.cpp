#include "scenes/RealScene.hpp"

#include <cmath>

#include "core/RayScene.hpp"
#include "scenes/PaintColor.hpp"
#include "scenes/TargetPeople.hpp"

namespace blindspot {
namespace {

constexpr double kPersonHeightM = 1.75;  // scenes/TargetPeople.cpp's adult

// A target's mesh, materials, footprint and height (m), from the library.
struct TargetBody {
    TriangleMesh mesh;
    std::vector<SurfaceMaterial> materials;
    Footprint print;
    double height_m = 0.0;
};

TargetBody bodyOf(const ScenarioCar& t, const std::vector<CarModelSpec>& models,
                  const ErrorSource& where) {
    if (t.target_type == "pedestrian" || t.target_type == "cyclist")
        return {targetPersonMesh(t.target_type), targetPersonMaterials(t.target_type),
                targetPersonFootprint(t.target_type, t.x_m, t.y_m, t.yaw_deg), kPersonHeightM};
    if (t.target_type != "car")
        throw ConfigError(where, "unknown target type \"" + t.target_type +
                                     "\"; expected car, pedestrian or cyclist");
    try {
        const CarModelSpec& spec = carModelNamed(models, t.model);
        const PaintColor paint = paintColor(t.color);
        return {buildCarMesh(spec), carMaterials(paint),
                Footprint{{t.x_m, t.y_m},
                          {spec.length_m / 2, spec.width_m / 2},
                          t.yaw_deg * M_PI / 180.0,
                          "car"},
                spec.height_m};
    } catch (const ConfigError& e) {
        throw e.within(where);
    }
}

}  // namespace

RealScene composeRealScene(const RealFrame& frame, const std::vector<ScenarioCar>& targets,
                           const std::vector<CarModelSpec>& models, const LidarSpec& lasers,
                           std::uint64_t seed, bool keep_colliding, const ErrorSource& where) {
    RealScene out;
    out.rays = scanRaysOf(frame.points, lasers, frame.bin_path);
    RayScene scene(1);
    for (std::size_t i = 0; i < targets.size(); ++i) {
        const ScenarioCar& t = targets[i];
        const TargetBody body = bodyOf(t, models, where);
        RealTarget placed{t, {}, std::uint16_t(kRealTargetInstanceBase + i), "", "", 0};
        const GroundUnder ground = groundUnder(frame, body.print);
        placed.ground_source = ground.source;
        if (std::isnan(ground.z_m)) {
            placed.skipped = "no real ground within 2 m";
        } else if (const RealCollision c =
                       collisionWith(frame, body.print, ground.z_m, body.height_m);
                   c.points > 0 && !keep_colliding) {
            placed.skipped = c.reason();
        }
        if (placed.skipped.empty()) {
            placed.world_from_target.translation_m = {t.x_m, t.y_m, ground.z_m};
            placed.world_from_target.yaw_deg = t.yaw_deg;
            MeshInstance inst = placedMesh(scene.addMesh(body.mesh), body.materials);
            inst.world_from_mesh = placed.world_from_target.parentFromLocal();
            inst.instance_id = placed.instance_id;
            scene.addInstance(inst);
        }
        out.targets.push_back(placed);
    }
    scene.commit();
    out.composed = insertTargets(frame.points, out.rays, lasers, scene, seed);
    for (std::size_t j = 0; j < out.composed.points.size(); ++j)
        if (out.composed.inserted[j]) {
            const std::size_t k =
                std::size_t(out.composed.points.instance[j] - kRealTargetInstanceBase);
            if (k < out.targets.size()) ++out.targets[k].points;
        }
    return out;
}

}  // namespace blindspot

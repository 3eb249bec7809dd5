#include "scenes/RealScene.hpp"

#include <algorithm>
#include <cmath>

#include "core/raycast/RayScene.hpp"
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
    return composeRealScene(frame, scanRaysOf(frame.points, lasers, frame.bin_path), targets,
                            models, lasers, seed, keep_colliding, where);
}

RealScene composeRealScene(const RealFrame& frame, const ScanRays& rays,
                           const std::vector<ScenarioCar>& targets,
                           const std::vector<CarModelSpec>& models, const LidarSpec& lasers,
                           std::uint64_t seed, bool keep_colliding, const ErrorSource& where) {
    RealScene out;
    out.rays = rays;
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

ScanGrid organisedScan(const RealScene& scene, const LidarSpec& lasers, bool real_instances) {
    ScanGrid grid = makeEmptyScan(lasers, Eigen::Isometry3d::Identity());
    const ComposedScan& c = scene.composed;
    for (std::size_t j = 0; j < c.points.size(); ++j) {
        if (c.cell[j] < 0) continue;
        const auto i = std::size_t(c.cell[j]);
        const float* p = &c.points.xyzi[4 * j];
        const float range = std::sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2]);
        if (grid.valid(i) && !(range < grid.range_m[i])) continue;
        std::copy(p, p + 3, &grid.xyz_sensor_m[3 * i]);
        grid.range_m[i] = range;
        grid.reflectivity[i] = p[3];
        grid.label[i] = c.palette[j];
        grid.instance[i] = c.inserted[j]
                               ? std::uint16_t(c.points.instance[j] - kRealTargetInstanceBase + 1)
                               : (real_instances ? c.points.instance[j] : std::uint16_t(0));
    }
    return grid;
}

std::vector<CarVisibility> realVisibility(const RealScene& scene, const ScanGrid& organised) {
    std::vector<CarVisibility> out;
    for (std::size_t k = 0; k < scene.targets.size(); ++k) {
        CarVisibility v;
        v.instance_id = std::uint16_t(k + 1);
        for (std::size_t i = 0; i < organised.cellCount(); ++i)
            v.visible_points += organised.valid(i) && organised.instance[i] == v.instance_id;
        const auto it = scene.composed.unoccluded.find(scene.targets[k].instance_id);
        v.unoccluded_points = it == scene.composed.unoccluded.end() ? 0 : it->second;
        v.visibility =
            v.unoccluded_points ? double(v.visible_points) / double(v.unoccluded_points) : 0.0;
        v.fully_occluded = v.unoccluded_points > 0 && v.visible_points == 0;
        out.push_back(v);
    }
    return out;
}

}  // namespace blindspot

#include "scenes/SceneAssembly.hpp"

#include <cmath>
#include <limits>

#include "core/base/Error.hpp"
#include "scenes/BackgroundFile.hpp"
#include "scenes/BackgroundLayout.hpp"
#include "scenes/GroundSurface.hpp"
#include "scenes/PaintColor.hpp"
#include "scenes/TargetPeople.hpp"

namespace blindspot {
namespace {

constexpr double kRadToDeg = 180.0 / M_PI;

Footprint carFootprint(const CarModelSpec& m, double x, double y, double yaw_deg) {
    return {{x, y}, {m.length_m / 2, m.width_m / 2}, yaw_deg / kRadToDeg, "car"};
}

}  // namespace

struct SceneAssembler::Cached {
    Background bg;
    RayScene scene;
    GroundSurface ground;
    MeshId ground_mesh = 0, fixtures_mesh = 0;
    std::vector<MeshId> actor_meshes;
    std::map<std::string, MeshId> car_meshes;
    std::map<std::string, MeshId> person_meshes;  ///< "pedestrian", "cyclist"
    std::map<std::string, std::vector<SurfaceMaterial>> person_materials;  ///< by type
};

SceneAssembler::SceneAssembler(std::vector<CarModelSpec> models, LidarSpec lidar,
                               SensorMounting mounting, EgoVehicle ego, int build_threads)
    : models_(std::move(models)),
      lidar_(std::move(lidar)),
      mounting_(std::move(mounting)),
      ego_(ego),
      build_threads_(build_threads) {}

SceneAssembler::~SceneAssembler() = default;

const CarModelSpec& SceneAssembler::model(const std::string& name) const {
    return carModelNamed(models_, name);
}

SceneAssembler::Cached& SceneAssembler::cached(const std::string& id) {
    auto it = cache_.find(id);
    if (it != cache_.end()) return *it->second;
    Background bg = backgroundById(id, models_);
    auto c = std::unique_ptr<Cached>(new Cached{bg,
                                                RayScene(build_threads_),
                                                GroundSurface(bg.ground, build_threads_),
                                                0,
                                                0,
                                                {},
                                                {},
                                                {},
                                                {}});
    c->ground_mesh = c->scene.addMesh(c->bg.ground);
    c->fixtures_mesh = c->scene.addMesh(c->bg.fixtures);
    for (const auto& actor : c->bg.actors) c->actor_meshes.push_back(c->scene.addMesh(actor.mesh));
    for (const auto& m : models_) c->car_meshes[m.name] = c->scene.addMesh(buildCarMesh(m));
    for (const char* type : {"pedestrian", "cyclist"}) {
        c->person_meshes[type] = c->scene.addMesh(targetPersonMesh(type));
        c->person_materials[type] = targetPersonMaterials(type);
    }
    return *cache_.emplace(id, std::move(c)).first->second;
}

const Background& SceneAssembler::background(const std::string& id) { return cached(id).bg; }

const CarModelSpec& SceneAssembler::targetModel(const ScenarioCar& t,
                                                const std::string& where) const {
    try {
        return model(t.model);
    } catch (const ConfigError& e) {
        throw ConfigError(ErrorSource::value(where + "/model"), e.expected());
    }
}

PaintColor SceneAssembler::targetPaint(const ScenarioCar& t, const std::string& where) const {
    try {
        return paintColor(t.color);
    } catch (const ConfigError& e) {
        throw ConfigError(ErrorSource::value(where + "/color"), e.expected());
    }
}

AssembledScene SceneAssembler::assemble(const Scenario& sample) {
    Cached& c = cached(sample.background);
    const Background& bg = c.bg;
    RayScene& scene = c.scene;
    scene.clearInstances();
    scene.addInstance(placedMesh(c.ground_mesh, bg.materials));
    scene.addInstance(placedMesh(c.fixtures_mesh, bg.materials));
    for (std::size_t a = 0; a < bg.actors.size(); ++a) {
        MeshInstance inst = placedMesh(c.actor_meshes[a], bg.materials);
        inst.instance_id = bg.actors[a].instance_id;
        scene.addInstance(inst);
    }
    for (const auto& parked : bg.parked_cars) {
        const PaintColor paint = paintColor(parked.color);
        MeshInstance inst = placedMesh(c.car_meshes.at(parked.model), carMaterials(paint));
        inst.part_srgb = carColors(paint);
        inst.world_from_mesh =
            c.ground
                .placeCar(model(parked.model), parked.world_from_car.translation_m.x(),
                          parked.world_from_car.translation_m.y(), parked.world_from_car.yaw_deg)
                .parentFromLocal();
        inst.instance_id = parked.instance_id;
        scene.addInstance(inst);
    }

    AssembledScene out;
    out.background = &bg;
    out.geometry = &scene;
    const Eigen::Isometry3d world_from_ego = bg.world_from_ego.parentFromLocal();
    out.world_from_ego = world_from_ego;
    out.world_from_sensor =
        tiltSensor(worldFromSensor(mounting_, ego_, bg.world_from_ego), lidar_.pitch_deg);
    const Footprint ego_print{world_from_ego.translation().head<2>(),
                              {ego_.length_m / 2, ego_.width_m / 2},
                              bg.world_from_ego.yaw_deg / kRadToDeg,
                              "ego"};
    std::vector<Footprint> prints;
    for (std::size_t i = 0; i < sample.cars.size(); ++i) {
        const ScenarioCar& t = sample.cars[i];
        const std::string where = "/cars/" + std::to_string(i);
        // Ego frame -> background frame.
        const Eigen::Vector3d p = world_from_ego * Eigen::Vector3d(t.x_m, t.y_m, 0.0);
        if (!bg.extent.contains(p.x(), p.y()))
            throw ConfigError(ErrorSource::value(where),
                              "car at x=" + std::to_string(t.x_m) + ", y=" + std::to_string(t.y_m) +
                                  " is outside background " + bg.id + " (x in [" +
                                  std::to_string(bg.extent.x_min) + ", " +
                                  std::to_string(bg.extent.x_max) + "], y in [" +
                                  std::to_string(bg.extent.y_min) + ", " +
                                  std::to_string(bg.extent.y_max) + "])");
        const double yaw = t.yaw_deg + bg.world_from_ego.yaw_deg;
        const bool person = t.target_type != "car";
        PlacedCar placed{t, {}, std::uint16_t(i + 1), -1};
        MeshInstance inst;
        Footprint print;
        if (person && !c.person_meshes.count(t.target_type))
            throw ConfigError(ErrorSource::value(where + "/target_type"),
                              "unknown target type \"" + t.target_type +
                                  "\"; expected car, pedestrian or cyclist");
        if (person) {
            placed.world_from_car.translation_m = {p.x(), p.y(), c.ground.heightAt(p.x(), p.y())};
            placed.world_from_car.yaw_deg = yaw;
            inst =
                placedMesh(c.person_meshes.at(t.target_type), c.person_materials.at(t.target_type));
            print = targetPersonFootprint(t.target_type, p.x(), p.y(), yaw);
        } else {
            const CarModelSpec& spec = targetModel(t, where);
            const PaintColor paint = targetPaint(t, where);
            placed.world_from_car = c.ground.placeCar(spec, p.x(), p.y(), yaw);
            inst = placedMesh(c.car_meshes.at(spec.name), carMaterials(paint));
            inst.part_srgb = carColors(paint);
            print = carFootprint(spec, p.x(), p.y(), yaw);
        }
        inst.world_from_mesh = placed.world_from_car.parentFromLocal();
        inst.instance_id = placed.instance_id;
        placed.instance_index = scene.addInstance(inst);
        out.cars.push_back(placed);

        const int car = int(i);
        for (std::size_t j = 0; j < prints.size(); ++j)
            if (overlaps(print, prints[j])) out.collisions.push_back({car, "car", int(j)});
        if (overlaps(print, ego_print)) out.collisions.push_back({car, "ego", -1});
        for (std::size_t k = 0; k < bg.obstacles.size(); ++k)
            if (overlaps(print, bg.obstacles[k]))
                out.collisions.push_back(
                    {car, bg.obstacles[k].kind == "car" ? "parked_car" : bg.obstacles[k].kind,
                     int(k)});
        bool drivable = false;
        for (const auto& r : bg.drivable) drivable = drivable || r.contains(p.x(), p.y());
        if (!drivable) out.collisions.push_back({car, "off_road", -1});
        prints.push_back(print);
    }
    scene.commit();
    return out;
}

std::vector<CarVisibility> SceneAssembler::visibility(const AssembledScene& scene,
                                                      const ScanGrid& scan) const {
    std::vector<CarVisibility> out;
    for (const auto& car : scene.cars) {
        CarVisibility v;
        v.instance_id = car.instance_id;
        for (std::size_t i = 0; i < scan.cellCount(); ++i)
            v.visible_points += scan.valid(i) && scan.instance[i] == car.instance_id;
        v.unoccluded_points = countUnoccludedHits(*scene.geometry, car.instance_index, scan.spec,
                                                  scan.world_from_sensor);
        v.visibility = v.unoccluded_points
                           ? std::min(1.0, double(v.visible_points) / double(v.unoccluded_points))
                           : 0.0;
        v.fully_occluded = v.unoccluded_points > 0 && v.visible_points == 0;
        out.push_back(v);
    }
    return out;
}

}  // namespace blindspot

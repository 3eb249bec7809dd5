#include "drive/DriveWorld.hpp"

#include <array>
#include <cmath>
#include <map>

#include "core/base/Error.hpp"
#include "scenes/CarModel.hpp"
#include "scenes/PaintColor.hpp"

namespace blindspot {
namespace {

constexpr double kRadToDeg = 180.0 / M_PI;

}  // namespace

Pose egoPoseAt(const GroundSurface& ground, const EgoVehicle& ego, const Route& route, double s_m) {
    const Eigen::Vector2d p = route.path.at(s_m);
    return ground.placeEgo(ego, p.x(), p.y(), route.path.headingAt(s_m) * kRadToDeg);
}

DriveWorld::DriveWorld(const Background& background, const std::vector<CarModelSpec>& models,
                       std::vector<TrafficCar> cars, int build_threads)
    : background_(background),
      models_(models),
      cars_(std::move(cars)),
      scene_(build_threads),
      ground_(background.ground, build_threads) {
    const Background& bg = background_;
    static_instances_.push_back(placedMesh(scene_.addMesh(bg.ground), bg.materials));
    static_instances_.push_back(placedMesh(scene_.addMesh(bg.fixtures), bg.materials));
    for (const auto& actor : bg.actors) {
        MeshInstance inst = placedMesh(scene_.addMesh(actor.mesh), bg.materials);
        inst.instance_id = actor.instance_id;
        static_instances_.push_back(inst);
    }
    auto meshOf = [&](const std::string& name) { return carMesh(name); };
    for (const auto& parked : bg.parked_cars) {
        const PaintColor paint = paintColor(parked.color);
        MeshInstance inst = placedMesh(meshOf(parked.model), carMaterials(paint));
        inst.world_from_mesh =
            ground_
                .placeCar(model(parked.model), parked.world_from_car.translation_m.x(),
                          parked.world_from_car.translation_m.y(), parked.world_from_car.yaw_deg)
                .parentFromLocal();
        inst.instance_id = parked.instance_id;
        static_instances_.push_back(inst);
    }
    setTraffic(std::move(cars_));
}

MeshId DriveWorld::carMesh(const std::string& name) {
    const auto it = car_meshes_.find(name);
    if (it != car_meshes_.end()) return it->second;
    return car_meshes_[name] = scene_.addMesh(buildCarMesh(model(name)));
}

void DriveWorld::setTraffic(std::vector<TrafficCar> cars) {
    cars_ = std::move(cars);
    car_instances_.clear();
    for (const auto& car : cars_) {
        MeshInstance inst = placedMesh(carMesh(car.model), carMaterials(paintColor(car.color)));
        inst.instance_id = car.instance_id;
        car_instances_.push_back(inst);
    }
}

const CarModelSpec& DriveWorld::model(const std::string& name) const {
    for (const auto& m : models_)
        if (m.name == name) return m;
    throw ConfigError(ErrorSource::value("/traffic"), "a known car model, not \"" + name + "\"");
}

std::vector<Pose> DriveWorld::trafficPoses(const DriveSimulation& sim, double t_s) const {
    std::vector<Pose> poses;
    for (std::size_t i = 0; i < cars_.size(); ++i) {
        const Route& r = sim.vehicles[i + 1].route;
        const double s = sim.at(i + 1, t_s).s_m;
        const Eigen::Vector2d p = r.path.at(s);
        poses.push_back(
            ground_.placeCar(model(cars_[i].model), p.x(), p.y(), r.path.headingAt(s) * kRadToDeg));
    }
    return poses;
}

void DriveWorld::placeTraffic(const DriveSimulation& sim, double t_s) {
    scene_.clearInstances();
    for (const auto& inst : static_instances_) scene_.addInstance(inst);
    const std::vector<Pose> poses = trafficPoses(sim, t_s);
    for (std::size_t i = 0; i < car_instances_.size(); ++i) {
        MeshInstance inst = car_instances_[i];
        inst.world_from_mesh = poses[i].parentFromLocal();
        scene_.addInstance(inst);
    }
    scene_.commit();
}

}  // namespace blindspot

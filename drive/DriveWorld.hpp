#pragma once
// The world of a drive as a RayScene: the background's ground, fixtures, people and parked cars
// once, and the traffic cars placed anew for each moment cast (only the top-level BVH is rebuilt).
// Poses come from the drive simulation by ground following, as for a sweep's target cars.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/geometry/Mounting.hpp"
#include "core/raycast/RayScene.hpp"
#include "drive/DriveSimulation.hpp"
#include "scenes/Background.hpp"
#include "scenes/GroundSurface.hpp"

namespace blindspot {

struct TrafficCar {
    std::string model;
    std::string color;
    std::uint16_t instance_id = 0;  ///< stable over the sequence
};

/// The ego vehicle's world pose at path position s: on the route's lane, wheels on the ground.
Pose egoPoseAt(const GroundSurface& ground, const EgoVehicle& ego, const Route& route, double s_m);

class DriveWorld {
  public:
    /// `cars[i]` is vehicle i + 1 of the simulation (vehicle 0 is the ego, which is not drawn).
    DriveWorld(const Background& background, const std::vector<CarModelSpec>& models,
               std::vector<TrafficCar> cars, int build_threads = 1);

    /// Replaces the traffic cars (the background's meshes stay built): another plan, same world.
    void setTraffic(std::vector<TrafficCar> cars);
    /// Places every traffic car where the simulation has it at time t_s and commits the scene.
    void placeTraffic(const DriveSimulation& sim, double t_s);
    /// Each traffic car's world pose at t_s (ground following).
    std::vector<Pose> trafficPoses(const DriveSimulation& sim, double t_s) const;

    const RayScene& scene() const { return scene_; }
    const GroundSurface& ground() const { return ground_; }
    const CarModelSpec& model(const std::string& name) const;

  private:
    const Background& background_;
    std::vector<CarModelSpec> models_;
    std::vector<TrafficCar> cars_;
    RayScene scene_;
    GroundSurface ground_;
    std::vector<MeshInstance> static_instances_;
    std::vector<MeshInstance> car_instances_;   ///< one per traffic car, pose set per moment
    std::map<std::string, MeshId> car_meshes_;  ///< by model, built on first use
    MeshId carMesh(const std::string& model);
};

}  // namespace blindspot

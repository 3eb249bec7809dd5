#pragma once
// Scene assembly: a scenario (a background plus placed cars) becomes an Embree scene.
//
// Each background's geometry and every car model's mesh are built once per background and cached;
// a new sample only places instances and rebuilds the top-level BVH (well under a millisecond).
// Target car positions are in the ego frame (ISO 8855, metres, yaw in degrees counter-clockwise).
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/geometry/Mounting.hpp"
#include "core/raycast/RayCaster.hpp"
#include "core/scenario/Scenario.hpp"
#include "scenes/Background.hpp"
#include "scenes/CarModel.hpp"
#include "scenes/PaintColor.hpp"

namespace blindspot {

/// What a target car collides with: "car" (another target, `other` = its index), "ego",
/// "off_road" (its centre is outside the drivable region), or an obstacle kind ("building",
/// "vegetation", "pole", "fence", "guard_rail", "parked_car").
struct Collision {
    int car = 0;
    std::string with;
    int other = -1;
};

struct PlacedCar {
    ScenarioCar target;
    Pose world_from_car;            ///< after ground following: z, roll and pitch from the ground
    std::uint16_t instance_id = 0;  ///< 1 + the car's index in the sample
    int instance_index = -1;        ///< in the RayScene
};

struct AssembledScene {
    const Background* background = nullptr;
    const RayScene* geometry =
        nullptr;  ///< owned by the assembler; valid until the next assemble()
    std::vector<PlacedCar> cars;
    std::vector<Collision> collisions;
    Eigen::Isometry3d world_from_ego = Eigen::Isometry3d::Identity();
    Eigen::Isometry3d world_from_sensor = Eigen::Isometry3d::Identity();
};

/// Per target car: how much of it the LiDAR sees.
struct CarVisibility {
    std::uint16_t instance_id = 0;
    std::size_t visible_points = 0;     ///< returns on the car in the scan
    std::size_t unoccluded_points = 0;  ///< returns it would give with nothing in front of it
    double visibility = 0.0;            ///< visible / unoccluded (0 when unoccluded is 0)
    bool fully_occluded = false;        ///< in view, but no return reaches it
};

class SceneAssembler {
  public:
    SceneAssembler(std::vector<CarModelSpec> models, LidarSpec lidar, SensorMounting mounting = {},
                   EgoVehicle ego = {}, int build_threads = 0);
    ~SceneAssembler();

    /// Places the sample's cars in its background. Unknown backgrounds, models and colours, and
    /// cars outside the background, raise ConfigError. Collisions are reported, not resolved.
    AssembledScene assemble(const Scenario& scenario);
    std::vector<CarVisibility> visibility(const AssembledScene& scene, const ScanGrid& scan) const;
    /// Generates (or returns the cached) background.
    const Background& background(const std::string& id);

    const std::vector<CarModelSpec>& models() const { return models_; }
    const CarModelSpec& model(const std::string& name) const;
    const LidarSpec& lidar() const { return lidar_; }

  private:
    struct Cached;
    Cached& cached(const std::string& id);
    const CarModelSpec& targetModel(const ScenarioCar& target, const std::string& where) const;
    PaintColor targetPaint(const ScenarioCar& target, const std::string& where) const;

    std::vector<CarModelSpec> models_;
    LidarSpec lidar_;
    SensorMounting mounting_;
    EgoVehicle ego_;
    int build_threads_;
    std::map<std::string, std::unique_ptr<Cached>> cache_;
};

}  // namespace blindspot

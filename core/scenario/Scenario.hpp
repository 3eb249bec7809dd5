#pragma once
// A scenario: everything one scene of a sweep is made of, as typed fields with their units in
// their names (ISO 8855 ego frame: x forward, y left, yaw counter-clockwise; metres, degrees,
// hours). `scenarioOf` (core/scenario/DimensionRegistry.hpp) fills one from a sample; scene
// assembly and the scanner read nothing else. The field defaults here only make a hand-built
// Scenario valid; a sample's defaults come from the dimension registry.
#include <string>
#include <vector>

namespace blindspot {

/// A car placed by the scenario (the swept target, or one of the scene command's cars).
/// What a target is: "car" (a car model), "pedestrian" or "cyclist" (scenes/People.hpp).
inline std::vector<std::string> targetTypes() { return {"car", "pedestrian", "cyclist"}; }

struct ScenarioCar {
    std::string model = "sedan";
    double x_m = 10.0;     ///< ego frame
    double y_m = 0.0;      ///< ego frame
    double yaw_deg = 0.0;  ///< 0 = facing the same way as the ego vehicle
    std::string color = "white";
    std::string target_type = "car";  ///< one of targetTypes(); model and colour apply to cars
};

/// The sensor set-up: a preset on the roof-centre mount, raised or lowered and tilted.
struct ScenarioSensor {
    std::string lidar = "hdl64e";
    double mount_height_m = 1.73;  ///< above the ground
    double pitch_deg = 0.0;        ///< head tilt, positive nose-down
    double roll_deg = 0.0;         ///< mount roll, positive right side down (ISO 8855)
};

/// A sample of a drive sweep (docs/drive.md): the ego drives for `frames` LiDAR frames, already at
/// its cruise speed, along a seeded auto route through seeded traffic. frames = 0: a still scene.
struct ScenarioDrive {
    int frames = 0;
    std::string motion = "ego";  ///< none | ego | ego+traffic
    double speed_mps = 10.0;
    int route_seed = 1;
    int traffic_cars = 0;
};

struct Scenario {
    std::string background = "urban-01";
    /// Placed cars; a sweep's scenario has exactly one, its target. Instance ids are 1 + the
    /// index.
    std::vector<ScenarioCar> cars;
    /// Cars in the scene, placed ones included; the rest are traffic on random free spots,
    /// seeded by the scene id.
    int count = 1;
    std::string weather =
        "clear";                  ///< clear | fog:S | rain:S | snow:S (core/lidar/LidarEffects.hpp)
    double time_of_day_h = 12.0;  ///< local solar time
    ScenarioSensor sensor;
    ScenarioDrive drive;
};

/// A scenario of placed cars only (no traffic), in the default sensor set-up.
inline Scenario placedCars(std::string background, std::vector<ScenarioCar> cars) {
    Scenario s;
    s.background = std::move(background);
    s.count = int(cars.size());
    s.cars = std::move(cars);
    return s;
}

}  // namespace blindspot

#pragma once
// A sweep sample that is a short drive (Scenario::drive.frames > 0): the drive config it stands
// for, and its frames cast in memory for scoring. The ego starts at its cruise speed and rolls
// through free crossings, so every frame is at the swept speed unless traffic or a curve slows it.
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/lidar/LidarEffects.hpp"
#include "core/scenario/Scenario.hpp"
#include "drive/DriveConfig.hpp"
#include "drive/DriveWorld.hpp"

namespace blindspot {

/// `seed` (the scene's) seeds the traffic and the LiDAR noise.
DriveConfig driveConfigOf(const Scenario& scenario, std::uint64_t seed);

/// Not thread-safe: one per worker (it keeps each background's world built).
class DriveSampleScanner {
  public:
    DriveSampleScanner(std::vector<CarModelSpec> models, LidarEffects effects);
    ~DriveSampleScanner();
    /// The sample's frames, in order; each frame's world_from_sensor is its pose.
    std::vector<ScanGrid> scan(const Scenario& scenario, std::uint64_t seed);

  private:
    struct World {
        std::unique_ptr<Background> background;
        std::unique_ptr<DriveWorld> world;
    };
    std::vector<CarModelSpec> models_;
    LidarEffects effects_;
    std::map<std::string, World> worlds_;
};

}  // namespace blindspot

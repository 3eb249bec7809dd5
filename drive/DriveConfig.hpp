#pragma once
// A drive's configuration (docs/drive.md): where the ego drives, how fast, for how long, with
// which LiDAR on which mount, how the scan is distorted by motion, and how much traffic. Read
// strictly from JSON; every error names the file and the JSON path.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "core/geometry/Mounting.hpp"
#include "core/segmentation/LabelSet.hpp"
#include "drive/Longitudinal.hpp"
#include "drive/Route.hpp"

namespace blindspot {

/// What moves while one revolution is cast (one LiDAR revolution lasts 1 / scan_frequency_hz).
enum class MotionMode { None, Ego, EgoAndTraffic };
std::string motionModeName(MotionMode mode);

struct SpeedSpec {
    bool slow_in_turns = true;  ///< "profile": "turns" (else "constant")
    double cruise_mps = 10.0;
    double start_mps = 0.0;  ///< the ego's speed at the first moment
    bool stop_at_intersections = true;
    MotionLimits limits;
};

struct TrafficSpec {
    int cars = 0;
    std::uint64_t seed = 1;
    double min_cruise_mps = 6.0, max_cruise_mps = 11.0;
};

struct DriveConfig {
    std::string background = "town:1";
    RouteSpec route;
    SpeedSpec speed;
    double duration_s = 10.0;
    double distance_m = 0.0;  ///< > 0: drive this far along the route, then stop
    std::string lidar = "hdl64e";
    SensorMounting mounting;
    MotionMode motion = MotionMode::None;
    bool camera =
        false;  ///< image_2/: the co-located camera (core/raycast/Camera.hpp) at each frame time
    double time_of_day_h = 12.0;  ///< lights the camera image
    TrafficSpec traffic;
    std::string weather = "clear";
    std::uint64_t seed = 1;  ///< the LiDAR's noise
    LabelSet label_set = LabelSet::kSemanticKitti;
    std::string sequence = "00";
};

/// Reads a drive config; unknown keys and out-of-range values raise ConfigError (file, path).
DriveConfig parseDriveConfig(const nlohmann::json& json, const std::string& file);
/// The exact config, every default filled in (drive.json).
nlohmann::json driveConfigToJson(const DriveConfig& config);

}  // namespace blindspot

#include "drive/DriveSample.hpp"

#include <algorithm>

#include "core/geometry/Mounting.hpp"
#include "core/lidar/LidarSpec.hpp"
#include "drive/DrivePlan.hpp"
#include "drive/FrameCaster.hpp"
#include "scenes/BackgroundFile.hpp"

namespace blindspot {

DriveConfig driveConfigOf(const Scenario& s, std::uint64_t seed) {
    DriveConfig c;
    c.background = s.background;
    c.lidar = s.sensor.lidar;
    c.route.seed = std::uint64_t(s.drive.route_seed);
    c.speed.cruise_mps = s.drive.speed_mps;
    c.speed.start_mps = s.drive.speed_mps;
    c.speed.limits.max_speed_mps = std::max(c.speed.limits.max_speed_mps, s.drive.speed_mps);
    c.speed.stop_at_intersections = false;
    c.duration_s = double(s.drive.frames) / lidarPreset(s.sensor.lidar).scan_frequency_hz;
    c.motion = s.drive.motion == "none"  ? MotionMode::None
               : s.drive.motion == "ego" ? MotionMode::Ego
                                         : MotionMode::EgoAndTraffic;
    c.traffic.cars = s.drive.traffic_cars;
    c.traffic.seed = seed;
    c.seed = seed;
    c.weather = s.weather;
    c.time_of_day_h = s.time_of_day_h;
    // The sweep's sensor set-up on the roof mount: height, head tilt and roll.
    const EgoVehicle ego;
    c.mounting.offset.translation_m.z() = s.sensor.mount_height_m - ego.roof_mount_height_m;
    c.mounting.offset.pitch_deg = s.sensor.pitch_deg;
    c.mounting.offset.roll_deg = s.sensor.roll_deg;
    return c;
}

DriveSampleScanner::DriveSampleScanner(std::vector<CarModelSpec> models, LidarEffects effects)
    : models_(std::move(models)), effects_(std::move(effects)) {}

DriveSampleScanner::~DriveSampleScanner() = default;

std::vector<ScanGrid> DriveSampleScanner::scan(const Scenario& scenario, std::uint64_t seed) {
    const DriveConfig config = driveConfigOf(scenario, seed);
    World& w = worlds_[config.background];
    if (!w.background) {
        w.background = std::make_unique<Background>(backgroundById(config.background, models_));
        w.world =
            std::make_unique<DriveWorld>(*w.background, models_, std::vector<TrafficCar>{}, 1);
    }
    const DrivePlan plan = planDrive(config, *w.background, models_);
    w.world->setTraffic(plan.cars);
    const LidarSpec spec = lidarPreset(config.lidar);
    std::vector<ScanGrid> frames;
    for (std::size_t k = 0; k < plan.frames; ++k)
        frames.push_back(castDriveFrame(*w.world, plan, config, spec, effects_, k).scan);
    return frames;
}

}  // namespace blindspot

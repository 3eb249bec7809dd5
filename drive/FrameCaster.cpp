#include "drive/FrameCaster.hpp"

#include <algorithm>

#include "core/base/Rng.hpp"
#include "core/raycast/RayCaster.hpp"

namespace blindspot {

double columnTimeOffset(const LidarSpec& spec, int col) {
    // Seen from above the head turns clockwise, so azimuth falls as time goes on.
    return -spec.azimuth_deg[std::size_t(col)] / (360.0 * spec.scan_frequency_hz);
}

Eigen::Isometry3d sensorPoseAt(const DriveWorld& world, const DrivePlan& plan,
                               const DriveConfig& config, const LidarSpec& spec, double t_s) {
    const EgoVehicle ego;
    const Pose world_from_ego =
        egoPoseAt(world.ground(), ego, plan.sim.vehicles.front().route, plan.sim.at(0, t_s).s_m);
    return tiltSensor(worldFromSensor(config.mounting, ego, world_from_ego), spec.pitch_deg);
}

DriveFrame castDriveFrame(DriveWorld& world, const DrivePlan& plan, const DriveConfig& config,
                          const LidarSpec& spec, const LidarEffects& effects, std::size_t frame) {
    const double t = plan.frameTime(frame);
    DriveFrame out;
    const Eigen::Isometry3d frame_pose = sensorPoseAt(world, plan, config, spec, t);
    out.scan = makeEmptyScan(spec, frame_pose);
    out.time_offset_s.assign(out.scan.cellCount(), 0.0f);
    CastOptions options;
    options.threads = 1;  // frames run in parallel, one per worker
    if (config.motion == MotionMode::None) {
        world.placeTraffic(plan.sim, t);
        castScanInto(world.scene(), spec, frame_pose, options, out.scan);
    } else {
        if (config.motion == MotionMode::Ego) world.placeTraffic(plan.sim, t);
        for (int col0 = 0; col0 < spec.cols(); col0 += kColumnBlock) {
            const int count = std::min(kColumnBlock, spec.cols() - col0);
            const double dt = columnTimeOffset(spec, col0 + (count - 1) / 2);
            if (config.motion == MotionMode::EgoAndTraffic) world.placeTraffic(plan.sim, t + dt);
            options.first_col = col0;
            options.col_count = count;
            castScanInto(world.scene(), spec, sensorPoseAt(world, plan, config, spec, t + dt),
                         options, out.scan);
            for (int row = 0; row < spec.rows(); ++row)
                for (int c = col0; c < col0 + count; ++c)
                    out.time_offset_s[out.scan.index(row, c)] = float(dt);
        }
        out.scan.world_from_sensor = frame_pose;
    }
    applyLidarEffects(out.scan, parseWeather(config.weather), effects,
                      mix64(config.seed * 0x9E3779B97F4A7C15ull + frame));
    for (std::size_t i = 0; i < plan.cars.size(); ++i)
        if (plan.sim.at(i + 1, t).v_mps > 0.05)
            out.moving_instances.push_back(plan.cars[i].instance_id);
    return out;
}

}  // namespace blindspot

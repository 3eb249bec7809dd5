#pragma once
// One frame of a drive: the revolution cast in blocks of 16 columns (one Embree packet), each from
// the sensor pose it has when the block fires, with the traffic where it is then (motion
// "ego+traffic"), where it is at the frame time ("ego"), or everything frozen at the frame time
// ("none"). Points are in the sensor frame of their own block, as a real spinning sensor reports
// them; `deskew` (drive/Deskew.hpp) undoes the ego's part.
#include <cstdint>
#include <vector>

#include "core/lidar/BeamTable.hpp"
#include "core/lidar/LidarEffects.hpp"
#include "core/lidar/LidarSpec.hpp"
#include "drive/DriveConfig.hpp"
#include "drive/DrivePlan.hpp"

namespace blindspot {

struct DriveFrame {
    ScanGrid scan;  ///< world_from_sensor: the pose at the frame time
    /// Per cell: when its column fired, relative to the frame time (s).
    std::vector<float> time_offset_s;
    /// Instance ids of the traffic cars moving at the frame time (SemanticKITTI's moving ids).
    std::vector<std::uint16_t> moving_instances;
};

/// Columns are cast in blocks of one Embree packet; the cells of a block share the time of its
/// middle column.
constexpr int kColumnBlock = kPacket;
/// When column `col` fires, relative to the frame time (s): -azimuth / (360 f), as the head turns
/// clockwise seen from above and faces forward (azimuth 0) at the frame time.
double columnTimeOffset(const LidarSpec& spec, int col);

/// world_from_sensor of the ego at time t_s.
Eigen::Isometry3d sensorPoseAt(const DriveWorld& world, const DrivePlan& plan,
                               const DriveConfig& config, const LidarSpec& spec, double t_s);

DriveFrame castDriveFrame(DriveWorld& world, const DrivePlan& plan, const DriveConfig& config,
                          const LidarSpec& spec, const LidarEffects& effects, std::size_t frame);

}  // namespace blindspot

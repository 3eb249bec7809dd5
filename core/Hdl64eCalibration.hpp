#pragma once
// A published per-laser calibration of the Velodyne HDL-64E S2.1: the vertical correction
// (elevation) of each of its 64 lasers and the laser block it sits in. Source:
// ros-drivers/velodyne, velodyne_pointcloud/params/64e_s2.1-sztaki.yaml (BSD), field
// vert_correction in radians, as converted from the unit's db.xml. Lasers 0-31 are the upper block
// (+4.97 to -10.86 deg), 32-63 the lower block (-9.07 to -24.85 deg), each about 0.51 deg apart on
// average; where the blocks overlap the merged rows come 0.08-0.74 deg apart, not evenly. KITTI's
// own unit's table is not published; docs/lidar-spec.md says what this means.
#include <array>

namespace blindspot {

constexpr int kHdl64eLasers = 64;

/// vert_correction of laser i (radians, positive up), in laser-id order.
const std::array<double, kHdl64eLasers>& hdl64eVerticalCorrectionRad();

/// True for the upper block (lasers 0-31).
inline bool hdl64eUpperBlock(int laser) { return laser < kHdl64eLasers / 2; }

}  // namespace blindspot

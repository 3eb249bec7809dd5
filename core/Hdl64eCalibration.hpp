#pragma once
// A published per-laser calibration of the Velodyne HDL-64E S2.1: the vertical correction
// (elevation) of each of its 64 lasers and the laser block it sits in. Source:
// ros-drivers/velodyne, velodyne_pointcloud/params/64e_s2.1-sztaki.yaml (BSD), field
// vert_correction in radians, as converted from the unit's db.xml. Lasers 0-31 are the upper block
// (+4.97 to -10.86 deg), 32-63 the lower block (-9.07 to -24.85 deg), each about 0.51 deg apart on
// average; where the blocks overlap the merged rows come 0.08-0.74 deg apart, not evenly. KITTI's
// own unit's table is not published; docs/lidar-spec.md says what this means.
#include <array>
#include <vector>

#include "core/SensorResponse.hpp"

namespace blindspot {

constexpr int kHdl64eLasers = 64;

/// vert_correction of laser i (radians, positive up), in laser-id order.
const std::array<double, kHdl64eLasers>& hdl64eVerticalCorrectionRad();

/// Elevation (deg, positive up) of each row of KITTI's own HDL-64E, top to bottom: the median
/// elevation asin(z / r) of each row's returns in the two lidar_2d scans of drive
/// 2011_09_26_0001 (label-free; the spread within a row is 0.01-0.2 deg). Rows 0-31 come about
/// 0.33 deg apart and rows 32-63 about 0.5 deg: the two laser blocks. KITTI's unit reaches
/// +2.3 deg, not the S2.1 table's +4.97 deg.
const std::array<double, kHdl64eLasers>& kittiHdl64eElevationDeg();

/// Azimuth phase (deg, in [0, 0.18)) of each row of the hdl64e-kitti preset. The real unit fires
/// each laser at its own rotational correction, so the columns a 0.18 deg firing pattern leaves
/// empty in a 0.176 deg image fall at a different column in each row (real lidar_2d rows 36-56:
/// an empty cell every 21 or 42 columns, at no common column). KITTI's corrections are not
/// published and the phases cannot be read back from lidar_2d points, so they are drawn once
/// from a fixed seed: only their spread matters.
std::vector<double> kittiHdl64eRowPhasesDeg();

/// True for the upper block (lasers 0-31).
inline bool hdl64eUpperBlock(int laser) { return laser < kHdl64eLasers / 2; }

/// The response of KITTI's HDL-64E for the hdl64e-kitti preset. Each value and the figure it
/// reproduces is in docs/lidar-spec.md ("hdl64e-kitti response"); the free ones are calibrated on
/// label-free statistics of the real lidar_2d scans (valid fraction per row, intensity histogram).
SensorResponse hdl64eKittiResponse();

}  // namespace blindspot

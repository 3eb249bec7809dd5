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

#include "core/lidar/SensorResponse.hpp"

namespace blindspot {

constexpr int kHdl64eLasers = 64;

/// vert_correction of laser i (radians, positive up), in laser-id order.
const std::array<double, kHdl64eLasers>& hdl64eVerticalCorrectionRad();

/// Elevation (deg, positive up) of each laser of KITTI's own HDL-64E, top to bottom, and the
/// height (m) of its origin above the point cloud's origin: per row of the two lidar_2d scans of
/// drive 2011_09_26_0001 (rows are lasers there), the least-squares line z = d tan(el) + h through
/// the row's returns (d: horizontal distance), which every return fits to within 0.8 mm
/// (label-free). Upper block (rows 0-31) about 0.36 deg apart at h 0.198-0.209 m, lower block
/// about 0.51 deg apart at h 0.116-0.126 m: the unit's vertOffsetCorrection. Seen from the
/// origin a laser's returns therefore climb by about h / d rad with nearness, 1.4 deg at 8 m,
/// which scatters a near object's points over the rows of an elevation image (SemanticKITTI).
/// KITTI's unit reaches +1.94 deg, not the S2.1 table's +4.97 deg.
const std::array<double, kHdl64eLasers>& kittiHdl64eElevationDeg();
const std::array<double, kHdl64eLasers>& kittiHdl64eOriginZM();

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

#pragma once
// Which laser and which column of a LiDAR spec a measured point belongs to: the rule that turns a
// real scan's points back into its rays (core/scan/ScanRays.hpp) and that the surface-gap
// statistics use (eval/SurfaceGaps.hpp). A laser is seen from its own origin
// (LidarSpec::row_origin_z_m): the HDL-64E's upper block sits about 0.2 m above the point cloud's
// origin, so near points of one laser would otherwise fall to the laser below.
#include "core/lidar/LidarSpec.hpp"

namespace blindspot {

/// The most a real return's elevation, seen from its laser's origin, strays from that laser's in
/// the spec: in the eleven shared SemanticKITTI scans under hdl64e-kitti the nearest laser's miss
/// has a 99th percentile of 0.13-0.30 deg (median 0.01-0.07). A coarser sensor's lasers (a
/// VLP-16's, 2 deg apart) leave most of an HDL-64E scan's points further than this from any.
constexpr double kMaxLaserMissDeg = 0.3;

struct LaserFit {
    int row = -1;           ///< the laser whose line passes nearest the point
    double miss_deg = 0.0;  ///< |elevation seen from that laser's origin - its elevation|
    /// The largest miss that still counts as this laser's: half the spacing to the neighbouring
    /// laser on the side of the miss (the edge lasers use their one neighbour), at most
    /// kMaxLaserMissDeg.
    double tolerance_deg = 0.0;
    bool fits() const { return row >= 0 && miss_deg <= tolerance_deg; }
};

/// The nearest laser to a point at horizontal distance `d_m` and height `z_m` (sensor frame).
LaserFit nearestLaser(const LidarSpec& lasers, double d_m, double z_m);

/// The column whose beam, on `row`, points nearest to `azimuth_deg` (counter-clockwise from +x,
/// any turn); -1 outside a horizontal field of view of less than 360 degrees by more than half a
/// column.
int columnOf(const LidarSpec& lasers, int row, double azimuth_deg);

}  // namespace blindspot

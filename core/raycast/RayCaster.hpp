#pragma once
// The Embree 3 ray-caster: organised LiDAR scans, visibility counts and raw packets cast into a
// RayScene (core/raycast/RayScene.hpp). Every rtc* call of the project is here, in
// core/raycast/RayScene.cpp or in core/raycast/EmbreeScene.hpp.
#include <cstddef>

#include "core/lidar/CastColumns.hpp"
#include "core/lidar/LidarSpec.hpp"
#include "core/lidar/ScanGrid.hpp"
#include "core/raycast/RayScene.hpp"

namespace blindspot {

struct CastOptions {
    int threads = 0;  ///< 0 = all cores. The output is identical whatever the count.
    /// Cast only columns [first_col, first_col + col_count) (col_count < 0: to the last); the
    /// other cells of a grid of the right size keep what they hold. A moving sensor casts its
    /// scan in such blocks, each from the pose it has when the block fires.
    int first_col = 0;
    int col_count = -1;
};

/// Casts every beam of `spec` from the sensor pose. Ranges beyond spec.max_range_m are NaN.
ScanGrid castScan(const RayScene& scene, const LidarSpec& spec,
                  const Eigen::Isometry3d& world_from_sensor, const CastOptions& options = {});

/// As castScan, but reuses `scan`'s buffers when its grid already has the right size (a sweep
/// casts thousands of scans of one spec). Every cell is overwritten.
void castScanInto(const RayScene& scene, const LidarSpec& spec,
                  const Eigen::Isometry3d& world_from_sensor, const CastOptions& options,
                  ScanGrid& scan);

/// How many beams of `spec` hit instance `instance_index` when it stands alone, with every other
/// instance removed: the returns the instance would give if nothing occluded it. Only beams inside
/// the instance's angular bounding cone are cast.
std::size_t countUnoccludedHits(const RayScene& scene, int instance_index, const LidarSpec& spec,
                                const Eigen::Isometry3d& world_from_sensor);

/// The columns of the rays countUnoccludedHits fires at the instance (its bounding cone), as one
/// range: every column when the cone holds the seam behind the sensor.
ColumnRange instanceColumns(const RayScene& scene, int instance_index, const LidarSpec& spec,
                            const Eigen::Isometry3d& world_from_sensor);

/// The same rays through rtcIntersect16 and nothing else, for the benchmark. Returns the hit count.
std::size_t castRawPackets(const RayScene& scene, const LidarSpec& spec,
                           const Eigen::Isometry3d& world_from_sensor,
                           const CastOptions& options = {});

}  // namespace blindspot

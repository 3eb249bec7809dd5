#pragma once
// Synthetic targets inserted into a recorded scan along its own rays (issue 52), occlusion both
// ways:
// - a real return's ray is cast against the targets up to the return's range. Where a target is
//   hit first, the ray now ends on it: the real point is replaced by the target's return (its
//   label and instance, a range with the sensor's noise, the calibrated remission), or vanishes
//   when the sensor's response loses that return (core/lidar/SensorReturns.hpp);
// - where the real return is nearer, the ray never reaches the target: the point stays, and the
//   target is occluded there;
// - a laser x column cell that came back empty (core/scan/ScanRays.hpp) is cast along the spec's
// beam,
//   and a target return there is added;
// - every other real point is copied byte for byte, intensity and label included.
// Targets are placed in the scan's sensor frame (ISO 8855: x forward, y left, z up; metres).
// What this does not model: the target's shadow on the real points' intensities, multiple returns,
// a real object's second return through a gap, and the motion of the real sensor during a sweep.
#include <cstdint>
#include <map>
#include <vector>

#include "core/lidar/LidarSpec.hpp"
#include "core/raycast/RayScene.hpp"
#include "core/scan/ScanIo.hpp"
#include "core/scan/ScanRays.hpp"

namespace blindspot {

struct ComposedScan {
    /// In input order, each real point either kept as it was or replaced in place by its ray's
    /// target return (or gone, when that return was lost); then the target returns of the rays
    /// that had none, in cell order. Labels are SemanticKITTI ids.
    PointList points;
    std::vector<std::uint8_t> inserted;  ///< per output point: 1 on a target
    std::vector<std::size_t> source;     ///< per output point: its real point's index, or npos
    /// Per output point: the laser x column cell of its ray (row * cols + col), -1 for the ray of
    /// a real point that fits no laser.
    std::vector<std::int64_t> cell;
    /// Per output point: its palette id (core/geometry/Material.hpp): a target's material label, a
    /// real point's paletteIdOfSemanticKitti, as a sweep's scan grid labels it.
    std::vector<std::uint16_t> palette;
    /// Per target instance id: the rays that hit it at all, whatever real return lies in front
    /// (its returns with nothing in front of it, before the sensor's losses).
    std::map<std::uint16_t, std::size_t> unoccluded;
    std::size_t kept = 0;      ///< real points copied as they were
    std::size_t replaced = 0;  ///< real points whose ray now ends on a target that returned
    std::size_t vanished = 0;  ///< real points whose ray ends on a target that the sensor lost
    std::size_t added = 0;     ///< target returns on rays that had no real return
};

/// Casts `rays` (of `real`, under `lasers`) against `targets` (committed, in the sensor frame)
/// and composes the scan. The sensor response's draws are keyed by ray under `seed`, so the
/// result does not depend on the thread count.
ComposedScan insertTargets(const PointList& real, const ScanRays& rays, const LidarSpec& lasers,
                           const RayScene& targets, std::uint64_t seed);

}  // namespace blindspot

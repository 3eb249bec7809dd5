#pragma once
// Per-cell edits of a scan shared by the environment effects (core/lidar/LidarEffects) and the
// sensor's own response (core/lidar/SensorResponse): seeded random streams that do not depend on
// the thread count, clearing a cell, and moving a return along its beam.
#include <cstdint>

#include "core/base/Rng.hpp"
#include "core/lidar/ScanGrid.hpp"

namespace blindspot {

// Inline: it runs once or twice per cell of every scan.

/// An independent stream per (seed, cell, effect), so that effects do not shift each other's draws.
/// Two SplitMix64 mixes: injective in (cell, effect) for a given seed, and a handful of multiplies
/// where a byte-wise hash of the key took a fifth of an hdl64e-kitti scan.
inline Rng cellRng(std::uint64_t seed, std::size_t cell, std::uint64_t effect) {
    return Rng(mix64(seed ^ mix64((std::uint64_t(cell) << 8) ^ effect)));
}

/// No return: NaN position, range and reflectivity; label and instance 0.
void clearCell(ScanGrid& scan, std::size_t i);
/// Sets the cell's range (quantised to the spec's resolution) and moves xyz along its beam.
void writeRange(ScanGrid& scan, std::size_t i, int row, int col, double range_m);
/// The same for a cell that has a return: scales its xyz by the new range over the old one, which
/// keeps the ray's direction without recomputing it.
void rescaleRange(ScanGrid& scan, std::size_t i, double range_m);

}  // namespace blindspot

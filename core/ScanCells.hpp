#pragma once
// Per-cell edits of a scan shared by the environment effects (core/LidarEffects) and the sensor's
// own response (core/SensorResponse): seeded random streams that do not depend on the thread
// count, clearing a cell, and moving a return along its beam.
#include <cstdint>

#include "core/Rng.hpp"
#include "core/ScanGrid.hpp"

namespace blindspot {

/// An independent stream per (seed, cell, effect), so that effects do not shift each other's draws.
Rng cellRng(std::uint64_t seed, std::size_t cell, std::uint64_t effect);
/// A standard normal draw (Box-Muller).
double gaussian(Rng& rng);
/// No return: NaN position, range and reflectivity; label and instance 0.
void clearCell(ScanGrid& scan, std::size_t i);
/// Sets the cell's range (quantised to the spec's resolution) and moves xyz along its beam.
void writeRange(ScanGrid& scan, std::size_t i, int row, int col, double range_m);

}  // namespace blindspot

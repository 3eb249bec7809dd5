#pragma once
// A recorded scan's rays (issue 52): every real return gets the laser that fired it and the column
// it fell in, and every laser x column cell without a return becomes a ray that came back empty
// (dropped, or sky). Synthetic targets are then cast along exactly these rays
// (core/scan/ScanInsertion.hpp), so an inserted object is sampled as the real sensor sampled the
// street.
//
// The laser is the one whose line, seen from its own origin, passes nearest the point
// (core/lidar/LaserFit.hpp); the column the beam of that laser nearest the point's azimuth. A point
// that fits no laser (its elevation is further from the nearest laser's than half the spacing to
// the next, or than kMaxLaserMissDeg: a multipath or mixed-pixel return, or a sensor whose lasers
// are not this spec's) keeps
// its own ray from the sensor origin: a target in front of it still hides it, but it marks no cell
// as returned.
//
// Where two points fall in one cell (a recording's laser elevations stray by up to 0.3 deg, so a
// point may land on its neighbour's line; or two azimuth steps round to one column), the one
// further from the cell's beam moves to the neighbouring cell it strays toward, the laser above
// or below or the next column, when that cell is empty: the real sensor fired a beam there, and
// a lone return beside an empty cell is most likely that beam's. Otherwise the cell holding two
// points is kept, and the neighbour reads as a ray that came back empty.
#include <cstdint>
#include <string>
#include <vector>

#include "core/lidar/LidarSpec.hpp"
#include "core/scan/ScanIo.hpp"

namespace blindspot {

struct ScanRays {
    int rows = 0, cols = 0;
    std::vector<int> point_row;               ///< per point: its laser, -1 when it fits none
    std::vector<int> point_col;               ///< per point: its column, -1 when it fits no laser
    std::vector<std::uint8_t> cell_returned;  ///< rows x cols: 1 where some point fell
    std::size_t unfitted = 0;                 ///< points that fit no laser
    std::size_t moved = 0;                    ///< points moved out of a shared cell
    std::size_t shared = 0;                   ///< points still sharing a cell with a nearer one
    std::size_t emptyCells() const;
};

/// The rays of `points` under `lasers`. Throws FileError naming `source` when most points (more
/// than half) fit no laser: the scan was not taken by a sensor with these lasers.
ScanRays scanRaysOf(const PointList& points, const LidarSpec& lasers, const std::string& source);

}  // namespace blindspot

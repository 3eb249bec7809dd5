// Issue 52: a recorded return that lands in its neighbour laser's cell (the laser's elevation
// strays past half the spacing) moves back to the empty cell it strays toward; beside an occupied
// cell it stays and is counted as shared. Points placed by construction on hdl64e-kitti's beams.
#include <gtest/gtest.h>

#include <cmath>

#include "core/lidar/LidarSpec.hpp"
#include "core/scan/ScanRays.hpp"

namespace blindspot {
namespace {

constexpr double kDeg = M_PI / 180.0;

// A point at horizontal distance d on `row`'s beam through column `col`, its elevation (seen
// from the laser's origin) raised by `d_elevation_deg`; its azimuth that of `azimuth_row`'s beam
// (by default `row`'s: the lasers' azimuth phases differ).
void addOnBeam(PointList& points, const LidarSpec& s, int row, int col, double d,
               double d_elevation_deg, int azimuth_row = -1) {
    const int ar = azimuth_row < 0 ? row : azimuth_row;
    const double az = (s.azimuth_deg[std::size_t(col)] + s.azimuthOffsetDeg(ar)) * kDeg;
    const double el = (s.elevation_deg[std::size_t(row)] + d_elevation_deg) * kDeg;
    points.xyzi.insert(points.xyzi.end(), {float(d * std::cos(az)), float(d * std::sin(az)),
                                           float(s.originZM(row) + d * std::tan(el)), 0.3f});
    points.label.push_back(50);
    points.instance.push_back(0);
}

TEST(ScanRays, AReturnOnItsNeighboursLineMovesBackToItsEmptyCell) {
    const LidarSpec s = lidarPreset("hdl64e-kitti");
    const int row = 30, col = 1000;
    const double spacing = s.elevation_deg[30] - s.elevation_deg[31];
    PointList points;
    addOnBeam(points, s, row, col, 10.0, 0.0);  // on laser 30's beam
    // Laser 31's return, strayed up past the midpoint: nearest to laser 30's line.
    addOnBeam(points, s, row + 1, col, 10.0, 0.6 * spacing, row);
    const ScanRays rays = scanRaysOf(points, s, "hand-built");
    EXPECT_EQ(rays.point_row[0], row);
    EXPECT_EQ(rays.point_row[1], row + 1);  // moved back to the laser below
    EXPECT_EQ(rays.moved, 1u);
    EXPECT_EQ(rays.shared, 0u);
    EXPECT_EQ(rays.emptyCells(), rays.cell_returned.size() - 2);
}

TEST(ScanRays, BesideAnOccupiedCellTheReturnStaysShared) {
    const LidarSpec s = lidarPreset("hdl64e-kitti");
    const int row = 30, col = 1000;
    const double spacing = s.elevation_deg[30] - s.elevation_deg[31];
    PointList points;
    addOnBeam(points, s, row, col, 10.0, 0.0);
    addOnBeam(points, s, row + 1, col, 10.0, 0.6 * spacing, row);  // into laser 30's cell
    addOnBeam(points, s, row + 1, col, 12.0, 0.0, row);            // laser 31's cell is taken
    addOnBeam(points, s, row, col + 1, 10.0, 0.0);                 // and the next column
    addOnBeam(points, s, row, col - 1, 10.0, 0.0);                 // and the previous one
    const ScanRays rays = scanRaysOf(points, s, "hand-built");
    EXPECT_EQ(rays.point_row[1], row);
    EXPECT_EQ(rays.point_col[1], col);
    EXPECT_EQ(rays.moved, 0u);
    EXPECT_EQ(rays.shared, 1u);
}

}  // namespace
}  // namespace blindspot

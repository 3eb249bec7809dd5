#include "core/scan/ScanRays.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/base/Error.hpp"
#include "core/lidar/LaserFit.hpp"

namespace blindspot {

namespace {

constexpr double kDegPerRad = 180.0 / M_PI;

double wrapDeg(double a) { return a - 360.0 * std::floor((a + 180.0) / 360.0); }

// How far point `i` strays from its cell's beam, signed: elevation (deg, positive above the
// beam) and azimuth (columns, positive toward higher column indices, i.e. clockwise).
struct Stray {
    double elevation_deg = 0.0, columns = 0.0;
};

Stray strayOf(const float* p, int row, int col, const LidarSpec& lasers) {
    const double d = std::hypot(p[0], p[1]);
    Stray s;
    s.elevation_deg = std::atan2(p[2] - lasers.originZM(row), d) * kDegPerRad -
                      lasers.elevation_deg[std::size_t(row)];
    const double az = std::atan2(p[1], p[0]) * kDegPerRad - lasers.azimuthOffsetDeg(row);
    const double step =
        lasers.cols() > 1 ? std::fabs(lasers.azimuth_deg[0] - lasers.azimuth_deg[1]) : 360.0;
    s.columns = wrapDeg(lasers.azimuth_deg[std::size_t(col)] - az) / step;
    return s;
}

// The cells around (row, col) point i strays toward, nearest first.
std::vector<std::pair<int, int>> neighboursToward(const float* p, int row, int col,
                                                  const LidarSpec& lasers) {
    const Stray s = strayOf(p, row, col, lasers);
    std::vector<std::pair<int, int>> out;
    const int other_row = row + (s.elevation_deg > 0 ? -1 : 1);  // rows run from the top down
    if (other_row >= 0 && other_row < lasers.rows()) {
        const double spacing = std::fabs(lasers.elevation_deg[std::size_t(row)] -
                                         lasers.elevation_deg[std::size_t(other_row)]);
        const int c = columnOf(lasers, other_row, std::atan2(p[1], p[0]) * kDegPerRad);
        if (c >= 0 && std::fabs(s.elevation_deg) <= spacing) out.emplace_back(other_row, c);
    }
    const int other_col = col + (s.columns > 0 ? 1 : -1);
    if (other_col >= 0 && other_col < lasers.cols()) out.emplace_back(row, other_col);
    if (out.size() == 2 &&
        std::fabs(s.columns) / 0.5 > std::fabs(s.elevation_deg) / kMaxLaserMissDeg)
        std::swap(out[0], out[1]);  // the larger stray, relative to its tolerance, first
    return out;
}

// How far a point strays from its cell's beam, relative to the tolerances (0.3 deg, half a column).
double strayScore(const float* p, int row, int col, const LidarSpec& lasers) {
    const Stray s = strayOf(p, row, col, lasers);
    return std::fabs(s.elevation_deg) / kMaxLaserMissDeg + std::fabs(s.columns) / 0.5;
}

// Moves the further of two points sharing a cell into an empty neighbouring cell (header).
void settleSharedCells(const PointList& points, const LidarSpec& lasers, ScanRays& rays) {
    const std::size_t cols = std::size_t(rays.cols);
    std::vector<std::vector<std::size_t>> in_cell(rays.cell_returned.size());
    for (std::size_t i = 0; i < points.size(); ++i)
        if (rays.point_row[i] >= 0)
            in_cell[std::size_t(rays.point_row[i]) * cols + std::size_t(rays.point_col[i])]
                .push_back(i);
    const float* p = points.xyzi.data();
    for (auto& here : in_cell) {
        if (here.size() < 2) continue;
        // The point nearest the cell's beam keeps it; the others are tried next door.
        std::vector<double> score(here.size());
        for (std::size_t k = 0; k < here.size(); ++k)
            score[k] = strayScore(p + 4 * here[k], rays.point_row[here[k]], rays.point_col[here[k]],
                                  lasers);
        std::vector<std::size_t> order(here.size());
        for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
        std::stable_sort(order.begin(), order.end(),
                         [&](std::size_t a, std::size_t b) { return score[a] < score[b]; });
        std::vector<std::size_t> sorted;
        for (std::size_t k : order) sorted.push_back(here[k]);
        here = sorted;
        for (std::size_t k = 1; k < here.size(); ++k) {
            const std::size_t i = here[k];
            bool moved = false;
            for (const auto& [r, c] :
                 neighboursToward(p + 4 * i, rays.point_row[i], rays.point_col[i], lasers)) {
                std::uint8_t& cell = rays.cell_returned[std::size_t(r) * cols + std::size_t(c)];
                if (cell) continue;
                cell = 1;
                rays.point_row[i] = r;
                rays.point_col[i] = c;
                moved = true;
                break;
            }
            ++(moved ? rays.moved : rays.shared);
        }
    }
}

}  // namespace

std::size_t ScanRays::emptyCells() const {
    std::size_t n = 0;
    for (auto c : cell_returned) n += c == 0;
    return n;
}

ScanRays scanRaysOf(const PointList& points, const LidarSpec& lasers, const std::string& source) {
    ScanRays rays;
    rays.rows = lasers.rows();
    rays.cols = lasers.cols();
    rays.cell_returned.assign(std::size_t(rays.rows) * std::size_t(rays.cols), 0);
    const std::size_t n = points.size();
    rays.point_row.assign(n, -1);
    rays.point_col.assign(n, -1);
    const float* p = points.xyzi.data();
    for (std::size_t i = 0; i < n; ++i) {
        const double x = p[4 * i], y = p[4 * i + 1], z = p[4 * i + 2];
        const double d = std::hypot(x, y);
        const LaserFit fit = d > 0.0 ? nearestLaser(lasers, d, z) : LaserFit{};
        const int col =
            fit.fits() ? columnOf(lasers, fit.row, std::atan2(y, x) * 180.0 / M_PI) : -1;
        if (col < 0) {
            ++rays.unfitted;
            continue;
        }
        rays.point_row[i] = fit.row;
        rays.point_col[i] = col;
        rays.cell_returned[std::size_t(fit.row) * std::size_t(rays.cols) + std::size_t(col)] = 1;
    }
    settleSharedCells(points, lasers, rays);
    if (n > 0 && 2 * rays.unfitted > n)
        throw FileError(source, std::to_string(rays.unfitted) + " of " + std::to_string(n) +
                                    " points fit no laser of LiDAR \"" + lasers.name +
                                    "\": expected a scan taken by that sensor");
    return rays;
}

}  // namespace blindspot

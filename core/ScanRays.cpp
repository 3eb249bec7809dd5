#include "core/ScanRays.hpp"

#include <cmath>

#include "core/Error.hpp"
#include "core/LaserFit.hpp"

namespace blindspot {

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
    if (n > 0 && 2 * rays.unfitted > n)
        throw FileError(source, std::to_string(rays.unfitted) + " of " + std::to_string(n) +
                                    " points fit no laser of LiDAR \"" + lasers.name +
                                    "\": expected a scan taken by that sensor");
    return rays;
}

}  // namespace blindspot

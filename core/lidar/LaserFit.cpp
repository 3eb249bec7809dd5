#include "core/lidar/LaserFit.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace blindspot {
namespace {

constexpr double kDegPerRad = 180.0 / M_PI;

// Azimuth difference wrapped into [-180, 180).
double wrapDeg(double a) { return a - 360.0 * std::floor((a + 180.0) / 360.0); }

}  // namespace

LaserFit nearestLaser(const LidarSpec& lasers, double d_m, double z_m) {
    LaserFit best;
    double best_signed = 0.0;
    best.miss_deg = std::numeric_limits<double>::infinity();
    const auto& e = lasers.elevation_deg;
    for (int row = 0; row < lasers.rows(); ++row) {
        const double seen_deg = std::atan2(z_m - lasers.originZM(row), d_m) * kDegPerRad;
        const double miss = seen_deg - e[std::size_t(row)];
        if (std::fabs(miss) < best.miss_deg)
            best.miss_deg = std::fabs(miss), best.row = row, best_signed = miss;
    }
    if (best.row < 0) return best;
    const std::size_t r = std::size_t(best.row), n = e.size();
    // Rows run from the highest elevation down: a point above its laser lies towards row r - 1.
    const bool above = best_signed > 0.0;
    std::size_t neighbour = above ? (r == 0 ? 1 : r - 1) : (r + 1 == n ? r - 1 : r + 1);
    best.tolerance_deg =
        std::min(kMaxLaserMissDeg, n > 1 ? std::fabs(e[r] - e[neighbour]) / 2.0 : kMaxLaserMissDeg);
    return best;
}

int columnOf(const LidarSpec& lasers, int row, double azimuth_deg) {
    const auto& a = lasers.azimuth_deg;  // strictly decreasing: column 0 is the leftmost
    const int cols = lasers.cols();
    if (cols == 0) return -1;
    const double az = azimuth_deg - lasers.azimuthOffsetDeg(row);
    const double step = cols > 1 ? std::fabs(a[0] - a[1]) : 360.0;
    const bool full_turn = std::fabs(step * cols - 360.0) < 1e-6;
    // Offset from column 0's beam, clockwise (the direction the columns run), in columns.
    const double turn = full_turn ? wrapDeg(a[0] - az) : a[0] - az;
    if (full_turn) {
        const double k = std::fmod(std::round(turn / step) + cols, double(cols));
        return int(k) % cols;
    }
    // A custom or partial axis: the nearest listed beam, and outside by more than half a step: -1.
    const auto it = std::lower_bound(a.begin(), a.end(), az, std::greater<double>());
    int best = int(it - a.begin());
    if (best == cols) best = cols - 1;
    if (best > 0 && std::fabs(a[std::size_t(best) - 1] - az) < std::fabs(a[std::size_t(best)] - az))
        --best;
    return std::fabs(a[std::size_t(best)] - az) <= step / 2.0 + 1e-9 ? best : -1;
}

}  // namespace blindspot

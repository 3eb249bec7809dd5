#include "core/ScanCells.hpp"

#include <cmath>
#include <limits>

#include "core/Hash.hpp"

namespace blindspot {

Rng cellRng(std::uint64_t seed, std::size_t cell, std::uint64_t effect) {
    std::uint64_t key[3] = {seed, std::uint64_t(cell), effect};
    return Rng(fnv1a64(key, sizeof key));
}

double gaussian(Rng& rng) {
    const double u = std::max(rng.uniform(0.0, 1.0), 1e-300), v = rng.uniform(0.0, 1.0);
    return std::sqrt(-2.0 * std::log(u)) * std::cos(2.0 * M_PI * v);
}

void clearCell(ScanGrid& scan, std::size_t i) {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    scan.xyz_sensor_m[3 * i] = scan.xyz_sensor_m[3 * i + 1] = scan.xyz_sensor_m[3 * i + 2] = nan;
    scan.range_m[i] = scan.reflectivity[i] = nan;
    scan.label[i] = scan.instance[i] = 0;
}

void writeRange(ScanGrid& scan, std::size_t i, int row, int col, double range_m) {
    const double res = scan.spec.range_resolution_m;
    const float range = float(double(std::int64_t(range_m / res + 0.5)) * res);
    const Eigen::Vector3d d = beamDirection(scan.elevationDeg(row, col), scan.azimuthDeg(row, col));
    for (int k = 0; k < 3; ++k) scan.xyz_sensor_m[3 * i + std::size_t(k)] = float(d[k] * range);
    scan.range_m[i] = range;
}

}  // namespace blindspot

#include "core/lidar/ScanCells.hpp"

#include <cmath>
#include <limits>

namespace blindspot {

void clearCell(ScanGrid& scan, std::size_t i) {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    scan.xyz_sensor_m[3 * i] = scan.xyz_sensor_m[3 * i + 1] = scan.xyz_sensor_m[3 * i + 2] = nan;
    scan.range_m[i] = scan.reflectivity[i] = nan;
    scan.label[i] = scan.instance[i] = 0;
}

namespace {
float quantisedRange(const ScanGrid& scan, double range_m) {
    const double res = scan.spec.range_resolution_m;
    return float(double(std::int64_t(range_m / res + 0.5)) * res);
}
}  // namespace

void writeRange(ScanGrid& scan, std::size_t i, int row, int col, double range_m) {
    const float range = quantisedRange(scan, range_m);
    const Eigen::Vector3d d = beamDirection(scan.elevationDeg(row, col), scan.azimuthDeg(row, col));
    for (int k = 0; k < 3; ++k) scan.xyz_sensor_m[3 * i + std::size_t(k)] = float(d[k] * range);
    const double origin_z_m = scan.spec.originZM(row);
    if (origin_z_m != 0.0) scan.xyz_sensor_m[3 * i + 2] = float(origin_z_m + d[2] * range);
    scan.range_m[i] = range;
}

void rescaleRange(ScanGrid& scan, std::size_t i, double range_m) {
    const float range = quantisedRange(scan, range_m);
    const double scale = double(range) / double(scan.range_m[i]);
    for (std::size_t k = 3 * i; k < 3 * i + 2; ++k)
        scan.xyz_sensor_m[k] = float(double(scan.xyz_sensor_m[k]) * scale);
    // The point moves along its beam, which starts at the laser's origin (0, 0, h).
    const double h = scan.spec.originZM(int(i / std::size_t(scan.cols())));
    float& z = scan.xyz_sensor_m[3 * i + 2];
    z = h == 0.0 ? float(double(z) * scale) : float(h + (double(z) - h) * scale);
    scan.range_m[i] = range;
}

}  // namespace blindspot

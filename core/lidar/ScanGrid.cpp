#include "core/lidar/ScanGrid.hpp"

#include <cstring>
#include <limits>

namespace blindspot {

std::size_t ScanGrid::validCount() const {
    std::size_t n = 0;
    for (std::size_t i = 0; i < range_m.size(); ++i) n += valid(i);
    return n;
}

ScanGrid makeEmptyScan(const LidarSpec& spec, const Eigen::Isometry3d& world_from_sensor) {
    const std::size_t cells = std::size_t(spec.rows()) * spec.cols();
    const float nan = std::numeric_limits<float>::quiet_NaN();
    ScanGrid scan;
    scan.spec = spec;
    scan.world_from_sensor = world_from_sensor;
    scan.xyz_sensor_m.assign(3 * cells, nan);
    scan.range_m.assign(cells, nan);
    scan.reflectivity.assign(cells, nan);
    scan.label.assign(cells, 0);
    scan.instance.assign(cells, 0);
    return scan;
}

Eigen::Vector3d beamDirection(double elevation_deg, double azimuth_deg) {
    const double el = elevation_deg * M_PI / 180.0;
    const double az = azimuth_deg * M_PI / 180.0;
    return {std::cos(el) * std::cos(az), std::cos(el) * std::sin(az), std::sin(el)};
}

namespace {
template <typename T>
bool sameBytes(const std::vector<T>& a, const std::vector<T>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0;
}
}  // namespace

bool operator==(const ScanGrid& a, const ScanGrid& b) {
    return a.rows() == b.rows() && a.cols() == b.cols() &&
           sameBytes(a.xyz_sensor_m, b.xyz_sensor_m) && sameBytes(a.range_m, b.range_m) &&
           sameBytes(a.reflectivity, b.reflectivity) && sameBytes(a.label, b.label) &&
           sameBytes(a.instance, b.instance);
}

}  // namespace blindspot

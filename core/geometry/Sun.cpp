#include "core/geometry/Sun.hpp"

#include <algorithm>
#include <cmath>

namespace blindspot {
namespace {
constexpr double kDeg = 3.14159265358979323846 / 180.0;
}

Eigen::Vector3d SunPosition::direction_world() const {
    const double el = elevation_deg * kDeg, az = azimuth_deg * kDeg;
    // Bearing clockwise from north (+x); east is -y in a frame with +y west.
    return {std::cos(el) * std::cos(az), -std::cos(el) * std::sin(az), std::sin(el)};
}

SunPosition sunPosition(double t, const SunOptions& o) {
    const double delta = 23.44 * kDeg * std::sin(2.0 * M_PI * (284.0 + o.day_of_year) / 365.0);
    const double h = 15.0 * (t - 12.0) * kDeg;
    const double lat = o.latitude_deg * kDeg;
    const double sin_el =
        std::sin(lat) * std::sin(delta) + std::cos(lat) * std::cos(delta) * std::cos(h);
    SunPosition p;
    p.elevation_deg = std::asin(std::clamp(sin_el, -1.0, 1.0)) / kDeg;
    const double az =
        std::atan2(std::sin(h), std::cos(h) * std::sin(lat) - std::tan(delta) * std::cos(lat));
    p.azimuth_deg = std::fmod(az / kDeg + 180.0 + 360.0, 360.0);
    return p;
}

}  // namespace blindspot

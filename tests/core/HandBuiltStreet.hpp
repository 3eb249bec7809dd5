#pragma once
// A hand-built "recorded" scan in the SemanticKITTI layout (issue 52's tests): a flat road 1.73 m
// below the sensor and a building wall across the street at x = 20 m, sampled along
// hdl64e-kitti's beams (each laser from its own origin, each row with its azimuth phase) by
// analytic plane intersection, not by the ray-caster. The sensor response is off, so every count
// is known by construction.
#include <cmath>
#include <optional>
#include <utility>
#include <vector>

#include "core/lidar/LidarSpec.hpp"
#include "core/lidar/ScanGrid.hpp"
#include "core/scan/ScanIo.hpp"

namespace blindspot::testing {

constexpr double kGroundZ = -1.73, kWallX = 20.0, kWallTop = 3.0;
constexpr std::uint16_t kRoad = 40, kBuilding = 50;  // SemanticKITTI ids

inline LidarSpec lasers() {
    LidarSpec spec = lidarPreset("hdl64e-kitti");
    spec.response.enabled = false;
    return spec;
}

inline Eigen::Vector3d beamOrigin(const LidarSpec& s, int row) {
    return {0.0, 0.0, s.originZM(row)};
}
inline Eigen::Vector3d beamDir(const LidarSpec& s, int row, int col) {
    return beamDirection(s.elevation_deg[std::size_t(row)],
                         s.azimuth_deg[std::size_t(col)] + s.azimuthOffsetDeg(row));
}

// The street along every beam, with the cell each point came from.
struct Street {
    PointList points;
    std::vector<std::pair<int, int>> cell;  // (row, col) per point
};

inline Street street(const LidarSpec& s) {
    Street out;
    for (int row = 0; row < s.rows(); ++row)
        for (int col = 0; col < s.cols(); ++col) {
            const Eigen::Vector3d o = beamOrigin(s, row), d = beamDir(s, row, col);
            std::optional<double> t;
            std::uint16_t label = 0;
            if (d.x() > 0) {
                const double tw = (kWallX - o.x()) / d.x();
                const Eigen::Vector3d p = o + tw * d;
                if (p.z() <= kWallTop && p.z() >= kGroundZ && std::fabs(p.y()) <= 40)
                    t = tw, label = kBuilding;
            }
            if (d.z() < 0) {
                const double tg = (kGroundZ - o.z()) / d.z();
                if (tg <= s.max_range_m && (!t || tg < *t)) t = tg, label = kRoad;
            }
            if (!t) continue;  // sky: an empty cell
            const Eigen::Vector3d p = o + *t * d;
            out.points.xyzi.insert(out.points.xyzi.end(), {float(p.x()), float(p.y()), float(p.z()),
                                                           float((row * 7 + col) % 100) / 100.f});
            out.points.label.push_back(label);
            out.points.instance.push_back(0);
            out.cell.push_back({row, col});
        }
    return out;
}

}  // namespace blindspot::testing

#pragma once
// The beams of a LiDAR spec as the ray-caster fires them: single-precision directions in the
// sensor frame and the rotation into the world. The scan cache (core/scan/ScanPack.hpp) predicts a
// cell's point from the same directions, so the caster's points cost nothing to store.
#include <Eigen/Geometry>
#include <cmath>
#include <vector>

#include "core/lidar/LidarSpec.hpp"

namespace blindspot {

/// Rays per Embree packet (rtcIntersect16): the caster fires a row 16 columns at a time.
constexpr int kPacket = 16;

// Beam directions in the sensor frame, separable in elevation and azimuth: a row's azimuth offset
// turns its beams about z, so d = (a cos az - b sin az, a sin az + b cos az, sin el) with
// a = cos el cos offset and b = cos el sin offset (b = 0 without offsets, so d is unchanged).
struct BeamTable {
    std::vector<float> a_row, b_row, sin_el, cos_az, sin_az;
    std::vector<float> origin_z_row;  // the laser's origin above the sensor's (m, sensor z)
    float world_from_sensor[9];       // row-major rotation
    float origin[3];
    float max_range;

    BeamTable(const LidarSpec& spec, const Eigen::Isometry3d& world_from_sensor) {
        for (int row = 0; row < spec.rows(); ++row) {
            const double el = spec.elevation_deg[std::size_t(row)] * M_PI / 180.0;
            const double off = spec.azimuthOffsetDeg(row) * M_PI / 180.0;
            a_row.push_back(off == 0.0 ? float(std::cos(el)) : float(std::cos(el) * std::cos(off)));
            b_row.push_back(float(std::cos(el) * std::sin(off)));
            sin_el.push_back(float(std::sin(el)));
            origin_z_row.push_back(float(spec.originZM(row)));
        }
        for (double az : spec.azimuth_deg) {
            cos_az.push_back(float(std::cos(az * M_PI / 180.0)));
            sin_az.push_back(float(std::sin(az * M_PI / 180.0)));
        }
        const Eigen::Matrix3d r = world_from_sensor.linear();
        for (int i = 0; i < 3; ++i) {
            for (int j = 0; j < 3; ++j) this->world_from_sensor[3 * i + j] = float(r(i, j));
            origin[i] = float(world_from_sensor.translation()[i]);
        }
        max_range = float(spec.max_range_m);
    }
    void sensorDir(int row, int col, float d[3]) const {
        d[0] = a_row[row] * cos_az[col] - b_row[row] * sin_az[col];
        d[1] = a_row[row] * sin_az[col] + b_row[row] * cos_az[col];
        d[2] = sin_el[row];
    }
    /// Where a row's beams start, in the world frame.
    void worldOrigin(int row, float o[3]) const {
        const float h = origin_z_row[std::size_t(row)];
        for (int i = 0; i < 3; ++i) o[i] = origin[i] + world_from_sensor[3 * i + 2] * h;
    }
    /// The sensor-frame point of a return at `range_m` along direction d of `row`; without an
    /// origin offset exactly d * range, so scans without one keep their bits.
    void sensorPoint(int row, const float d[3], float range_m, float p[3]) const {
        const float h = origin_z_row[std::size_t(row)];
        p[0] = d[0] * range_m;
        p[1] = d[1] * range_m;
        p[2] = h == 0.0f ? d[2] * range_m : h + d[2] * range_m;
    }
};

}  // namespace blindspot

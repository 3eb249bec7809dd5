#pragma once
// The beams of a LiDAR spec as the ray-caster fires them: single-precision directions in the
// sensor frame and the rotation into the world. The scan cache (core/ScanPack.hpp) predicts a
// cell's point from the same directions, so the caster's points cost nothing to store.
#include <Eigen/Geometry>
#include <cmath>
#include <vector>

#include "core/LidarSpec.hpp"

namespace blindspot {

/// Rays per Embree packet (rtcIntersect16): the caster fires a row 16 columns at a time.
constexpr int kPacket = 16;

// Beam directions in the sensor frame, separable in elevation and azimuth: a row's azimuth offset
// turns its beams about z, so d = (a cos az - b sin az, a sin az + b cos az, sin el) with
// a = cos el cos offset and b = cos el sin offset (b = 0 without offsets, so d is unchanged).
struct BeamTable {
    std::vector<float> a_row, b_row, sin_el, cos_az, sin_az;
    float world_from_sensor[9];  // row-major rotation
    float origin[3];
    float max_range;

    BeamTable(const LidarSpec& spec, const Eigen::Isometry3d& world_from_sensor) {
        for (int row = 0; row < spec.rows(); ++row) {
            const double el = spec.elevation_deg[std::size_t(row)] * M_PI / 180.0;
            const double off = spec.azimuthOffsetDeg(row) * M_PI / 180.0;
            a_row.push_back(off == 0.0 ? float(std::cos(el)) : float(std::cos(el) * std::cos(off)));
            b_row.push_back(float(std::cos(el) * std::sin(off)));
            sin_el.push_back(float(std::sin(el)));
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
};

}  // namespace blindspot

#pragma once
// One organised LiDAR scan: an m x n grid, row-major, row 0 the top beam, column 0 the leftmost.
#include <Eigen/Geometry>
#include <cmath>
#include <cstdint>
#include <vector>

#include "core/lidar/LidarSpec.hpp"

namespace blindspot {

struct ScanGrid {
    LidarSpec spec;  ///< the grid's beam angles come from here
    Eigen::Isometry3d world_from_sensor = Eigen::Isometry3d::Identity();

    // Per cell, row-major (index = row * cols + col). NaN where no return came back.
    std::vector<float> xyz_sensor_m;      ///< 3 floats per cell, in the sensor frame (ISO 8855)
    std::vector<float> range_m;           ///< quantised to spec.range_resolution_m
    std::vector<float> reflectivity;      ///< [0, 1], Phong (see SurfaceMaterial)
    std::vector<std::uint16_t> label;     ///< palette id; 0 where no return
    std::vector<std::uint16_t> instance;  ///< instance id; 0 where no return or "stuff"

    int rows() const { return spec.rows(); }
    int cols() const { return spec.cols(); }
    std::size_t cellCount() const { return range_m.size(); }
    std::size_t index(int row, int col) const { return std::size_t(row) * cols() + col; }
    bool valid(std::size_t i) const { return !std::isnan(range_m[i]); }
    std::size_t validCount() const;

    double elevationDeg(int row, int /*col*/) const { return spec.elevation_deg[row]; }
    double azimuthDeg(int row, int col) const {
        return spec.azimuth_deg[col] + spec.azimuthOffsetDeg(row);
    }
};

/// An empty grid for `spec`: every cell NaN / 0.
ScanGrid makeEmptyScan(const LidarSpec& spec, const Eigen::Isometry3d& world_from_sensor);

/// Unit ray direction in the sensor frame for an elevation and azimuth in degrees.
Eigen::Vector3d beamDirection(double elevation_deg, double azimuth_deg);

bool operator==(const ScanGrid& a, const ScanGrid& b);  ///< bitwise on the cell arrays

}  // namespace blindspot

#pragma once
// A pinhole camera co-located with the LiDAR, as in Yue et al. (Section II-B): the same centre
// and the same axes (optical axis along the sensor's +x, ISO 8855), so the LiDAR-camera
// calibration is exact by construction. Pixel (u, v): u = column (0 at the left), v = row (0 at
// the top); for a point p = (x, y, z) in the sensor frame with x > 0:
//     u = cx - f * y / x,   v = cy - f * z / x,   f = (width / 2) / tan(hfov / 2), square pixels.
//
// The renderer shoots one Embree primary ray per pixel centre and shades it with sun and sky
// light from the time of day (core/geometry/Sun.hpp), Lambert plus Phong specular from the surface
// colour, shadow rays towards the sun, and at night dim ambient light plus the ego vehicle's
// headlights. Weather: fog blends to the fog colour by Koschmieder's law, rain darkens, wets the
// road (specular) and adds streaks, snow adds flakes. docs/weather.md has the formulas.
#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/geometry/Sun.hpp"
#include "core/lidar/LidarEffects.hpp"
#include "core/lidar/ScanGrid.hpp"
#include "core/raycast/RayCaster.hpp"

namespace blindspot {

struct CameraSpec {
    int width = 1242;  ///< KITTI's colour cameras
    int height = 375;
    double hfov_deg = 81.4;  ///< KITTI camera 2: 2 atan(621 / 721.5)
    /// The camera's pose on the LiDAR (camera frame: optical axis +x, y left, z up). Identity, the
    /// paper's set-up, makes the calibration exact; with an offset the calibration map projects
    /// each return's point (parallax included, occlusion from the camera not checked).
    Eigen::Isometry3d sensor_from_camera = Eigen::Isometry3d::Identity();
    double focalPx() const;
    double cx() const { return width / 2.0; }
    double cy() const { return height / 2.0; }
};

/// The pixel (u, v) a point in the sensor frame projects to, or none (behind the camera or
/// outside the image). Goes through camera.sensor_from_camera.
std::optional<std::array<double, 2>> projectToPixel(const CameraSpec& camera,
                                                    const Eigen::Vector3d& p_sensor_m);
/// Unit direction in the camera frame of the ray through pixel coordinates (u, v).
Eigen::Vector3d pixelRay(const CameraSpec& camera, double u, double v);

/// For every LiDAR cell, the pixel it projects to: its return's point, or for a cell without
/// return the beam's direction (a point at infinity); column and row, -1 where none.
struct CalibrationMap {
    int rows = 0, cols = 0;
    std::vector<std::int32_t> pixel_col, pixel_row;  ///< per LiDAR cell, row-major
};
CalibrationMap calibrationMap(const ScanGrid& scan, const CameraSpec& camera);

struct CameraConditions {
    double time_of_day_h = 12.0;
    SunOptions sun;
    Weather weather;
    std::uint64_t seed = 0;  ///< rain streaks and snow flakes
    /// Heading of the world's +x axis as a compass bearing (lighting convention: +x north).
    double world_x_bearing_deg = 0.0;
    /// Street lamps (world frame, m): lit when the sun is down; no shadows from them.
    std::vector<Eigen::Vector3d> street_lamps_world_m;
};

struct CameraImage {
    int width = 0, height = 0;
    std::vector<std::uint8_t> rgb;        ///< 3 per pixel, sRGB, row-major
    std::vector<std::uint16_t> label;     ///< palette id per pixel; label::kSky where nothing
    std::vector<std::uint16_t> instance;  ///< instance id per pixel; 0 for stuff and sky
    std::vector<float> depth_m;           ///< distance along the ray; +inf for sky
};

/// Renders the scene seen from the sensor pose. Deterministic: the same inputs give the same bytes
/// whatever `threads` (0 = all cores).
CameraImage renderCamera(const RayScene& scene, const CameraSpec& camera,
                         const Eigen::Isometry3d& world_from_sensor,
                         const CameraConditions& conditions, int threads = 0);

/// The colour a surface of this label has when its instance gives none (sRGB).
std::array<std::uint8_t, 3> naturalColor(std::uint16_t label);

}  // namespace blindspot

#pragma once
// The LiDAR model: beam angles, range limits, quantisation, pitch and scan frequency.
//
// Angles are in degrees in the sensor frame (ISO 8855). Elevation is positive up. Azimuth is
// counter-clockwise seen from above, so +90 points to the left (+y).
//
// Grid layout and how FOV ends are counted (MATLAB's formula m x n = VFOV/VRES x HFOV/HRES holds
// exactly for uniform axes):
// - A uniform axis (symmetric or asymmetric) has count = FOV / resolution cells, which must be a
//   whole number (to 1e-6). Its beams sit at upper - k * resolution for k = 0 .. count-1: the
//   upper end (top for elevation, left for azimuth) is a beam, the lower end is not. For a 360
//   degree azimuth this avoids casting -180 and +180, which are the same ray.
// - A custom axis has one beam per listed angle, both ends included (count = list length).
// - Row 0 is the highest elevation, column 0 the leftmost azimuth (+y side).
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/base/Json.hpp"
#include "core/lidar/SensorResponse.hpp"

namespace blindspot {

/// How one axis (vertical or horizontal) of the beam pattern is given.
struct AxisDefinition {
    enum class Form { Symmetric, Asymmetric, Custom };
    Form form = Form::Symmetric;
    double fov_deg = 0.0;            ///< Symmetric: total field of view, centred on 0
    double lower_deg = 0.0;          ///< Asymmetric: lower (vertical) or right (horizontal) bound
    double upper_deg = 0.0;          ///< Asymmetric: upper (vertical) or left (horizontal) bound
    double resolution_deg = 0.0;     ///< Symmetric and Asymmetric: spacing between beams
    std::vector<double> angles_deg;  ///< Custom: explicit, possibly non-uniform, beam angles
};

/// A fully resolved, validated LiDAR specification.
struct LidarSpec {
    std::string name = "custom";
    AxisDefinition vertical;
    AxisDefinition horizontal;
    double max_range_m = 120.0;         ///< (0, 500]
    double range_resolution_m = 0.002;  ///< > 0 and >= max_range_m / 2^24
    double pitch_deg = 0.0;             ///< tilt of the sensor head, positive nose-down (ISO)
    double scan_frequency_hz = 10.0;    ///< rotations per second, (0, 100]
    /// Ray drop, remission and range noise (core/lidar/SensorResponse.hpp); off unless given.
    SensorResponse response;

    /// Per-row azimuth offset (deg, |offset| <= 1), empty: none. A spinning multi-laser head
    /// fires each laser at its own azimuth phase (the HDL-64E's per-laser rotational
    /// correction), so the columns of a row are shifted against those of the next and the
    /// gaps a projection leaves fall at different columns per row, as in real scans.
    std::vector<double> row_azimuth_offset_deg;
    /// Per-row height (m, along the sensor's z) of the laser's origin above the sensor frame's
    /// origin, empty: every beam starts at the origin. A real head's lasers sit above its base,
    /// where the point cloud's origin is (the HDL-64E's vertOffsetCorrection: KITTI's upper block
    /// about 0.20 m, the lower 0.12 m), so a laser's points seen from the origin rise by about
    /// h / R rad with range R: near points of one laser land in other rows of an elevation image.
    std::vector<double> row_origin_z_m;

    std::vector<double> elevation_deg;  ///< one per row, strictly decreasing
    std::vector<double> azimuth_deg;    ///< one per column, strictly decreasing

    int rows() const { return static_cast<int>(elevation_deg.size()); }
    int cols() const { return static_cast<int>(azimuth_deg.size()); }
    double azimuthOffsetDeg(int row) const {
        return row_azimuth_offset_deg.empty() ? 0.0 : row_azimuth_offset_deg[std::size_t(row)];
    }
    double originZM(int row) const {
        return row_origin_z_m.empty() ? 0.0 : row_origin_z_m[std::size_t(row)];
    }
};

/// Limits from the MATLAB Simulation 3D Lidar block (seed 004).
constexpr double kMaxDetectionRangeM = 500.0;
constexpr double kMaxVerticalFovDeg = 90.0;
constexpr double kMaxHorizontalFovDeg = 360.0;

/// Resolves the beam angles and validates every field. `file` and `path` name where the spec came
/// from, for ConfigError messages that name the field and the limit.
LidarSpec resolveLidarSpec(LidarSpec spec, const std::string& file = "",
                           const std::string& path = "");

/// Presets: hdl64e, hdl64e-kitti, hdl64e-s2.1, squeezeseg-front, vlp16, matlab-default.
std::vector<std::string> lidarPresetNames();
/// The same names, comma-separated (help texts and errors).
std::string lidarPresetList();
LidarSpec lidarPreset(const std::string& name);

/// JSON form (schema in docs/lidar-spec.md). Unknown keys are errors.
LidarSpec lidarSpecFromJson(const JsonObject& json);
nlohmann::json lidarSpecToJson(const LidarSpec& spec);

/// A preset name, or the path of a JSON spec file.
LidarSpec loadLidarSpec(const std::string& preset_or_file);

}  // namespace blindspot

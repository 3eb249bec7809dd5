#include "core/lidar/LidarSpec.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <sstream>

#include "core/base/Error.hpp"
#include "core/lidar/Hdl64eCalibration.hpp"

namespace blindspot {
namespace {

std::string num(double v) {
    std::ostringstream s;
    s << v;
    return s.str();
}

struct AxisLimits {
    const char* key;     // "vertical" or "horizontal"
    double max_fov_deg;  // 90 or 360
    double bound_deg;    // 45 or 180
};
constexpr AxisLimits kVerticalLimits{"vertical", kMaxVerticalFovDeg, 45.0};
constexpr AxisLimits kHorizontalLimits{"horizontal", kMaxHorizontalFovDeg, 180.0};

// Beam angles of one axis, highest first. Throws ConfigError naming the field and the limit.
std::vector<double> resolveAxis(const AxisDefinition& axis, const AxisLimits& lim,
                                const std::string& file, const std::string& base) {
    const std::string path = base + "/" + lim.key;
    auto fail = [&](const std::string& field, const std::string& what) {
        throw ConfigError(ErrorSource::file(file, path + "/" + field), what);
    };
    double lower = 0.0, upper = 0.0;
    if (axis.form == AxisDefinition::Form::Custom) {
        if (axis.angles_deg.empty()) fail("angles_deg", "expected at least one angle");
        std::vector<double> angles = axis.angles_deg;
        for (double a : angles) {
            if (!std::isfinite(a) || a < -lim.bound_deg || a > lim.bound_deg)
                fail("angles_deg", "each angle must lie in [" + num(-lim.bound_deg) + ", " +
                                       num(lim.bound_deg) + "], got " + num(a));
        }
        std::sort(angles.begin(), angles.end(), std::greater<double>());
        if (std::adjacent_find(angles.begin(), angles.end()) != angles.end())
            fail("angles_deg", "angles must be distinct");
        return angles;
    }
    if (!(axis.resolution_deg > 0.0) || !std::isfinite(axis.resolution_deg))
        fail("resolution_deg", "must be > 0, got " + num(axis.resolution_deg));
    if (axis.form == AxisDefinition::Form::Symmetric) {
        if (!(axis.fov_deg > 0.0) || axis.fov_deg > lim.max_fov_deg)
            fail("fov_deg",
                 "must lie in (0, " + num(lim.max_fov_deg) + "], got " + num(axis.fov_deg));
        lower = -axis.fov_deg / 2.0;
        upper = axis.fov_deg / 2.0;
    } else {
        lower = axis.lower_deg;
        upper = axis.upper_deg;
        if (lower < -lim.bound_deg || upper > lim.bound_deg || !(lower < upper))
            fail("bounds_deg", "must be [lower, upper] with " + num(-lim.bound_deg) +
                                   " <= lower < upper <= " + num(lim.bound_deg) + ", got [" +
                                   num(lower) + ", " + num(upper) + "]");
    }
    const double cells = (upper - lower) / axis.resolution_deg;
    const double count = std::round(cells);
    if (std::abs(cells - count) > 1e-6 * std::max(1.0, count) || count < 1)
        fail("resolution_deg",
             "field of view / resolution must be a whole number of beams, got " + num(cells));
    std::vector<double> angles(static_cast<std::size_t>(count));
    for (std::size_t k = 0; k < angles.size(); ++k)
        angles[k] = upper - static_cast<double>(k) * axis.resolution_deg;
    return angles;
}

AxisDefinition axisFromJson(const JsonObject& j, const AxisLimits& lim) {
    AxisDefinition axis;
    const bool symmetric = j.has("fov_deg");
    const bool asymmetric = j.has("bounds_deg");
    const bool custom = j.has("angles_deg");
    if (symmetric + asymmetric + custom != 1)
        j.fail("",
               std::string("expected exactly one of fov_deg, bounds_deg or angles_deg for the ") +
                   lim.key + " axis");
    if (custom) {
        axis.form = AxisDefinition::Form::Custom;
        axis.angles_deg = j.numbers("angles_deg");
    } else if (symmetric) {
        axis.form = AxisDefinition::Form::Symmetric;
        axis.fov_deg = j.number("fov_deg");
        axis.resolution_deg = j.number("resolution_deg");
    } else {
        axis.form = AxisDefinition::Form::Asymmetric;
        const auto b = j.numbers("bounds_deg");
        if (b.size() != 2) j.fail("bounds_deg", "expected [lower, upper]");
        axis.lower_deg = b[0];
        axis.upper_deg = b[1];
        axis.resolution_deg = j.number("resolution_deg");
    }
    j.rejectUnknownKeys();
    return axis;
}

nlohmann::json axisToJson(const AxisDefinition& axis) {
    switch (axis.form) {
        case AxisDefinition::Form::Symmetric:
            return {{"fov_deg", axis.fov_deg}, {"resolution_deg", axis.resolution_deg}};
        case AxisDefinition::Form::Asymmetric:
            return {{"bounds_deg", {axis.lower_deg, axis.upper_deg}},
                    {"resolution_deg", axis.resolution_deg}};
        case AxisDefinition::Form::Custom:
            return {{"angles_deg", axis.angles_deg}};
    }
    return {};
}

AxisDefinition symmetric(double fov, double res) {
    AxisDefinition a;
    a.fov_deg = fov;
    a.resolution_deg = res;
    return a;
}
AxisDefinition asymmetric(double lower, double upper, double res) {
    AxisDefinition a;
    a.form = AxisDefinition::Form::Asymmetric;
    a.lower_deg = lower;
    a.upper_deg = upper;
    a.resolution_deg = res;
    return a;
}
AxisDefinition custom(std::vector<double> angles) {
    AxisDefinition a;
    a.form = AxisDefinition::Form::Custom;
    a.angles_deg = std::move(angles);
    return a;
}
std::vector<double> linspace(double first, double last, int count) {
    std::vector<double> v(count);
    for (int i = 0; i < count; ++i) v[i] = first + (last - first) * i / (count - 1);
    return v;
}

}  // namespace

LidarSpec resolveLidarSpec(LidarSpec spec, const std::string& file, const std::string& path) {
    auto fail = [&](const std::string& field, const std::string& what) {
        throw ConfigError(ErrorSource::file(file, path + "/" + field), what);
    };
    if (!(spec.max_range_m > 0.0) || spec.max_range_m > kMaxDetectionRangeM)
        fail("max_range_m",
             "must lie in (0, " + num(kMaxDetectionRangeM) + "] m, got " + num(spec.max_range_m));
    const double min_resolution = spec.max_range_m / double(1 << 24);
    if (!(spec.range_resolution_m > 0.0) || spec.range_resolution_m < min_resolution)
        fail("range_resolution_m", "must be >= max_range_m / 2^24 = " + num(min_resolution) +
                                       " m, got " + num(spec.range_resolution_m));
    if (!(std::abs(spec.pitch_deg) <= 90.0))
        fail("pitch_deg", "must lie in [-90, 90], got " + num(spec.pitch_deg));
    if (!(spec.scan_frequency_hz > 0.0) || spec.scan_frequency_hz > 100.0)
        fail("scan_frequency_hz", "must lie in (0, 100] Hz, got " + num(spec.scan_frequency_hz));
    spec.elevation_deg = resolveAxis(spec.vertical, kVerticalLimits, file, path);
    spec.azimuth_deg = resolveAxis(spec.horizontal, kHorizontalLimits, file, path);
    if (!spec.row_azimuth_offset_deg.empty() &&
        spec.row_azimuth_offset_deg.size() != spec.elevation_deg.size())
        fail("row_azimuth_offsets_deg", "expected one offset per beam (" +
                                            std::to_string(spec.elevation_deg.size()) + "), got " +
                                            std::to_string(spec.row_azimuth_offset_deg.size()));
    for (double off : spec.row_azimuth_offset_deg)
        if (!(std::fabs(off) <= 1.0))
            fail("row_azimuth_offsets_deg",
                 "every offset must lie in [-1, 1] deg, got " + num(off));
    if (!spec.row_origin_z_m.empty() && spec.row_origin_z_m.size() != spec.elevation_deg.size())
        fail("row_origin_z_m", "expected one height per beam (" +
                                   std::to_string(spec.elevation_deg.size()) + "), got " +
                                   std::to_string(spec.row_origin_z_m.size()));
    for (double z : spec.row_origin_z_m)
        if (!(std::fabs(z) <= 1.0))
            fail("row_origin_z_m", "every height must lie in [-1, 1] m, got " + num(z));
    return spec;
}

std::vector<std::string> lidarPresetNames() {
    return {"hdl64e", "hdl64e-kitti", "hdl64e-s2.1", "squeezeseg-front", "vlp16", "matlab-default"};
}

std::string lidarPresetList() {
    std::string list;
    for (const auto& n : lidarPresetNames()) list += (list.empty() ? "" : ", ") + n;
    return list;
}

LidarSpec lidarPreset(const std::string& name) {
    LidarSpec spec;
    spec.name = name;
    if (name == "hdl64e") {
        // KITTI's Velodyne HDL-64E: 64 beams evenly from +2 to -24.8 deg (both ends are beams),
        // 2000 columns over 360 deg at 10 Hz (about KITTI's 0.18 deg per firing).
        spec.vertical = custom(linspace(2.0, -24.8, 64));
        spec.horizontal = symmetric(360.0, 0.18);
    } else if (name == "hdl64e-kitti") {
        // KITTI's own HDL-64E: its 64 lasers as measured in real KITTI scans (two laser blocks
        // with their origins' heights, core/lidar/Hdl64eCalibration.hpp), its response (ray drop,
        // remission, noise); columns as hdl64e.
        const auto& table = kittiHdl64eElevationDeg();
        spec.vertical = custom(std::vector<double>(table.begin(), table.end()));
        spec.horizontal = symmetric(360.0, 0.18);
        spec.row_azimuth_offset_deg = kittiHdl64eRowPhasesDeg();
        const auto& origin_z = kittiHdl64eOriginZM();
        spec.row_origin_z_m.assign(origin_z.begin(), origin_z.end());
        spec.response = hdl64eKittiResponse();
    } else if (name == "hdl64e-s2.1") {
        // A published HDL-64E S2.1 calibration: the 64 lasers' vertical corrections
        // (core/lidar/Hdl64eCalibration.hpp), sorted top to bottom; columns as hdl64e.
        std::vector<double> elevations;
        for (double rad : hdl64eVerticalCorrectionRad()) elevations.push_back(rad * 180.0 / M_PI);
        std::sort(elevations.begin(), elevations.end(), std::greater<double>());
        spec.vertical = custom(elevations);
        spec.horizontal = symmetric(360.0, 0.18);
    } else if (name == "squeezeseg-front") {
        // SqueezeSeg's lidar_2d grid: 64 x 512 over the front 90 deg, row 0 at +2 deg, 0.4 deg
        // apart; column 0 at +45 deg (left).
        spec.vertical = asymmetric(2.0 - 64 * 0.4, 2.0, 0.4);
        spec.horizontal = asymmetric(-45.0, 45.0, 90.0 / 512.0);
    } else if (name == "vlp16") {
        // Velodyne VLP-16: 16 beams from -15 to +15 deg, 2 deg apart; 0.2 deg at 10 Hz.
        spec.vertical = custom(linspace(-15.0, 15.0, 16));
        spec.horizontal = symmetric(360.0, 0.2);
        spec.max_range_m = 100.0;
    } else if (name == "matlab-default") {
        // MATLAB Simulation 3D Lidar block defaults.
        spec.vertical = symmetric(40.0, 1.25);
        spec.horizontal = symmetric(360.0, 0.16);
    } else {
        throw ConfigError(
            ErrorSource::value("/preset"),
            "unknown LiDAR preset \"" + name + "\"; expected one of " + lidarPresetList());
    }
    return resolveLidarSpec(spec, "preset " + name);
}

namespace {

SensorResponse responseFromJson(const JsonObject& j, std::size_t rows) {
    SensorResponse r;
    r.enabled = j.boolean("enabled", true);
    r.range_10pct_m = j.number("range_10pct_m", r.range_10pct_m);
    r.reflectivity_exponent = j.number("reflectivity_exponent", r.reflectivity_exponent);
    r.threshold_width = j.number("threshold_width", r.threshold_width);
    r.drop_probability = j.number("drop_probability", r.drop_probability);
    if (j.has("row_drop")) r.row_drop = j.numbers("row_drop");
    r.range_noise_m = j.number("range_noise_m", r.range_noise_m);
    r.intensity_offset = j.number("intensity_offset", r.intensity_offset);
    r.intensity_gain = j.number("intensity_gain", r.intensity_gain);
    r.intensity_gamma = j.number("intensity_gamma", r.intensity_gamma);
    r.intensity_noise = j.number("intensity_noise", r.intensity_noise);
    r.weak_return_margin = j.number("weak_return_margin", r.weak_return_margin);
    if (j.has("row_intensity_gain")) r.row_intensity_gain = j.numbers("row_intensity_gain");
    r.intensity_step = j.number("intensity_step", r.intensity_step);
    r.vehicle_drop_probability = j.number("vehicle_drop_probability", r.vehicle_drop_probability);
    r.vehicle_weak_share = j.number("vehicle_weak_share", r.vehicle_weak_share);
    r.vehicle_instance_spread = j.number("vehicle_instance_spread", r.vehicle_instance_spread);
    j.rejectUnknownKeys();
    if (!(r.range_10pct_m > 0.0)) j.fail("range_10pct_m", "must be > 0 m");
    if (!(r.reflectivity_exponent > 0.0 && r.reflectivity_exponent <= 1.0))
        j.fail("reflectivity_exponent", "must lie in (0, 1]");
    if (r.threshold_width < 0.0) j.fail("threshold_width", "must be >= 0");
    if (!(r.drop_probability >= 0.0 && r.drop_probability <= 1.0))
        j.fail("drop_probability", "must lie in [0, 1]");
    if (!r.row_drop.empty() && r.row_drop.size() != rows)
        j.fail("row_drop", "expected one probability per beam (" + std::to_string(rows) + ")");
    for (double p : r.row_drop)
        if (!(p >= 0.0 && p <= 1.0)) j.fail("row_drop", "every value must lie in [0, 1]");
    if (r.range_noise_m < 0.0) j.fail("range_noise_m", "must be >= 0 m");
    if (!(r.intensity_gamma > 0.0)) j.fail("intensity_gamma", "must be > 0");
    if (r.intensity_noise < 0.0) j.fail("intensity_noise", "must be >= 0");
    if (!r.row_intensity_gain.empty() && r.row_intensity_gain.size() != rows)
        j.fail("row_intensity_gain", "expected one gain per beam (" + std::to_string(rows) + ")");
    for (double g : r.row_intensity_gain)
        if (!(g >= 0.0 && g <= 10.0))
            j.fail("row_intensity_gain", "every value must lie in [0, 10]");
    if (!(r.intensity_step >= 0.0 && r.intensity_step <= 0.5))
        j.fail("intensity_step", "must lie in [0, 0.5]");
    if (!(r.vehicle_drop_probability >= 0.0 && r.vehicle_drop_probability <= 1.0))
        j.fail("vehicle_drop_probability", "must lie in [0, 1]");
    if (!(r.vehicle_weak_share >= 0.0 && r.vehicle_weak_share <= 1.0))
        j.fail("vehicle_weak_share", "must lie in [0, 1]");
    if (!(r.vehicle_instance_spread >= 0.0 && r.vehicle_instance_spread <= 1.0))
        j.fail("vehicle_instance_spread", "must lie in [0, 1]");
    return r;
}

nlohmann::json responseToJson(const SensorResponse& r) {
    nlohmann::json j = {{"enabled", r.enabled},
                        {"range_10pct_m", r.range_10pct_m},
                        {"reflectivity_exponent", r.reflectivity_exponent},
                        {"threshold_width", r.threshold_width},
                        {"drop_probability", r.drop_probability},
                        {"row_drop", r.row_drop},
                        {"range_noise_m", r.range_noise_m},
                        {"intensity_offset", r.intensity_offset},
                        {"intensity_gain", r.intensity_gain},
                        {"intensity_gamma", r.intensity_gamma},
                        {"intensity_noise", r.intensity_noise}};
    if (std::isfinite(r.weak_return_margin)) j["weak_return_margin"] = r.weak_return_margin;
    if (!r.row_intensity_gain.empty()) j["row_intensity_gain"] = r.row_intensity_gain;
    if (r.intensity_step > 0.0) j["intensity_step"] = r.intensity_step;
    // Only when set, so that the presets' JSON (and every hash made from it) stays as it was.
    if (r.vehicle_drop_probability > 0.0)
        j["vehicle_drop_probability"] = r.vehicle_drop_probability;
    if (r.vehicle_weak_share > 0.0) j["vehicle_weak_share"] = r.vehicle_weak_share;
    if (r.vehicle_instance_spread > 0.0) j["vehicle_instance_spread"] = r.vehicle_instance_spread;
    return j;
}

}  // namespace

LidarSpec lidarSpecFromJson(const JsonObject& j) {
    LidarSpec spec;
    spec.name = j.string("name", "custom");
    spec.vertical = axisFromJson(j.object("vertical"), kVerticalLimits);
    spec.horizontal = axisFromJson(j.object("horizontal"), kHorizontalLimits);
    spec.max_range_m = j.number("max_range_m", spec.max_range_m);
    spec.range_resolution_m = j.number("range_resolution_m", spec.range_resolution_m);
    spec.pitch_deg = j.number("pitch_deg", spec.pitch_deg);
    spec.scan_frequency_hz = j.number("scan_frequency_hz", spec.scan_frequency_hz);
    if (j.has("row_azimuth_offsets_deg"))
        spec.row_azimuth_offset_deg = j.numbers("row_azimuth_offsets_deg");
    if (j.has("row_origin_z_m")) spec.row_origin_z_m = j.numbers("row_origin_z_m");
    spec = resolveLidarSpec(spec, j.file(), j.path());
    if (j.has("response"))
        spec.response = responseFromJson(j.object("response"), spec.elevation_deg.size());
    j.rejectUnknownKeys();
    return spec;
}

nlohmann::json lidarSpecToJson(const LidarSpec& spec) {
    nlohmann::json j = {{"name", spec.name},
                        {"vertical", axisToJson(spec.vertical)},
                        {"horizontal", axisToJson(spec.horizontal)},
                        {"max_range_m", spec.max_range_m},
                        {"range_resolution_m", spec.range_resolution_m},
                        {"pitch_deg", spec.pitch_deg},
                        {"scan_frequency_hz", spec.scan_frequency_hz}};
    if (!spec.row_azimuth_offset_deg.empty())
        j["row_azimuth_offsets_deg"] = spec.row_azimuth_offset_deg;
    if (!spec.row_origin_z_m.empty()) j["row_origin_z_m"] = spec.row_origin_z_m;
    if (spec.response.enabled) j["response"] = responseToJson(spec.response);
    return j;
}

LidarSpec loadLidarSpec(const std::string& preset_or_file) {
    const auto names = lidarPresetNames();
    if (std::find(names.begin(), names.end(), preset_or_file) != names.end())
        return lidarPreset(preset_or_file);
    if (!std::filesystem::exists(preset_or_file) &&
        preset_or_file.find(".json") == std::string::npos)
        return lidarPreset(preset_or_file);  // raises "unknown preset" with the list
    const nlohmann::json json = readJsonFile(preset_or_file);
    return lidarSpecFromJson(JsonObject(json, preset_or_file, ""));
}

}  // namespace blindspot

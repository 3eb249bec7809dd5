#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <tuple>
#include <vector>

#include "core/base/Error.hpp"
#include "core/lidar/Hdl64eCalibration.hpp"
#include "core/lidar/LidarSpec.hpp"

using namespace blindspot;

namespace {
// m x n from MATLAB's formula for uniform axes; a custom axis counts its listed angles.
int formulaCount(const AxisDefinition& a) {
    switch (a.form) {
        case AxisDefinition::Form::Symmetric:
            return int(std::lround(a.fov_deg / a.resolution_deg));
        case AxisDefinition::Form::Asymmetric:
            return int(std::lround((a.upper_deg - a.lower_deg) / a.resolution_deg));
        case AxisDefinition::Form::Custom:
            return int(a.angles_deg.size());
    }
    return -1;
}
LidarSpec fromJson(const nlohmann::json& j) {
    return lidarSpecFromJson(JsonObject(j, "spec.json", ""));
}
std::string errorOf(const nlohmann::json& j) {
    try {
        fromJson(j);
    } catch (const ConfigError& e) {
        return e.what();
    }
    return "no error";
}
nlohmann::json validSpec() {
    return {{"vertical", {{"fov_deg", 40}, {"resolution_deg", 1.25}}},
            {"horizontal", {{"fov_deg", 360}, {"resolution_deg", 0.16}}}};
}
}  // namespace

TEST(LidarSpec, PresetGridSizesMatchFormula) {
    for (const auto& name : lidarPresetNames()) {
        const LidarSpec s = lidarPreset(name);
        EXPECT_EQ(s.rows(), formulaCount(s.vertical)) << name;
        EXPECT_EQ(s.cols(), formulaCount(s.horizontal)) << name;
    }
    EXPECT_EQ(lidarPreset("hdl64e").rows(), 64);
    EXPECT_EQ(lidarPreset("hdl64e").cols(), 2000);
    EXPECT_EQ(lidarPreset("squeezeseg-front").rows(), 64);
    EXPECT_EQ(lidarPreset("squeezeseg-front").cols(), 512);
    EXPECT_EQ(lidarPreset("vlp16").rows(), 16);
    EXPECT_EQ(lidarPreset("vlp16").cols(), 1800);
    EXPECT_EQ(lidarPreset("matlab-default").rows(), 32);    // 40 / 1.25
    EXPECT_EQ(lidarPreset("matlab-default").cols(), 2250);  // 360 / 0.16
}

TEST(LidarSpec, SqueezeSegFrontGridLayout) {
    const LidarSpec s = lidarPreset("squeezeseg-front");
    EXPECT_DOUBLE_EQ(s.elevation_deg[0], 2.0);  // row 0 at +2 deg
    EXPECT_NEAR(s.elevation_deg[1], 1.6, 1e-12);
    EXPECT_NEAR(s.elevation_deg[63], 2.0 - 63 * 0.4, 1e-12);
    EXPECT_DOUBLE_EQ(s.azimuth_deg[0], 45.0);  // column 0 on the left (+y)
    EXPECT_DOUBLE_EQ(s.azimuth_deg[511], 45.0 - 511 * 90.0 / 512);
}

TEST(LidarSpec, Hdl64eBeamsSpanTwoToMinus24Point8) {
    const LidarSpec s = lidarPreset("hdl64e");
    EXPECT_DOUBLE_EQ(s.elevation_deg.front(), 2.0);
    EXPECT_NEAR(s.elevation_deg.back(), -24.8, 1e-12);
}

TEST(LidarSpec, UniformAxisCountsUpperEndOnly) {
    const LidarSpec s = fromJson(validSpec());
    EXPECT_DOUBLE_EQ(s.elevation_deg.front(), 20.0);
    EXPECT_DOUBLE_EQ(s.elevation_deg.back(), -20.0 + 1.25);  // -20 itself is not a beam
    EXPECT_DOUBLE_EQ(s.azimuth_deg.front(), 180.0);
    EXPECT_NEAR(s.azimuth_deg.back(), -180.0 + 0.16, 1e-9);  // -180 == +180, cast once
}

TEST(LidarSpec, AsymmetricAndCustomForms) {
    nlohmann::json j = validSpec();
    j["vertical"] = {{"bounds_deg", {-25, 5}}, {"resolution_deg", 0.5}};
    j["horizontal"] = {{"angles_deg", {-10, 30, 0, 5}}};
    const LidarSpec s = fromJson(j);
    EXPECT_EQ(s.rows(), 60);
    EXPECT_DOUBLE_EQ(s.elevation_deg[0], 5.0);
    ASSERT_EQ(s.cols(), 4);
    EXPECT_EQ(s.azimuth_deg, (std::vector<double>{30, 5, 0, -10}));  // left first
}

TEST(LidarSpec, JsonRoundTrip) {
    const LidarSpec a = lidarPreset("squeezeseg-front");
    const nlohmann::json j = lidarSpecToJson(a);
    const LidarSpec b = fromJson(j);
    EXPECT_EQ(a.elevation_deg, b.elevation_deg);
    EXPECT_EQ(a.azimuth_deg, b.azimuth_deg);
    EXPECT_EQ(a.max_range_m, b.max_range_m);
}

TEST(LidarSpec, InvalidSpecsNameFieldAndLimit) {
    nlohmann::json j = validSpec();
    j["vertical"]["fov_deg"] = 120;
    EXPECT_EQ(errorOf(j), "spec.json: /vertical/fov_deg: must lie in (0, 90], got 120");

    j = validSpec();
    j["max_range_m"] = 600;
    EXPECT_EQ(errorOf(j), "spec.json: /max_range_m: must lie in (0, 500] m, got 600");

    j = validSpec();
    j["horizontal"]["resolution_deg"] = -0.1;
    EXPECT_EQ(errorOf(j), "spec.json: /horizontal/resolution_deg: must be > 0, got -0.1");

    j = validSpec();
    j["range_resolution_m"] = 1e-9;
    EXPECT_NE(errorOf(j).find("/range_resolution_m: must be >= max_range_m / 2^24"),
              std::string::npos);

    j = validSpec();
    j["vertical"] = {{"bounds_deg", {-50, 10}}, {"resolution_deg", 1}};
    EXPECT_NE(errorOf(j).find("/vertical/bounds_deg: must be [lower, upper] with -45"),
              std::string::npos);

    j = validSpec();
    j["vertical"]["resolution_deg"] = 0.3;  // 40 / 0.3 is not whole
    EXPECT_NE(errorOf(j).find("whole number of beams"), std::string::npos);

    j = validSpec();
    j["colour"] = "red";
    EXPECT_EQ(errorOf(j), "spec.json: /colour: unknown key");

    j = validSpec();
    j["vertical"]["angles_deg"] = {1, 2};
    EXPECT_NE(errorOf(j).find("exactly one of fov_deg, bounds_deg or angles_deg"),
              std::string::npos);
}

TEST(LidarSpec, RangeResolutionMayEqualTheMinimum) {
    nlohmann::json j = validSpec();
    j["max_range_m"] = 500;
    j["range_resolution_m"] = 500.0 / (1 << 24);
    EXPECT_NO_THROW(fromJson(j));
}

TEST(LidarSpec, UnknownPresetListsKnownOnes) {
    try {
        lidarPreset("hdl32");
        FAIL();
    } catch (const ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find(
                      "hdl64e, hdl64e-kitti, hdl64e-s2.1, squeezeseg-front, vlp16, matlab-default"),
                  std::string::npos);
    }
}

TEST(LidarSpec, Hdl64eS21HasThePublishedPerLaserElevations) {
    const LidarSpec spec = lidarPreset("hdl64e-s2.1");
    ASSERT_EQ(spec.rows(), 64);
    EXPECT_EQ(spec.cols(), 2000);
    // The source's extremes: laser 29 (+0.08674443287511571 rad) on top, laser 38
    // (-0.4336284663746853 rad) at the bottom.
    EXPECT_NEAR(spec.elevation_deg.front(), 0.08674443287511571 * 180.0 / M_PI, 1e-12);
    EXPECT_NEAR(spec.elevation_deg.back(), -0.4336284663746853 * 180.0 / M_PI, 1e-12);
    // Every laser of the table is a row, and the rows are the table sorted.
    const auto& table = hdl64eVerticalCorrectionRad();
    for (int laser = 0; laser < kHdl64eLasers; ++laser) {
        const double deg = table[std::size_t(laser)] * 180.0 / M_PI;
        EXPECT_EQ(std::count_if(spec.elevation_deg.begin(), spec.elevation_deg.end(),
                                [&](double e) { return std::abs(e - deg) < 1e-12; }),
                  1)
            << "laser " << laser;
    }
    // Two blocks: the upper 32 lasers reach +4.97 deg, the lower 32 reach -24.85 deg, and they
    // overlap between -9.07 and -10.86 deg, so the merged rows are not evenly spaced.
    double upper_min = 90, lower_max = -90;
    for (int laser = 0; laser < kHdl64eLasers; ++laser) {
        const double deg = table[std::size_t(laser)] * 180.0 / M_PI;
        if (hdl64eUpperBlock(laser))
            upper_min = std::min(upper_min, deg);
        else
            lower_max = std::max(lower_max, deg);
    }
    EXPECT_NEAR(upper_min, -10.8608, 1e-4);
    EXPECT_NEAR(lower_max, -9.0717, 1e-4);
    double smallest = 90, largest = 0;
    for (int r = 0; r + 1 < spec.rows(); ++r) {
        smallest = std::min(smallest, spec.elevation_deg[r] - spec.elevation_deg[r + 1]);
        largest = std::max(largest, spec.elevation_deg[r] - spec.elevation_deg[r + 1]);
    }
    EXPECT_LT(smallest, 0.1);
    EXPECT_GT(largest, 0.7);
}

TEST(LidarSpec, Hdl64eKittiHasKittisTwoBlockRowsAndAResponse) {
    const LidarSpec spec = lidarPreset("hdl64e-kitti");
    ASSERT_EQ(spec.rows(), 64);
    EXPECT_EQ(spec.cols(), 2000);
    // The rows are the measured table, top to bottom, from +1.937 to -24.999 deg.
    const auto& table = kittiHdl64eElevationDeg();
    for (int r = 0; r < 64; ++r)
        EXPECT_EQ(spec.elevation_deg[std::size_t(r)], table[std::size_t(r)]);
    EXPECT_DOUBLE_EQ(spec.elevation_deg.front(), 1.937);
    EXPECT_DOUBLE_EQ(spec.elevation_deg.back(), -24.999);
    // Two blocks: the upper 32 rows about 0.35 deg apart, the lower 32 about 0.51 deg.
    const double upper = (spec.elevation_deg[0] - spec.elevation_deg[31]) / 31;
    const double lower = (spec.elevation_deg[32] - spec.elevation_deg[63]) / 31;
    EXPECT_NEAR(upper, 0.35, 0.02);
    EXPECT_NEAR(lower, 0.51, 0.02);
    // Each block's lasers start above the origin: the upper about 0.20 m, the lower 0.12 m.
    ASSERT_EQ(spec.row_origin_z_m.size(), 64u);
    for (int r = 0; r < 64; ++r) EXPECT_NEAR(spec.originZM(r), r < 32 ? 0.203 : 0.121, 0.007) << r;
    EXPECT_EQ(fromJson(lidarSpecToJson(spec)).row_origin_z_m, spec.row_origin_z_m);
    EXPECT_FALSE(lidarSpecToJson(lidarPreset("hdl64e")).contains("row_origin_z_m"));
    EXPECT_TRUE(spec.response.enabled);
    EXPECT_EQ(spec.response.row_drop.size(), 64u);
    // The response survives the JSON round trip; other presets have none.
    const LidarSpec back = fromJson(lidarSpecToJson(spec));
    EXPECT_TRUE(back.response.enabled);
    EXPECT_EQ(back.response.row_drop, spec.response.row_drop);
    EXPECT_DOUBLE_EQ(back.response.intensity_gamma, spec.response.intensity_gamma);
    EXPECT_EQ(back.response.row_intensity_gain, spec.response.row_intensity_gain);
    EXPECT_DOUBLE_EQ(back.response.intensity_step, 0.01);
    EXPECT_FALSE(lidarPreset("hdl64e").response.enabled);
    EXPECT_FALSE(lidarSpecToJson(lidarPreset("hdl64e")).contains("response"));
}

TEST(LidarSpec, OriginHeightsNeedOnePerBeamWithinAMetre) {
    nlohmann::json j = lidarSpecToJson(lidarPreset("hdl64e-kitti"));
    j["row_origin_z_m"] = {0.1, 0.2};
    EXPECT_THROW(fromJson(j), ConfigError);
    j["row_origin_z_m"] = std::vector<double>(64, 1.5);
    try {
        fromJson(j);
        FAIL();
    } catch (const ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find("row_origin_z_m"), std::string::npos) << e.what();
    }
}

TEST(LidarSpec, ResponseErrorsNameTheField) {
    nlohmann::json j = lidarSpecToJson(lidarPreset("hdl64e-kitti"));
    j["response"]["row_drop"] = {0.1, 0.2};
    try {
        fromJson(j);
        FAIL();
    } catch (const ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find("/response/row_drop"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("one probability per beam (64)"), std::string::npos);
    }
    j = lidarSpecToJson(lidarPreset("hdl64e-kitti"));
    j["response"]["drop_probability"] = 1.5;
    EXPECT_THROW(fromJson(j), ConfigError);
    for (const auto& [key, bad, expected] :
         std::vector<std::tuple<std::string, nlohmann::json, std::string>>{
             {"row_intensity_gain", {1.0, 1.0}, "one gain per beam (64)"},
             {"row_intensity_gain", std::vector<double>(64, -0.5), "must lie in [0, 10]"},
             {"intensity_step", 0.7, "must lie in [0, 0.5]"},
             {"vehicle_drop_probability", -0.1, "must lie in [0, 1]"},
             {"vehicle_weak_share", 1.2, "must lie in [0, 1]"},
             {"vehicle_instance_spread", -0.5, "must lie in [0, 1]"}}) {
        j = lidarSpecToJson(lidarPreset("hdl64e-kitti"));
        j["response"][key] = bad;
        try {
            fromJson(j);
            ADD_FAILURE() << key;
        } catch (const ConfigError& e) {
            EXPECT_NE(std::string(e.what()).find("/response/" + key), std::string::npos)
                << e.what();
            EXPECT_NE(std::string(e.what()).find(expected), std::string::npos) << e.what();
        }
    }
}

TEST(LidarSpec, Hdl64eKittiRowsFireAtTheirOwnAzimuthPhase) {
    const LidarSpec spec = lidarPreset("hdl64e-kitti");
    ASSERT_EQ(spec.row_azimuth_offset_deg.size(), 64u);
    double lo = 1.0, hi = -1.0;
    for (double off : spec.row_azimuth_offset_deg) {
        EXPECT_GE(off, 0.0);
        EXPECT_LT(off, 0.18);  // one firing step: only the phase matters
        lo = std::min(lo, off);
        hi = std::max(hi, off);
    }
    EXPECT_GT(hi - lo, 0.09);  // spread over the step, not one common phase
    const LidarSpec back = fromJson(lidarSpecToJson(spec));
    EXPECT_EQ(back.row_azimuth_offset_deg, spec.row_azimuth_offset_deg);
    EXPECT_DOUBLE_EQ(back.response.reflectivity_exponent, 0.5);
    EXPECT_DOUBLE_EQ(back.response.weak_return_margin, 1.75);
    EXPECT_FALSE(lidarSpecToJson(lidarPreset("hdl64e")).contains("row_azimuth_offsets_deg"));
}

TEST(LidarSpec, RowOffsetErrorsNameTheField) {
    nlohmann::json j = lidarSpecToJson(lidarPreset("hdl64e-kitti"));
    j["row_azimuth_offsets_deg"] = {0.1, 0.2};
    try {
        fromJson(j);
        FAIL();
    } catch (const ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find("/row_azimuth_offsets_deg"), std::string::npos)
            << e.what();
        EXPECT_NE(std::string(e.what()).find("one offset per beam (64)"), std::string::npos);
    }
    j["row_azimuth_offsets_deg"] = std::vector<double>(64, 2.0);
    EXPECT_THROW(fromJson(j), ConfigError);
    j = lidarSpecToJson(lidarPreset("hdl64e-kitti"));
    j["response"]["reflectivity_exponent"] = 0.0;
    try {
        fromJson(j);
        FAIL();
    } catch (const ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find("/response/reflectivity_exponent"), std::string::npos)
            << e.what();
    }
}

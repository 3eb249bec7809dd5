// LiDAR weather and reflectance effects against their documented formulas (docs/weather.md).
#include <gtest/gtest.h>

#include <cmath>
#include <iostream>

#include "core/base/Error.hpp"
#include "core/geometry/Pose.hpp"
#include "core/lidar/LidarEffects.hpp"
#include "core/raycast/RayCaster.hpp"

using namespace blindspot;

namespace {

LidarSpec gridSpec() {
    LidarSpec spec;
    spec.vertical.form = AxisDefinition::Form::Custom;
    spec.horizontal.form = AxisDefinition::Form::Custom;
    for (double a = -10; a <= 10 + 1e-9; a += 1) spec.vertical.angles_deg.push_back(a);
    for (double a = -30; a <= 30 + 1e-9; a += 0.5) spec.horizontal.angles_deg.push_back(a);
    spec.max_range_m = 120;
    return resolveLidarSpec(spec);
}

// A wall facing the sensor at x_m (a plane pitched so its normal points back along -x).
ScanGrid wallScan(double x_m, float albedo) {
    RayScene scene(1);
    const MeshId plane = scene.addMesh(makePlane(400, 400));
    MeshInstance inst;
    inst.mesh = plane;
    Pose pose;
    pose.translation_m = {x_m, 0, 0};
    pose.pitch_deg = -90;
    inst.world_from_mesh = pose.parentFromLocal();
    inst.part_materials = {SurfaceMaterial{label::kBuilding, albedo, 0.0f, 16.0f}};
    scene.addInstance(inst);
    scene.commit();
    return castScan(scene, gridSpec(), Eigen::Isometry3d::Identity(), CastOptions{1});
}

LidarEffects physical() {
    LidarEffects e;
    e.paper_mode = false;
    return e;
}

std::size_t count(const ScanGrid& s, std::uint16_t label) {
    std::size_t n = 0;
    for (std::size_t i = 0; i < s.cellCount(); ++i) n += s.valid(i) && s.label[i] == label;
    return n;
}

ScanGrid withEffects(ScanGrid scan, const std::string& weather, const LidarEffects& e,
                     std::uint64_t seed = 7) {
    applyLidarEffects(scan, parseWeather(weather), e, seed);
    return scan;
}

}  // namespace

TEST(LidarEffects, FogReturnsAtFiftyMetresFallMonotonicallyWithDensity) {
    const ScanGrid clean = wallScan(50, 0.5f);
    ASSERT_EQ(count(clean, label::kBuilding), clean.cellCount());
    std::size_t previous = clean.cellCount() + 1;
    for (double alpha : {0.0, 0.005, 0.01, 0.012, 0.015, 0.02, 0.03, 0.06}) {
        const ScanGrid fog = withEffects(clean, "fog:" + std::to_string(alpha), physical());
        const std::size_t hard = count(fog, label::kBuilding);
        EXPECT_LE(hard, previous) << "alpha " << alpha;
        previous = hard;
        // The hand check: P = 0.5 cos(theta) exp(-2 alpha R) / R^2 against 0.1 / 50^2.
        for (std::size_t i = 0; i < fog.cellCount(); ++i)
            if (fog.valid(i) && fog.label[i] == label::kBuilding) {
                const double r = clean.range_m[i];
                EXPECT_GE(clean.reflectivity[i] * std::exp(-2 * alpha * r) / (r * r), 0.1 / 2500);
            }
    }
    EXPECT_EQ(count(withEffects(clean, "fog:0", physical()), label::kBuilding), clean.cellCount());
    EXPECT_EQ(count(withEffects(clean, "fog:0.02", physical()), label::kBuilding), 0u);
    // Dense fog gives soft-target returns at short range, labelled weather.
    const ScanGrid dense = withEffects(clean, "fog:0.06", physical());
    EXPECT_GT(count(dense, label::kWeather), clean.cellCount() / 10);
    for (std::size_t i = 0; i < dense.cellCount(); ++i)
        if (dense.valid(i) && dense.label[i] == label::kWeather) {
            EXPECT_LT(dense.range_m[i], 12.0f);
            EXPECT_EQ(dense.instance[i], 0);
        }
}

TEST(LidarEffects, FogOfZeroDensityIsClearWeatherAndPaperModeIsTheCleanScan) {
    const ScanGrid clean = wallScan(30, 0.3f);
    EXPECT_TRUE(withEffects(clean, "fog:0", physical()) == withEffects(clean, "clear", physical()));
    LidarEffects paper;  // paper_mode is the default
    for (const char* w : {"clear", "fog:0.06", "rain:50", "snow:5"})
        EXPECT_TRUE(withEffects(clean, w, paper) == clean) << w;
}

TEST(LidarEffects, BlackPaintAtFortyMetresLosesTheReturnsWhiteKeeps) {
    // Near-IR albedos of the bundled paints (scenes/PaintColor.cpp): black 0.05, white 0.80.
    const ScanGrid black = wallScan(40, 0.05f), white = wallScan(40, 0.80f);
    for (std::size_t i = 0; i < black.cellCount(); ++i)
        EXPECT_LT(black.reflectivity[i], white.reflectivity[i]);
    EXPECT_EQ(count(withEffects(black, "clear", physical()), label::kBuilding), 0u);
    EXPECT_EQ(count(withEffects(white, "clear", physical()), label::kBuilding), white.cellCount());
    // Within sqrt(0.05 cos(theta) / P_th) (35 m head-on, 32 m at 30 deg) the black wall is seen.
    EXPECT_EQ(count(withEffects(wallScan(25, 0.05f), "clear", physical()), label::kBuilding),
              black.cellCount());
}

TEST(LidarEffects, RainParticleReturnsComeAtTheDocumentedRate) {
    // A black hole of a wall far away: every return is a rain drop.
    const ScanGrid clean = wallScan(110, 0.0f);
    const LidarEffects e = physical();
    const Weather rain = parseWeather("rain:50");
    const DropSizeDistribution dsd = dropSizes(rain);
    const double alpha = extinctionPerM(rain), p_th = detectionThreshold(e);
    const double theta = e.beam_divergence_rad;
    // Expected detectable drops per beam: int N(D) * cone volume out to r_D(D) dD, where r_D is
    // the range at which a drop of diameter D falls to the threshold (docs/weather.md).
    double expected = 0;
    const double dd = 0.001;  // mm
    for (double d = dd / 2; d < 15; d += dd) {
        auto p = [&](double r) {
            const double cover = std::min(1.0, std::pow(d * 1e-3 / (theta * r), 2));
            return dsd.reflectance * cover * std::exp(-2 * alpha * r) / (r * r);
        };
        double lo = 1.0, hi = 1000.0;
        if (p(lo) < p_th) continue;
        for (int k = 0; k < 60; ++k) ((p(0.5 * (lo + hi)) >= p_th) ? lo : hi) = 0.5 * (lo + hi);
        const double volume = M_PI * theta * theta / 4 * (lo * lo * lo - 1.0) / 3;
        expected += dsd.n0_per_m3_mm * std::exp(-dsd.lambda_per_mm * d) * dd * volume;
    }
    const double fraction = 1 - std::exp(-expected);  // Poisson: at least one detectable drop
    std::size_t drops = 0;
    const int seeds = 4;
    for (int seed = 1; seed <= seeds; ++seed)
        drops += count(withEffects(clean, "rain:50", e, std::uint64_t(seed)), label::kWeather);
    const double n = double(clean.cellCount()) * seeds;
    const double sigma = std::sqrt(n * fraction * (1 - fraction));
    std::cout << "rain 50 mm/h: " << drops << " particle returns in " << n << " beams, expected "
              << n * fraction << " (fraction " << fraction << ")\n";
    EXPECT_GT(fraction, 0.05);
    EXPECT_NEAR(double(drops), n * fraction, 4 * sigma) << "expected fraction " << fraction;
    // More rain, more drops; and the same seed gives the same drops.
    EXPECT_GT(count(withEffects(clean, "rain:100", e), label::kWeather),
              count(withEffects(clean, "rain:5", e), label::kWeather));
    EXPECT_TRUE(withEffects(clean, "rain:50", e, 3) == withEffects(clean, "rain:50", e, 3));
    EXPECT_FALSE(withEffects(clean, "rain:50", e, 3) == withEffects(clean, "rain:50", e, 4));
    EXPECT_GT(count(withEffects(clean, "snow:5", e), label::kWeather), 0u);
}

TEST(LidarEffects, NoiseDropoutAndMissingBeams) {
    const ScanGrid clean = wallScan(20, 0.5f);
    LidarEffects e = physical();
    e.missing_beams = {0, 5};
    e.dropout = 0.3;
    const ScanGrid lossy = withEffects(clean, "clear", e);
    for (int col = 0; col < clean.cols(); ++col) {
        EXPECT_FALSE(lossy.valid(lossy.index(0, col)));
        EXPECT_FALSE(lossy.valid(lossy.index(5, col)));
    }
    const double kept = double(count(lossy, label::kBuilding)) /
                        double(clean.cellCount() - 2 * std::size_t(clean.cols()));
    EXPECT_NEAR(kept, 0.7, 0.04);
    e = physical();
    e.range_noise_m = 0.05;
    const ScanGrid noisy = withEffects(clean, "clear", e);
    double sum = 0, sum2 = 0;
    for (std::size_t i = 0; i < clean.cellCount(); ++i) {
        const double d = noisy.range_m[i] - clean.range_m[i];
        sum += d, sum2 += d * d;
        const double norm = std::sqrt(std::pow(noisy.xyz_sensor_m[3 * i], 2) +
                                      std::pow(noisy.xyz_sensor_m[3 * i + 1], 2) +
                                      std::pow(noisy.xyz_sensor_m[3 * i + 2], 2));
        EXPECT_NEAR(norm, noisy.range_m[i], 1e-3);
    }
    const double n = double(clean.cellCount());
    EXPECT_NEAR(sum / n, 0.0, 0.005);
    EXPECT_NEAR(std::sqrt(sum2 / n), 0.05, 0.005);
}

TEST(LidarEffects, WeatherStringsAreChecked) {
    EXPECT_EQ(parseWeather("fog:0.03").type, Weather::Type::Fog);
    EXPECT_DOUBLE_EQ(parseWeather("rain:10").severity, 10.0);
    EXPECT_THROW(parseWeather("hail:3"), ConfigError);
    EXPECT_THROW(parseWeather("fog"), ConfigError);
    EXPECT_THROW(parseWeather("fog:-1"), ConfigError);
    EXPECT_THROW(parseWeather("rain:lots"), ConfigError);
    // Rain extinction from Marshall-Palmer: pi * 8000 / lambda^3 * 1e-6 per metre.
    const double lambda = 4.1 * std::pow(10.0, -0.21);
    EXPECT_NEAR(extinctionPerM(parseWeather("rain:10")), M_PI * 8000 / std::pow(lambda, 3) * 1e-6,
                1e-12);
    EXPECT_DOUBLE_EQ(extinctionPerM(parseWeather("fog:0.03")), 0.03);
}

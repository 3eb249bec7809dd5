#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>

#include "core/base/Error.hpp"
#include "core/base/Hash.hpp"
#include "core/scan/ScanIo.hpp"
#include "core/segmentation/LearningMap.hpp"
#include "sweep/run/ScenarioScanner.hpp"
#include "sweep/run/SweepRunner.hpp"
#include "sweep/space/SamplerChoice.hpp"
#include "sweep/store/RunDirectory.hpp"
#include "tests/TempDir.hpp"
#include "tests/TestData.hpp"
#include "tests/sweep/CachedScanOf.hpp"
#include "tests/sweep/SweepFixtures.hpp"

using namespace blindspot;
using namespace blindspot::testing;
namespace fs = std::filesystem;

namespace {

Sample sampleOf(const std::string& color, const std::string& weather, double time_of_day,
                double x = 30.0) {
    Sample s;
    s.names = {"car_model", "x_m", "y_m", "background", "color", "weather", "time_of_day_h"};
    s.values = {std::string("sedan"), x, 2.0, std::string("urban-01"), color, weather, time_of_day};
    return s;
}

SweepConfig effectsConfig(const fs::path& dir, const std::string& effects) {
    const fs::path path = dir / "effects.json";
    std::ofstream(path) << R"({"name": "fx", "lidar": "hdl64e", "dimensions": {"x": {"value": 30}},
        "lidar_effects": )"
                        << effects << "}";
    return loadSweepConfig(path.string(), blindspot::testing::catalogue());
}

}  // namespace

TEST(ScenarioScanner, PaperModeScansAreByteIdenticalAcrossColourWeatherAndTime) {
    const auto dir = blindspot::testing::freshTempDir("paper-mode");
    const SweepConfig paper = effectsConfig(dir, R"({"paper_mode": true})");
    ScenarioScanner scanner(carModels(), paper.effects);
    const Sample reference = sampleOf("white", "clear", 12);
    const std::uint64_t seed = fnv1a64(sceneIdIn(paper, reference));
    const ScanGrid clean = scanner.scan(scenarioFor(paper, reference, true), seed, 0).scan;
    for (const Sample& s : {sampleOf("black", "clear", 12), sampleOf("red", "fog:0.06", 12),
                            sampleOf("white", "rain:50", 2), sampleOf("black", "snow:5", 22)}) {
        // Traffic seeds come from the scene id; with one car there is none, so the ids may differ.
        EXPECT_TRUE(scanner.scan(scenarioFor(paper, s, true), seed, 0).scan == clean)
            << s.toJson().dump();
    }
    // With the physical model, paint and weather change the scan, and the ids are salted.
    const SweepConfig physical = effectsConfig(dir, R"({"paper_mode": false})");
    EXPECT_NE(sceneIdIn(physical, reference), sceneIdIn(paper, reference));
    ScenarioScanner real(carModels(), physical.effects);
    auto carPoints = [&](const Sample& s) {
        return real.scan(scenarioFor(physical, s, true), fnv1a64(sceneIdIn(physical, s)), 0)
            .visibility.at(0)
            .visible_points;
    };
    // A black car at 40 m keeps only its glass, chrome and lights; the white one is seen whole.
    const std::size_t white = carPoints(sampleOf("white", "clear", 12, 40));
    const std::size_t black = carPoints(sampleOf("black", "clear", 12, 40));
    const std::size_t fog = carPoints(sampleOf("white", "fog:0.03", 12, 40));
    EXPECT_GT(white, 40u);
    EXPECT_LT(black, white / 2) << "black " << black << " white " << white;
    EXPECT_LT(fog, white);
    EXPECT_THROW(effectsConfig(dir, R"({"paper_mode": false, "fog": 1})"), ConfigError);
    EXPECT_THROW(effectsConfig(dir, R"({"dropout": 2})"), ConfigError);
}

TEST(SweepRunner, ImagesOnRequestWithTheirCalibrationMap) {
    const auto dir = blindspot::testing::freshTempDir("runner-images");
    const SweepConfig config =
        loadSweepConfig(writeConfig(dir, 1, 1).string(), blindspot::testing::catalogue());
    RunnerOptions o = options(dir / "run", 1);
    o.images = true;
    o.stop_after = 2;
    runSweep(config, blindspot::testing::carModels(), o);
    const auto done = rows(dir / "run");
    ASSERT_EQ(done.size(), 2u);
    for (const auto& row : done) {
        const fs::path images = dir / "run" / "images" / row.scene_id;
        for (const char* f : {"camera.png", "camera_label.png", "camera_instance.png",
                              "overlay.png", "calibration.json"})
            EXPECT_TRUE(fs::exists(images / f)) << f;
        const ScanGrid scan = blindspot::testing::cachedScanOf(dir / "run" / "scans", row.scene_id);
        EXPECT_EQ(fs::file_size(images / "calibration.bin"), 8 * scan.cellCount());
    }
    // Issue 20: the same sweep without images, run for real, has scans but no images/ folder.
    RunnerOptions plain = options(dir / "plain", 1);
    plain.stop_after = 2;
    runSweep(config, blindspot::testing::carModels(), plain);
    ASSERT_EQ(rows(dir / "plain").size(), 2u);
    EXPECT_TRUE(fs::exists(dir / "plain" / "scans" / done.front().scene_id / "scan.zst"));
    EXPECT_FALSE(fs::exists(dir / "plain" / "images"));
}

namespace {

// Predicts "car" for every return: every non-car point is a car false positive.
class EverythingIsACar : public OracleSegmenter {
  public:
    std::vector<int> predict(const ScanGrid& scan) override {
        std::vector<int> out(scan.cellCount(), -1);
        for (std::size_t i = 0; i < scan.cellCount(); ++i)
            if (scan.valid(i)) out[i] = 1;
        return out;
    }
};

}  // namespace

TEST(SweepRunner, IgnoredLabelsAreNotScored) {
    const auto dir = blindspot::testing::freshTempDir("runner-ignore");
    auto config = [&](const std::string& name, const std::string& scoring) {
        std::ofstream(dir / (name + ".json"))
            << R"({"name": ")" << name << R"(", "lidar": "hdl64e",
            "lidar_effects": {"paper_mode": false}, )"
            << scoring
            << R"( "dimensions": {"x": {"value": 15}, "weather": {"value": "fog:0.06"}}})";
        return loadSweepConfig((dir / (name + ".json")).string(), blindspot::testing::catalogue());
    };
    auto carFp = [&](const SweepConfig& c, const std::string& run) {
        RunnerOptions o = options(dir / run, 1);
        o.segmenter = [] { return std::make_unique<EverythingIsACar>(); };
        runSweep(c, blindspot::testing::carModels(), o);
        const auto r = rows(dir / run);
        for (const auto& cls : r.at(0).classes)
            if (cls.class_name == "car") return std::make_pair(r.at(0).scene_id, cls.fp);
        return std::make_pair(std::string(), std::int64_t(-1));
    };
    const auto [id, counted] = carFp(config("count", ""), "count");
    const auto [id2, ignored] =
        carFp(config("ignore", R"("scoring": {"ignore_labels": ["weather"]},)"), "ignore");
    const ScanGrid scan = blindspot::testing::cachedScanOf(dir / "count" / "scans", id);
    std::int64_t weather = 0;
    for (std::size_t i = 0; i < scan.cellCount(); ++i)
        weather += scan.valid(i) && scan.label[i] == label::kWeather;
    EXPECT_GT(weather, 1000);
    EXPECT_EQ(counted - ignored, weather);
    EXPECT_THROW(config("bad", R"("scoring": {"ignore_labels": ["fogg"]},)"), ConfigError);
}

TEST(ScenarioScanner, RollDegreesTiltTheSensorAboutItsForwardAxis) {
    const auto dir = blindspot::testing::freshTempDir("roll");
    std::ofstream(dir / "roll.json") << R"({"name": "roll", "lidar": "vlp16",
        "dimensions": {"x_m": {"value": 12}, "roll_deg": {"values": [0, 10]}}})";
    const SweepConfig config =
        loadSweepConfig((dir / "roll.json").string(), blindspot::testing::catalogue());
    const auto samples = drawSamples(config.space, config.sampler);
    ASSERT_EQ(samples.size(), 2u);
    ScenarioScanner scanner(carModels(), config.effects);
    std::vector<Pose> poses;
    std::vector<ScanGrid> scans;
    for (const auto& s : samples) {
        scans.push_back(scanner.scan(scenarioFor(config, s, true), 1, 0).scan);
        poses.push_back(Pose::fromIsometry(scans.back().world_from_sensor));
    }
    EXPECT_NEAR(poses[1].roll_deg - poses[0].roll_deg, 10.0, 1e-9);
    EXPECT_NEAR(poses[1].pitch_deg, poses[0].pitch_deg, 1e-9);
    EXPECT_FALSE(scans[0] == scans[1]);
}

// Issue 18: a sweep casts only the columns a front-view network sees plus the cars'. Every cell
// it casts equals the full scan's, bit for bit (noise is drawn per cell); the rest hold no return;
// the cars' visibility is unchanged, even for a car beside the sensor, outside the network's view.
TEST(ScenarioScanner, CulledScansEqualFullScansInTheirColumns) {
    const auto dir = blindspot::testing::freshTempDir("culled");
    const fs::path path = dir / "kitti.json";
    std::ofstream(path)
        << R"({"name": "k", "lidar": "hdl64e-kitti", "dimensions": {"x": {"value": 30}}})";
    const SweepConfig config = loadSweepConfig(path.string(), blindspot::testing::catalogue());
    ScenarioScanner scanner(carModels(), config.effects);
    const AzimuthSpan squeezeseg{-45.0 - 90.0 / 1024, 45.0 + 90.0 / 1024};
    for (double y : {2.0, 9.0}) {  // ahead, and at 50 deg to the left
        Sample s = sampleOf("white", "rain:10", 12, 8.0);
        s.values[2] = y;
        const Scenario scenario = scenarioFor(config, s, true);
        const ScannedScene full = scanner.scan(scenario, 7, 0);
        const ScannedScene culled = scanner.scan(scenario, 7, 0, {}, squeezeseg);
        const ColumnRange& c = culled.columns;
        EXPECT_EQ(c.first % 16, 0);
        EXPECT_LT(c.count, full.scan.cols() / 2) << y;
        EXPECT_EQ(full.columns, allColumns(full.scan.spec));
        const ScanGrid& a = full.scan;
        const ScanGrid& b = culled.scan;
        std::size_t cast = 0;
        for (int row = 0; row < a.rows(); ++row)
            for (int col = 0; col < a.cols(); ++col) {
                const std::size_t i = a.index(row, col);
                if (col < c.first || col >= c.end()) {
                    ASSERT_FALSE(b.valid(i));
                    continue;
                }
                ++cast;
                ASSERT_EQ(std::memcmp(&a.range_m[i], &b.range_m[i], 4), 0) << row << " " << col;
                ASSERT_EQ(std::memcmp(&a.reflectivity[i], &b.reflectivity[i], 4), 0);
                ASSERT_EQ(std::memcmp(&a.xyz_sensor_m[3 * i], &b.xyz_sensor_m[3 * i], 12), 0);
                ASSERT_EQ(a.label[i], b.label[i]);
                ASSERT_EQ(a.instance[i], b.instance[i]);
            }
        EXPECT_GT(cast, 10000u);
        ASSERT_EQ(full.visibility.size(), culled.visibility.size());
        for (std::size_t k = 0; k < full.visibility.size(); ++k) {
            EXPECT_GT(full.visibility[k].visible_points, 0u);
            EXPECT_EQ(full.visibility[k].visible_points, culled.visibility[k].visible_points);
            EXPECT_EQ(full.visibility[k].unoccluded_points, culled.visibility[k].unoccluded_points);
        }
    }
}

TEST(CastColumns, SpanSelectsTheBeamsWithinItAndTheSeamSelectsAll) {
    const LidarSpec spec = lidarPreset("hdl64e-kitti");
    const ColumnRange c = columnsWithin(spec, {-45.0, 45.0});
    double offset = 0;
    for (double o : spec.row_azimuth_offset_deg) offset = std::max(offset, std::fabs(o));
    const double spacing = std::fabs(spec.azimuth_deg[1] - spec.azimuth_deg[0]);
    for (int col = 0; col < spec.cols(); ++col) {
        const double az = spec.azimuth_deg[std::size_t(col)];
        const bool inside = std::fabs(az) <= 45.0 + offset + spacing / 2;
        EXPECT_EQ(inside, col >= c.first && col < c.end()) << col << " " << az;
    }
    EXPECT_EQ(columnsWithin(spec, {170.0, 190.0}), allColumns(spec));  // over the seam behind
    EXPECT_EQ(columnsWithin(spec, {-180.0, 180.0}), allColumns(spec));
    const ColumnRange u = unite(spec, {35, 10}, {100, 5});
    EXPECT_EQ(u.first, 32);
    EXPECT_EQ(u.end(), 105);
    EXPECT_TRUE(u.covers({40, 60}));
    EXPECT_FALSE(u.covers({20, 20}));
}

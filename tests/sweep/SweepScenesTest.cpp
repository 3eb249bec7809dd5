#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "core/Error.hpp"
#include "core/Hash.hpp"
#include "core/LearningMap.hpp"
#include "core/ScanIo.hpp"
#include "sweep/RunDirectory.hpp"
#include "sweep/ScenarioScanner.hpp"
#include "sweep/SweepRunner.hpp"
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

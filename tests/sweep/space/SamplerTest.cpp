#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <set>

#include "core/base/Error.hpp"
#include "sweep/run/SweepConfig.hpp"
#include "sweep/space/SamplerChoice.hpp"
#include "tests/TempDir.hpp"
#include "tests/TestData.hpp"
#include "tests/TestPaths.hpp"
#include "tests/sweep/space/SampleValues.hpp"

using namespace blindspot;

namespace {

Catalogue smallCatalogue() {
    Catalogue c;
    c.car_models = {"sedan", "suv", "van"};
    c.colors = {"white", "red"};
    c.lidar_presets = {"hdl64e"};
    return c;
}

ModificationSpace space(const nlohmann::json& dims) {
    return modificationSpaceFromJson(JsonObject(dims, "sweep.json", "/dimensions"),
                                     smallCatalogue(), defaultDimensions());
}

std::string errorOf(const nlohmann::json& dims) {
    try {
        space(dims);
    } catch (const ConfigError& e) {
        return e.what();
    }
    return "no error";
}

using blindspot::testing::number;

const std::string kSource = BLINDSPOT_SOURCE_DIR;

}  // namespace

TEST(Sampler, GridCountIsTheProductOfDimensionSizes) {
    const auto s = space({{"car_model", {{"values", {"sedan", "suv"}}}},
                          {"x", {{"range", {{"start", 5}, {"stop", 19}, {"step", 1}}}}},
                          {"y", {{"range", {{"start", -5}, {"stop", 4}, {"step", 1}}}}},
                          {"color", {{"value", "red"}}},
                          {"background", {{"values", {"urban-01", "urban-02", "urban-03"}}}}});
    const auto samples = drawSamples(s, SamplerConfig{"grid", 0, 0});
    EXPECT_EQ(samples.size(), 2u * 15 * 10 * 1 * 3);
    std::set<std::string> ids;
    for (const auto& sample : samples) ids.insert(sceneId(sample, defaultDimensions()));
    EXPECT_EQ(ids.size(), samples.size());  // every grid point is a distinct scene
}

TEST(Sampler, PaperConfigHas150PositionsPerBackground) {
    const SweepConfig c =
        loadSweepConfig(kSource + "/sweep/configs/paper-xy.json", blindspot::testing::catalogue());
    EXPECT_EQ(drawSamples(c.space, c.sampler).size(), 150u * 7);
}

TEST(Sampler, RangeEndpointsAreInclusiveAndFloatSafe) {
    const auto v = expandRange(0.0, 1.0, 0.1, "f", "/r");
    ASSERT_EQ(v.size(), 11u);
    EXPECT_EQ(v[3], 0.3);  // not 0.30000000000000004
    EXPECT_EQ(v.back(), 1.0);
    EXPECT_EQ(expandRange(5, 19, 1, "f", "/r").size(), 15u);
    EXPECT_EQ(expandRange(4, -5, -1, "f", "/r").size(), 10u);
    EXPECT_EQ(expandRange(0, 0.95, 0.1, "f", "/r").size(), 10u);  // 0.95 is not on the grid
    EXPECT_EQ(expandRange(2, 2, 0.5, "f", "/r").size(), 1u);
}

TEST(Sampler, LatinHypercubeStrataHoldOneSampleEach) {
    const auto s =
        space({{"x", {{"distribution", {{"type", "uniform"}, {"low", 0}, {"high", 10}}}}},
               {"y", {{"distribution", {{"type", "uniform"}, {"low", -5}, {"high", 5}}}}},
               {"yaw", {{"distribution", {{"type", "uniform"}, {"low", -90}, {"high", 90}}}}}});
    const std::size_t n = 64;
    const auto samples = drawSamples(s, SamplerConfig{"lhs", n, 11});
    ASSERT_EQ(samples.size(), n);
    for (const auto& [name, low, high] : std::vector<std::tuple<std::string, double, double>>{
             {"x_m", 0, 10}, {"y_m", -5, 5}, {"yaw_deg", -90, 90}}) {
        std::vector<int> per_stratum(n, 0);
        for (const auto& sample : samples)
            ++per_stratum[std::size_t((number(sample, name) - low) / (high - low) * double(n))];
        for (int count : per_stratum) EXPECT_EQ(count, 1) << name;
    }
}

TEST(Sampler, SameSeedSameSamples) {
    const auto s =
        space({{"x", {{"distribution", {{"type", "normal"}, {"mean", 10}, {"std", 2}}}}},
               {"car_model",
                {{"distribution",
                  {{"type", "choice"}, {"values", {"sedan", "van"}}, {"weights", {3, 1}}}}}},
               {"count", {{"distribution", {{"type", "int_uniform"}, {"low", 1}, {"high", 3}}}}}});
    for (const char* type : {"random", "lhs", "sobol"}) {
        const auto a = drawSamples(s, SamplerConfig{type, 50, 5});
        const auto b = drawSamples(s, SamplerConfig{type, 50, 5});
        ASSERT_EQ(a.size(), 50u);
        for (std::size_t i = 0; i < a.size(); ++i)
            EXPECT_EQ(sceneId(a[i], defaultDimensions()), sceneId(b[i], defaultDimensions()))
                << type;
        for (const auto& sample : a) {
            const double count = number(sample, "count");
            EXPECT_TRUE(count == 1 || count == 2 || count == 3) << count;
        }
    }
    const auto other = drawSamples(s, SamplerConfig{"random", 50, 6});
    EXPECT_NE(sceneId(other[0], defaultDimensions()),
              sceneId(drawSamples(s, SamplerConfig{"random", 50, 5})[0], defaultDimensions()));
}

TEST(Sampler, SobolCoversTheCubeEvenly) {
    const auto s =
        space({{"x", {{"distribution", {{"type", "uniform"}, {"low", 0}, {"high", 1}}}}},
               {"y", {{"distribution", {{"type", "uniform"}, {"low", 0}, {"high", 1}}}}}});
    const auto samples = drawSamples(s, SamplerConfig{"sobol", 64, 0});
    // 64 Sobol points put exactly 4 in each of the 16 cells of a 4 x 4 grid.
    std::vector<int> cells(16, 0);
    for (const auto& sample : samples)
        ++cells[std::size_t(number(sample, "x_m") * 4) * 4 +
                std::size_t(number(sample, "y_m") * 4)];
    for (int c : cells) EXPECT_EQ(c, 4);
}

TEST(SceneId, StableAcrossRunsAndProcesses) {
    Sample s;
    s.names = {"car_model", "x_m", "y_m", "background"};
    s.values = {std::string("sedan"), 5.0, -5.0, std::string("urban-01")};
    const DimensionRegistry dims = defaultDimensions();
    // Pinned: a change here means every stored run, cache and comparison loses its join key.
    // The id hashes each dimension's id_key (x, not x_m), so it is the one from before the names
    // carried units.
    EXPECT_EQ(s.toJson().dump(),
              R"({"background":"urban-01","car_model":"sedan","x_m":5,"y_m":-5})");
    EXPECT_EQ(sceneId(s, dims), sceneId(s, dims));
    EXPECT_EQ(sceneId(s, dims).size(), 16u);
    EXPECT_EQ(sceneId(s, dims),
              "f2954e1117962738");  // world-10 (9: 4503264babdece1e,
                                    // 8: 266d9cf9d450e0c3, 7: d7e57bbfb2fdf03c,
                                    // 6: 892299aeda273b19,
                                    // 5: f0536ce8f5cca012, 4: 420ff2b051e30f37,
                                    // 3: 44ad59f47bdc7070, 2: 94da25b8a66925fd)
}

TEST(SweepConfig, DriveDimensionsNeedADriveBlock) {
    nlohmann::json j = {
        {"name", "d"},
        {"dimensions",
         {{"drive_speed_mps", {{"values", {5, 10}}}}, {"background", {{"value", "town:1"}}}}}};
    std::string error;
    try {
        sweepConfigFromJson(j, "sweep.json", smallCatalogue(), defaultDimensions());
    } catch (const ConfigError& e) {
        error = e.what();
    }
    EXPECT_EQ(error,
              "sweep.json: /dimensions/drive_speed_mps: a \"drive\" block that makes each sample "
              "a drive");
    j["drive"] = {{"frames", 3}, {"motion", "ego"}};
    const SweepConfig c =
        sweepConfigFromJson(j, "sweep.json", smallCatalogue(), defaultDimensions());
    EXPECT_EQ(c.drive_frames, 3);
    const auto samples = drawSamples(c.space, c.sampler);
    ASSERT_EQ(samples.size(), 2u);
    const Scenario s = scenarioFor(c, samples[1], true);
    EXPECT_EQ(s.drive.frames, 3);
    EXPECT_EQ(s.drive.speed_mps, 10.0);
    // The drive block is part of the scene: another frame count, another scene id.
    j["drive"]["frames"] = 4;
    const SweepConfig c4 =
        sweepConfigFromJson(j, "sweep.json", smallCatalogue(), defaultDimensions());
    EXPECT_NE(sceneIdIn(c, samples[1], "spec"), sceneIdIn(c4, samples[1], "spec"));
}

TEST(SweepConfig, BadConfigsNameTheJsonPath) {
    EXPECT_EQ(errorOf({{"speed", {{"value", 3}}}}),
              "sweep.json: /dimensions/speed: unknown dimension; expected one of car_model, "
              "target_type, x_m, "
              "y_m, yaw_deg, count, background, color, weather, time_of_day_h, mount_height_m, "
              "pitch_deg, roll_deg, lidar, drive_speed_mps, drive_traffic_cars, drive_route_seed");
    EXPECT_EQ(errorOf({{"x", {{"range", {{"start", 5}, {"stop", 1}, {"step", 1}}}}}}),
              "sweep.json: /dimensions/x/range: empty range: stop 1 cannot be reached from start 5 "
              "with step 1");
    EXPECT_EQ(errorOf({{"x", {{"range", {{"start", 5}, {"stop", 10}, {"step", 0}}}}}}),
              "sweep.json: /dimensions/x/range/step: must not be 0");
    EXPECT_EQ(errorOf({{"car_model", {{"values", {"sedan", "tank"}}}}}),
              "sweep.json: /dimensions/car_model: unknown car model \"tank\"");
    EXPECT_NE(errorOf({{"background", {{"value", "urban-16"}}}})
                  .find("/dimensions/background: unknown background \"urban-16\""),
              std::string::npos);
    EXPECT_NE(errorOf({{"weather", {{"value", "hail:2"}}}})
                  .find("/dimensions/weather: expected clear, fog:ALPHA_PER_M"),
              std::string::npos);
    EXPECT_NE(errorOf({{"count", {{"value", 1.5}}}})
                  .find("/dimensions/count: count must be a whole number"),
              std::string::npos);
    EXPECT_NE(errorOf({{"x", {{"value", 1}, {"values", {1, 2}}}}})
                  .find("exactly one of value, values, range or distribution"),
              std::string::npos);
    const auto grid_of_distribution =
        space({{"x", {{"distribution", {{"type", "uniform"}, {"low", 0}, {"high", 1}}}}}});
    EXPECT_THROW(drawSamples(grid_of_distribution, SamplerConfig{"grid", 0, 0}), ConfigError);
}

TEST(SweepConfig, ShippedConfigsLoad) {
    for (const char* name : {"paper-xy", "paper-xy-heldout", "demo-xy", "random-appearance",
                             "lhs-positions", "sobol-sensor", "weather-robustness"}) {
        const SweepConfig c = loadSweepConfig(kSource + "/sweep/configs/" + name + ".json",
                                              blindspot::testing::catalogue());
        EXPECT_FALSE(drawSamples(c.space, c.sampler).empty()) << name;
    }
}

TEST(SweepConfig, OldDimensionNamesAreAliasesWithTheSameSceneIds) {
    const auto old_names = space(
        {{"x", {{"values", {8, 12}}}}, {"yaw", {{"value", 30}}}, {"time_of_day", {{"value", 9}}}});
    const auto new_names = space({{"x_m", {{"values", {8, 12}}}},
                                  {"yaw_deg", {{"value", 30}}},
                                  {"time_of_day_h", {{"value", 9}}}});
    const auto a = drawSamples(old_names, SamplerConfig{});
    const auto b = drawSamples(new_names, SamplerConfig{});
    ASSERT_EQ(a.size(), 2u);
    ASSERT_EQ(b.size(), 2u);
    for (std::size_t i = 0; i < a.size(); ++i) {
        EXPECT_EQ(a[i].toJson(), b[i].toJson());
        EXPECT_EQ(a[i].names, (std::vector<std::string>{"x_m", "yaw_deg", "time_of_day_h"}));
        EXPECT_EQ(sceneId(a[i], defaultDimensions()), sceneId(b[i], defaultDimensions()));
    }
    EXPECT_EQ(errorOf({{"x", {{"value", 8}}}, {"x_m", {{"value", 9}}}}),
              "sweep.json: /dimensions/x: \"x\" is the old name of \"x_m\"; give one of them");
}

TEST(DimensionRegistry, ScenarioTakesDefaultsAndSampleValues) {
    const DimensionRegistry dims = defaultDimensions();
    const Scenario defaults = scenarioOf({}, {}, dims);
    ASSERT_EQ(defaults.cars.size(), 1u);
    EXPECT_EQ(defaults.cars[0].model, "sedan");
    EXPECT_EQ(defaults.cars[0].x_m, 10.0);
    EXPECT_EQ(defaults.background, "urban-01");
    EXPECT_EQ(defaults.sensor.mount_height_m, 1.73);
    const Scenario s = scenarioOf({"x_m", "yaw_deg", "count", "weather", "time_of_day_h"},
                                  {12.5, -45.0, 3.0, std::string("fog:0.02"), 21.0}, dims);
    EXPECT_EQ(s.cars[0].x_m, 12.5);
    EXPECT_EQ(s.cars[0].yaw_deg, -45.0);
    EXPECT_EQ(s.count, 3);
    EXPECT_EQ(s.weather, "fog:0.02");
    EXPECT_EQ(s.time_of_day_h, 21.0);
    EXPECT_EQ(dims.canonical("yaw"), "yaw_deg");
    EXPECT_EQ(dims.title("x"), "x [m] (forward)");
}

TEST(Sampler, NormalDistributionsStayInsideTheirLimits) {
    // Issue 20: a normal was never truncated, so draws could leave the dimension's limits. Mean 1,
    // std 2, truncated to [0, 10]: the truncated CDF at 1 is (Phi(0) - Phi(-0.5)) / (Phi(4.5) -
    // Phi(-0.5)) = 0.19146 / 0.69146 = 0.2769.
    const auto s =
        space({{"x",
                {{"distribution",
                  {{"type", "normal"}, {"mean", 1}, {"std", 2}, {"low", 0}, {"high", 10}}}}}});
    const auto samples = drawSamples(s, SamplerConfig{"random", 4000, 1});
    std::size_t below_mean = 0;
    for (const auto& sample : samples) {
        const double x = number(sample, "x_m");
        ASSERT_GE(x, 0.0);
        ASSERT_LE(x, 10.0);
        below_mean += x < 1.0;
    }
    EXPECT_NEAR(double(below_mean) / 4000.0, 0.2769, 0.02);
    // By default the limits are the dimension's own: pitch_deg in [-30, 30].
    for (const auto& sample :
         drawSamples(space({{"pitch_deg",
                             {{"distribution", {{"type", "normal"}, {"mean", 25}, {"std", 20}}}}}}),
                     SamplerConfig{"lhs", 200, 2})) {
        EXPECT_LE(number(sample, "pitch_deg"), 30.0);
        EXPECT_GE(number(sample, "pitch_deg"), -30.0);
    }
    EXPECT_NE(
        errorOf({{"x",
                  {{"distribution",
                    {{"type", "normal"}, {"mean", 20}, {"std", 2}, {"low", 0}, {"high", 10}}}}}})
            .find("sweep.json: /dimensions/x/distribution/mean: must lie in [low, high]"),
        std::string::npos);
    EXPECT_NE(
        errorOf(
            {{"x",
              {{"distribution", {{"type", "normal"}, {"mean", 0}, {"std", 2}, {"high", 500}}}}}})
            .find("must lie in [-200, 200], got 500"),
        std::string::npos);
}

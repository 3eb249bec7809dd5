#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <set>

#include "core/Error.hpp"
#include "sweep/SweepConfig.hpp"
#include "tests/TempDir.hpp"

using namespace blindspot;

namespace {

Catalogue catalogue() {
    Catalogue c;
    c.car_models = {"sedan", "suv", "van"};
    c.colors = {"white", "red"};
    c.lidar_presets = {"hdl64e"};
    return c;
}

ModificationSpace space(const nlohmann::json& dims) {
    return modificationSpaceFromJson(JsonObject(dims, "sweep.json", "/dimensions"), catalogue());
}

std::string errorOf(const nlohmann::json& dims) {
    try {
        space(dims);
    } catch (const ConfigError& e) {
        return e.what();
    }
    return "no error";
}

double number(const Sample& s, const std::string& name) {
    for (std::size_t i = 0; i < s.names.size(); ++i)
        if (s.names[i] == name) return std::get<double>(s.values[i]);
    return NAN;
}

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
    for (const auto& sample : samples) ids.insert(sceneId(sample));
    EXPECT_EQ(ids.size(), samples.size());  // every grid point is a distinct scene
}

TEST(Sampler, PaperConfigHas150PositionsPerBackground) {
    const SweepConfig c =
        loadSweepConfig(kSource + "/sweep/configs/paper-xy.json", defaultCatalogue());
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
             {"x", 0, 10}, {"y", -5, 5}, {"yaw", -90, 90}}) {
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
        for (std::size_t i = 0; i < a.size(); ++i) EXPECT_EQ(sceneId(a[i]), sceneId(b[i])) << type;
        for (const auto& sample : a) {
            const double count = number(sample, "count");
            EXPECT_TRUE(count == 1 || count == 2 || count == 3) << count;
        }
    }
    const auto other = drawSamples(s, SamplerConfig{"random", 50, 6});
    EXPECT_NE(sceneId(other[0]), sceneId(drawSamples(s, SamplerConfig{"random", 50, 5})[0]));
}

TEST(Sampler, SobolCoversTheCubeEvenly) {
    const auto s =
        space({{"x", {{"distribution", {{"type", "uniform"}, {"low", 0}, {"high", 1}}}}},
               {"y", {{"distribution", {{"type", "uniform"}, {"low", 0}, {"high", 1}}}}}});
    const auto samples = drawSamples(s, SamplerConfig{"sobol", 64, 0});
    // 64 Sobol points put exactly 4 in each of the 16 cells of a 4 x 4 grid.
    std::vector<int> cells(16, 0);
    for (const auto& sample : samples)
        ++cells[std::size_t(number(sample, "x") * 4) * 4 + std::size_t(number(sample, "y") * 4)];
    for (int c : cells) EXPECT_EQ(c, 4);
}

TEST(SceneId, StableAcrossRunsAndProcesses) {
    Sample s;
    s.names = {"car_model", "x", "y", "background"};
    s.values = {std::string("sedan"), 5.0, -5.0, std::string("urban-01")};
    // Pinned: a change here means every stored run, cache and comparison loses its join key.
    EXPECT_EQ(s.toJson().dump(), R"({"background":"urban-01","car_model":"sedan","x":5,"y":-5})");
    EXPECT_EQ(sceneId(s), sceneId(s));
    EXPECT_EQ(sceneId(s).size(), 16u);
    EXPECT_EQ(sceneId(s), "94da25b8a66925fd");  // blindspot-world-2
}

TEST(SweepConfig, BadConfigsNameTheJsonPath) {
    EXPECT_EQ(errorOf({{"speed", {{"value", 3}}}}),
              "sweep.json: /dimensions/speed: unknown dimension; expected one of car_model, x, y, "
              "yaw, count, "
              "background, color, weather, time_of_day, mount_height_m, pitch_deg, lidar");
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
                  .find("/dimensions/weather: expected clear, fog:S"),
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
    for (const char* name :
         {"paper-xy", "demo-xy", "random-appearance", "lhs-positions", "sobol-sensor"}) {
        const SweepConfig c =
            loadSweepConfig(kSource + "/sweep/configs/" + name + ".json", defaultCatalogue());
        EXPECT_FALSE(drawSamples(c.space, c.sampler).empty()) << name;
    }
}

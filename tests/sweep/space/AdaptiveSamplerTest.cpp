// The adaptive sampler on synthetic objectives: determinism, categorical dimensions, batch
// diversity, and space-filling when the outcomes carry no information.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <set>

#include "sweep/run/SweepConfig.hpp"
#include "sweep/space/AdaptiveSampler.hpp"
#include "sweep/space/SamplerChoice.hpp"
#include "tests/TempDir.hpp"
#include "tests/sweep/space/SampleValues.hpp"
#include "tests/TestData.hpp"

using namespace blindspot;
namespace fs = std::filesystem;

namespace {

// x 5..24 (20 levels) x y -6..6 (13) x background (3): 780 grid points.
SweepConfig adaptiveConfig(const std::string& name, std::uint64_t seed, int n = 200) {
    const fs::path dir = blindspot::testing::freshTempDir("adaptive-" + name);
    std::ofstream(dir / "c.json") << R"({"name": "a", "lidar": "vlp16",
      "sampler": {"type": "adaptive", "n": )"
                                  << n << R"(, "batch": 20, "initial": 40, "seed": )" << seed
                                  << R"(, "objective": {"metric": "target", "below": 0.5}},
      "dimensions": {"x_m": {"range": {"start": 5, "stop": 24, "step": 1}},
                     "y_m": {"range": {"start": -6, "stop": 6, "step": 1}},
                     "background": {"values": ["urban-01", "urban-02", "urban-03"]}}})";
    return loadSweepConfig((dir / "c.json").string(), blindspot::testing::catalogue());
}

using blindspot::testing::number;
using blindspot::testing::text;

// Fails only on urban-02 beyond 15 m: a region that needs the category to be found.
double categoricalObjective(const Sample& s) {
    return text(s, "background") == "urban-02" && number(s, "x_m") > 15 ? 0.2 : 0.9;
}

// Runs the sampler to its budget against `objective`; returns every proposal in order.
template <class F>
std::vector<SampleOutcome> run(Sampler& sampler, F objective) {
    std::vector<SampleOutcome> finished;
    for (auto batch = sampler.propose({}); !batch.empty(); batch = sampler.propose(finished))
        for (auto& s : batch) finished.push_back({s, objective(s)});
    return finished;
}

}  // namespace

TEST(AdaptiveSampler, ProposalsDependOnlyOnConfigSeedAndOutcomes) {
    const SweepConfig c = adaptiveConfig("det", 7);
    auto a = makeSampler(c.space, c.sampler), b = makeSampler(c.space, c.sampler);
    const auto ra = run(*a, categoricalObjective), rb = run(*b, categoricalObjective);
    ASSERT_EQ(ra.size(), 200u);
    ASSERT_EQ(ra.size(), rb.size());
    for (std::size_t i = 0; i < ra.size(); ++i)
        EXPECT_EQ(ra[i].sample.toJson(), rb[i].sample.toJson()) << i;
    const SweepConfig other = adaptiveConfig("det2", 8);
    EXPECT_NE(makeSampler(other.space, other.sampler)->propose({})[0].toJson(),
              ra[0].sample.toJson());
}

TEST(AdaptiveSampler, FindsARegionThatOnlyACategoryHas) {
    const SweepConfig c = adaptiveConfig("cat", 3);
    auto sampler = makeSampler(c.space, c.sampler);
    const auto outcomes = run(*sampler, categoricalObjective);
    // 9 x-levels (16..24) x 13 y-levels on urban-02 fail: 117 of 780 grid points (15 %).
    std::size_t failing = 0, after_initial = 0, on_urban02 = 0;
    for (std::size_t i = 0; i < outcomes.size(); ++i) {
        failing += outcomes[i].score < 0.5;
        if (i < 40) continue;
        ++after_initial;
        on_urban02 += text(outcomes[i].sample, "background") == "urban-02";
    }
    EXPECT_GE(failing, 105u) << "found " << failing << " of 117 failing points with 200 scenes";
    EXPECT_GT(double(on_urban02) / double(after_initial), 0.6);
    // The surrogate's failure region: urban-02 far out, and no other background.
    const auto& adaptive = dynamic_cast<const AdaptiveSampler&>(*sampler);
    std::size_t right = 0, total = 0;
    for (const auto& [s, p] : adaptive.failureProbability(outcomes)) {
        ++total;
        right += (p > 0.5) == (categoricalObjective(s) < 0.5);
    }
    EXPECT_EQ(total, 780u);
    EXPECT_GE(double(right) / double(total), 0.97);
}

TEST(AdaptiveSampler, ABatchHoldsNoDuplicateAndNothingAlreadyDone) {
    const SweepConfig c = adaptiveConfig("dup", 5);
    auto sampler = makeSampler(c.space, c.sampler);
    std::vector<SampleOutcome> finished;
    std::set<std::string> seen;
    for (auto batch = sampler->propose({}); !batch.empty(); batch = sampler->propose(finished))
        for (auto& s : batch) {
            EXPECT_TRUE(seen.insert(s.toJson().dump()).second) << s.toJson().dump();
            finished.push_back({s, categoricalObjective(s)});
        }
    EXPECT_EQ(seen.size(), 200u);
}

TEST(AdaptiveSampler, EqualOutcomesGiveASpaceFillingBatch) {
    const SweepConfig c = adaptiveConfig("flat", 11);
    auto sampler = makeSampler(c.space, c.sampler);
    std::vector<SampleOutcome> finished;
    for (auto& s : sampler->propose({})) finished.push_back({s, 0.9});
    const auto batch = sampler->propose(finished);
    ASSERT_EQ(batch.size(), 20u);
    // Every background gets its share, and the batch spans x and y.
    std::map<std::string, int> per_background;
    double x_min = 99, x_max = -99, y_min = 99, y_max = -99;
    for (const auto& s : batch) {
        ++per_background[text(s, "background")];
        x_min = std::min(x_min, number(s, "x_m"));
        x_max = std::max(x_max, number(s, "x_m"));
        y_min = std::min(y_min, number(s, "y_m"));
        y_max = std::max(y_max, number(s, "y_m"));
    }
    EXPECT_EQ(per_background.size(), 3u);
    for (const auto& [bg, n] : per_background) EXPECT_GE(n, 4) << bg;
    EXPECT_GE(x_max - x_min, 14.0);
    EXPECT_GE(y_max - y_min, 9.0);
}

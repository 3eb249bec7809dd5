// Maps, selection and comparison on synthetic result rows with known means.
#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include "core/base/Error.hpp"
#include "eval/Bootstrap.hpp"
#include "eval/Comparison.hpp"
#include "eval/Selection.hpp"

namespace blindspot {
namespace {

// Car IoU = tp / 10 exactly (fn = 10 - tp).
SceneResult row(double x, double y, const std::string& background, int tp) {
    SceneResult s;
    s.scene_id = std::to_string(x) + "/" + std::to_string(y) + "/" + background;
    s.sample = {{"x_m", x}, {"y_m", y}, {"background", background}, {"car_model", "sedan"}};
    s.visibility = x < 6 ? 1.0 : 0.5;
    s.classes = {{"unknown", 100, 10 - tp, 0}, {"car", tp, 0, 10 - tp}};
    return s;
}

// (x, y) in {5, 6} x {-1, 0} over three backgrounds; (6, 0) has no scenes.
std::vector<SceneResult> grid(int shift = 0) {
    return {row(5, -1, "b1", 2 + shift), row(5, -1, "b2", 4 + shift), row(5, -1, "b3", 6 + shift),
            row(6, -1, "b1", 9),         row(6, -1, "b2", 9),         row(6, -1, "b3", 9),
            row(5, 0, "b1", 7),          row(5, 0, "b2", 3),          row(5, 0, "b3", 5)};
}

TEST(MiouMap, CellsAreTheMeanOverBackgrounds) {
    const MiouMap map = buildMiouMap(grid(), MapOptions{});
    ASSERT_EQ(map.x_levels.size(), 2u);
    ASSERT_EQ(map.y_levels.size(), 2u);
    EXPECT_EQ(map.x_levels[0], 5);
    EXPECT_EQ(map.y_levels[0], -1);
    const MapCell& c = map.at(0, 0);
    EXPECT_EQ(c.samples, 3u);
    EXPECT_DOUBLE_EQ(*c.mean, 0.4);      // (0.2 + 0.4 + 0.6) / 3
    EXPECT_NEAR(*c.stddev, 0.2, 1e-12);  // sample standard deviation
    EXPECT_DOUBLE_EQ(*c.mean_visibility, 1.0);
    EXPECT_DOUBLE_EQ(*map.at(1, 0).mean, 0.9);
    EXPECT_DOUBLE_EQ(*map.at(1, 0).mean_visibility, 0.5);
    EXPECT_DOUBLE_EQ(*map.at(0, 1).mean, 0.5);
    EXPECT_EQ(map.at(1, 1).samples, 0u);  // no data
    EXPECT_FALSE(map.at(1, 1).mean);
}

TEST(MiouMap, UndefinedScenesCountAsSamplesOnly) {
    auto scenes = grid();
    scenes[0].classes = {{"unknown", 100, 0, 0}, {"car", 0, 0, 0}};  // no car anywhere
    const MiouMap map = buildMiouMap(scenes, MapOptions{});
    const MapCell& c = map.at(0, 0);
    EXPECT_EQ(c.samples, 3u);
    EXPECT_EQ(c.defined, 2u);
    EXPECT_DOUBLE_EQ(*c.mean, 0.5);
}

TEST(MiouMap, MapOverOtherDimensionsAndMarginals) {
    MapOptions o;
    o.dims = {"background", "x_m"};
    const MiouMap map = buildMiouMap(grid(), o);
    EXPECT_EQ(map.x_levels.size(), 3u);
    EXPECT_DOUBLE_EQ(*map.at(0, 0).mean, (0.2 + 0.7) / 2.0);  // b1 at x = 5
    const auto marginals = buildMarginals(grid(), MetricSpec{});
    std::vector<std::string> dims;
    for (const auto& m : marginals) dims.push_back(m.dimension);
    // Categorical ones always (car_model has one level), numeric ones when they vary.
    EXPECT_EQ(dims, (std::vector<std::string>{"background", "car_model", "x_m", "y_m",
                                              "target_visibility"}));
    EXPECT_DOUBLE_EQ(*marginals[0].cells[0].mean, (0.2 + 0.9 + 0.7) / 3.0);
    // Target visibility in quarters (issue 20): x = 5 scenes are fully visible (0.2, 0.4, 0.6,
    // 0.7, 0.3, 0.5), x = 6 ones half (0.9 three times).
    const Marginal& vis = marginals.back();
    ASSERT_EQ(vis.levels.size(), 2u);
    EXPECT_EQ(vis.levels[0], "50-75 %");
    EXPECT_DOUBLE_EQ(*vis.cells[0].mean, 0.9);
    EXPECT_EQ(vis.levels[1], "75-100 %");
    EXPECT_NEAR(*vis.cells[1].mean, (0.2 + 0.4 + 0.6 + 0.7 + 0.3 + 0.5) / 6.0, 1e-12);
    EXPECT_THROW(buildMiouMap(grid(), MapOptions{{"x_m", "yaw_deg"}, {}, defaultDimensions()}),
                 ConfigError);
}

TEST(Selection, RandomCellsAreSeededUniformAndOnlyMeasuredOnes) {
    // 3 measured cells (0.4, 0.9, 0.5) and one without data: K = 2 of the 3, each cell with
    // probability 2/3 over seeds; the same seed draws the same cells.
    const MiouMap map = buildMiouMap(grid(), MapOptions{});
    SelectionRule rule;
    rule.random = 2;
    std::map<double, int> drawn;
    const int seeds = 3000;
    for (int seed = 1; seed <= seeds; ++seed) {
        rule.seed = std::uint64_t(seed);
        const Selection s = selectCells(map, rule, "run");
        ASSERT_EQ(s.cells.size(), 2u);
        ASSERT_TRUE(s.cells[0].mean && s.cells[1].mean);
        EXPECT_LT(*s.cells[0].mean, *s.cells[1].mean);  // ascending like every selection
        for (const auto& c : s.cells) ++drawn[*c.mean];
    }
    ASSERT_EQ(drawn.size(), 3u);
    for (const auto& [mean, n] : drawn) EXPECT_NEAR(double(n) / seeds, 2.0 / 3.0, 0.03) << mean;
    rule.seed = 7;
    EXPECT_EQ(toJson(selectCells(map, rule, "run")), toJson(selectCells(map, rule, "run")));
    const Selection back = selectionFromJson(toJson(selectCells(map, rule, "run")), "s.json");
    EXPECT_EQ(back.rule.random, std::optional<std::size_t>(2));
    EXPECT_EQ(back.rule.seed, 7u);
    rule.worst = 1;  // two rules at once
    EXPECT_THROW(selectCells(map, rule, "run"), ConfigError);
}

TEST(Selection, BelowThresholdWorstKAndJsonRoundTrip) {
    const MiouMap map = buildMiouMap(grid(), MapOptions{});
    const Selection below =
        selectCells(map, SelectionRule{0.6, std::nullopt, 1, std::nullopt, std::nullopt, 1}, "run");
    ASSERT_EQ(below.cells.size(), 2u);  // 0.4 and 0.5, ascending
    EXPECT_DOUBLE_EQ(*below.cells[0].mean, 0.4);
    EXPECT_EQ(below.cells[1].y, 0);
    EXPECT_TRUE(below.contains({{"x_m", 5}, {"y_m", -1}, {"background", "b9"}}));
    EXPECT_FALSE(below.contains({{"x_m", 6}, {"y_m", -1}}));
    const Selection worst =
        selectCells(map, SelectionRule{std::nullopt, 1, 1, std::nullopt, std::nullopt, 1}, "run");
    ASSERT_EQ(worst.cells.size(), 1u);
    EXPECT_DOUBLE_EQ(*worst.cells[0].mean, 0.4);
    EXPECT_THROW(selectCells(map, SelectionRule{}, "run"), ConfigError);

    const Selection back = selectionFromJson(toJson(below), "selection.json");
    EXPECT_EQ(toJson(back), toJson(below));
    nlohmann::json bad = toJson(below);
    bad["cells"][0]["colour"] = "red";
    try {
        selectionFromJson(bad, "selection.json");
        FAIL() << "unknown key accepted";
    } catch (const ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find("selection.json"), std::string::npos);
        EXPECT_NE(std::string(e.what()).find("/cells/0/colour"), std::string::npos) << e.what();
    }
}

TEST(Comparison, IdenticalRunsGiveZeroDelta) {
    const Comparison c = compareRuns(grid(), grid(), CompareOptions{});
    EXPECT_EQ(c.scenes_compared, 9u);
    EXPECT_EQ(c.unchanged, 3u);
    EXPECT_EQ(c.improved + c.degraded, 0u);
    EXPECT_DOUBLE_EQ(*c.mean_delta, 0.0);
    EXPECT_DOUBLE_EQ(*c.ci_low, 0.0);
    EXPECT_DOUBLE_EQ(*c.ci_high, 0.0);
}

TEST(Comparison, KnownGainPerCellAndBootstrapInterval) {
    // B gains 0.2 on the three scenes of cell (5, -1) and nothing elsewhere.
    const Comparison c = compareRuns(grid(), grid(2), CompareOptions{});
    EXPECT_EQ(c.improved, 1u);
    EXPECT_EQ(c.unchanged, 2u);
    EXPECT_NEAR(*c.cells[0].delta, 0.2, 1e-12);
    EXPECT_EQ(c.cells[0].samples, 3u);
    EXPECT_NEAR(*c.mean_delta, 0.6 / 9.0, 1e-12);  // per scene pair
    EXPECT_LE(*c.ci_low, *c.mean_delta);
    EXPECT_GE(*c.ci_high, *c.mean_delta);
    EXPECT_GE(*c.ci_low, 0.0);
    EXPECT_LE(*c.ci_high, 0.2);
    EXPECT_NEAR(c.sorted_deltas.front(), 0.2, 1e-12);
    // The same seed gives the same interval.
    EXPECT_EQ(*compareRuns(grid(), grid(2), CompareOptions{}).ci_low, *c.ci_low);
}

TEST(Comparison, GainOnTheSelectionsCellsAndOnTheRest) {
    // B gains 0.2 on the three scenes of cell (5, -1) only. Selecting that cell: +0.2 on it
    // (every background the same, so its cluster interval is the point), 0 on the other six.
    CompareOptions o;
    o.selection = Selection{};
    o.selection->dims = {"x_m", "y_m"};
    o.selection->cells = {{5.0, -1.0, 0.4, 3}};
    const Comparison c = compareRuns(grid(), grid(2), o);
    ASSERT_TRUE(c.selected && c.other);
    EXPECT_EQ(c.selected->paired, 3u);
    EXPECT_EQ(c.other->paired, 6u);
    EXPECT_NEAR(*c.selected->mean_delta, 0.2, 1e-12);
    EXPECT_NEAR(*c.selected->cluster_ci_low, 0.2, 1e-12);
    EXPECT_NEAR(*c.selected->cluster_ci_high, 0.2, 1e-12);
    EXPECT_EQ(c.selected->clusters, 3u);
    EXPECT_DOUBLE_EQ(*c.other->mean_delta, 0.0);
    const nlohmann::json j = toJson(c);
    EXPECT_NEAR(j["selection"]["selected_cells"]["mean_delta"].get<double>(), 0.2, 1e-12);
    EXPECT_EQ(j["selection"]["other_cells"]["paired_scenes"], 6);
    EXPECT_FALSE(compareRuns(grid(), grid(2), CompareOptions{}).selected);
}

TEST(Comparison, ClusterIntervalIsWiderWithPlantedBetweenBackgroundVariance) {
    // Issue 20: 7 backgrounds x 150 scenes, as in the paper experiment. Each background has its
    // own gain (0.04 .. 0.22, the spread we measured); within a background the scenes vary little.
    // Resampling scenes sees 1,050 nearly independent values and a narrow interval; resampling
    // backgrounds sees 7 values and must be several times wider.
    std::vector<double> deltas;
    std::vector<std::string> background;
    for (int b = 0; b < 7; ++b)
        for (int k = 0; k < 150; ++k) {
            deltas.push_back(0.04 + 0.03 * b + 0.01 * ((k * 37 % 11) - 5) / 5.0);
            background.push_back("urban-0" + std::to_string(b + 1));
        }
    const BootstrapInterval naive = valueBootstrap(deltas, 1, 4000);
    const BootstrapInterval cluster = clusterBootstrap(deltas, background, 1, 4000);
    EXPECT_EQ(naive.units, 1050u);
    EXPECT_EQ(cluster.units, 7u);
    const double mean = 0.04 + 0.03 * 3;  // the (k * 37 % 11) terms average to ~0
    EXPECT_LT(*cluster.low, mean);
    EXPECT_GT(*cluster.high, mean);
    const double naive_width = *naive.high - *naive.low,
                 cluster_width = *cluster.high - *cluster.low;
    EXPECT_GT(cluster_width, 5.0 * naive_width) << naive_width << " vs " << cluster_width;
    // The between-background spread sets the width: sd of the 7 gains (0.060) / sqrt(7) = 0.023,
    // times 3.92 for a normal 95% interval = 0.089.
    EXPECT_GT(cluster_width, 0.06);
    EXPECT_LT(cluster_width, 0.12);
    // One background: no cluster interval.
    EXPECT_FALSE(clusterBootstrap({0.1, 0.2}, {"a", "a"}, 1, 100).low);
}

TEST(Comparison, RecordsBothIntervalsOverBackgrounds) {
    const Comparison c = compareRuns(grid(), grid(2), CompareOptions{});
    EXPECT_EQ(c.cluster_dim, "background");
    EXPECT_EQ(c.clusters, 3u);
    ASSERT_TRUE(c.cluster_ci_low && c.cluster_ci_high);
    // Each background gains 0.2 on one of its three scenes: every resample means 0.2 / 3.
    EXPECT_NEAR(*c.cluster_ci_low, 0.2 / 3, 1e-12);
    EXPECT_NEAR(*c.cluster_ci_high, 0.2 / 3, 1e-12);
    const nlohmann::json j = toJson(c);
    EXPECT_EQ(j.at("bootstrap").at("clusters"), 3);
    EXPECT_EQ(j.at("ci95_cluster").size(), 2u);
}

TEST(Comparison, RefusesRunsOfDifferentScenesUnlessIntersect) {
    auto b = grid();
    b.pop_back();
    EXPECT_THROW(compareRuns(grid(), b, CompareOptions{}), ConfigError);
    CompareOptions o;
    o.intersect = true;
    const Comparison c = compareRuns(grid(), b, o);
    EXPECT_EQ(c.scenes_compared, 8u);
    EXPECT_EQ(c.only_in_a, 1u);
    EXPECT_THROW(compareRuns(grid(), {row(9, 9, "b1", 1)}, o), ConfigError);
}

TEST(Gate, KnownDropFailsNoDropPasses) {
    GateOptions o;
    o.max_drop = 0.02;
    o.min_cell_samples = 3;
    EXPECT_TRUE(regressionGate(compareRuns(grid(), grid(), CompareOptions{}), o).passed);
    // A 0.1 drop in one cell of three samples: overall drop 0.033 and the cell both fail.
    const GateResult g = regressionGate(compareRuns(grid(), grid(-1), CompareOptions{}), o);
    EXPECT_FALSE(g.passed);
    EXPECT_NEAR(*g.overall_drop, 0.3 / 9.0, 1e-12);
    ASSERT_EQ(g.failed_cells.size(), 1u);
    EXPECT_NE(g.message.find("FAILED"), std::string::npos);
    // The same cell drop with a looser overall limit still fails on the cell...
    o.max_drop = 0.05;
    EXPECT_FALSE(regressionGate(compareRuns(grid(), grid(-1), CompareOptions{}), o).passed);
    // ...unless the cell has too few samples to count.
    o.min_cell_samples = 4;
    EXPECT_TRUE(regressionGate(compareRuns(grid(), grid(-1), CompareOptions{}), o).passed);
}

}  // namespace
}  // namespace blindspot

// An adaptive sweep end to end: batches proposed from the scores the runner reads back, the same
// run whatever the workers, and a killed run resumes to the very same scenes.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <thread>

#include "core/base/Error.hpp"
#include "eval/Selection.hpp"
#include "sweep/output/AdaptiveOverview.hpp"
#include "sweep/run/AdaptiveRun.hpp"
#include "sweep/run/SweepRunner.hpp"
#include "sweep/scale/MergeRuns.hpp"
#include "tests/TempDir.hpp"
#include "tests/TestData.hpp"
#include "tests/sweep/SweepFixtures.hpp"

using namespace blindspot;
using namespace blindspot::testing;
namespace fs = std::filesystem;

namespace {

// Sees cars only within 11 m, so the target IoU depends on where the car stands.
class NearSightedSegmenter : public OracleSegmenter {
  public:
    std::vector<int> predict(const ScanGrid& scan) override {
        std::vector<int> out = OracleSegmenter::predict(scan);
        for (std::size_t i = 0; i < out.size(); ++i)
            if (out[i] > 0 && scan.range_m[i] > 11.0f) out[i] = 0;
        return out;
    }
    std::string checkpointHash() const override { return "near-sighted"; }
};

SweepConfig adaptiveSweep(const fs::path& dir) {
    std::ofstream(dir / "adaptive.json") << R"({"name": "adaptive", "lidar": "vlp16",
      "sampler": {"type": "adaptive", "n": 24, "batch": 8, "initial": 8, "seed": 4,
                  "objective": {"metric": "target", "below": 0.5}},
      "dimensions": {"x_m": {"range": {"start": 6, "stop": 16, "step": 2}},
                     "y_m": {"values": [-2, 2]},
                     "background": {"values": ["urban-01", "urban-02"]}}})";
    return loadSweepConfig((dir / "adaptive.json").string(), catalogue());
}

RunnerOptions scored(const fs::path& run, int jobs) {
    RunnerOptions o = options(run, jobs);
    o.segmenter = [] { return std::make_unique<NearSightedSegmenter>(); };
    return o;
}

}  // namespace

TEST(AdaptiveSweep, ResumesAndRunsTheSameScenesWithOneOrTwoWorkers) {
    const auto dir = freshTempDir("adaptive-sweep");
    const SweepConfig config = adaptiveSweep(dir);
    const RunSummary one = runSweep(config, carModels(), scored(dir / "one", 1));
    EXPECT_EQ(one.planned, 24u);
    EXPECT_EQ(one.done, 24u);
    runSweep(config, carModels(), scored(dir / "two", 2));
    EXPECT_TRUE(sameRows(rows(dir / "one"), rows(dir / "two")));

    RunnerOptions killed = scored(dir / "resumed", 1);
    killed.stop_after = 11;  // inside the second batch
    EXPECT_EQ(runSweep(config, carModels(), killed).done, 11u);
    const RunSummary resumed = runSweep(config, carModels(), scored(dir / "resumed", 1));
    EXPECT_EQ(resumed.skipped, 11u);
    EXPECT_EQ(resumed.done, 13u);
    EXPECT_TRUE(sameRows(rows(dir / "one"), rows(dir / "resumed")));
    const auto shards = ResultsStore((dir / "resumed" / "results.sqlite").string()).shards();
    ASSERT_EQ(shards.size(), 1u);
    EXPECT_FALSE(shards[0].finished_at.empty());
}

TEST(AdaptiveSweep, TheReportShowsWhereTheScenesWentAndTheEstimatedRegion) {
    const auto dir = freshTempDir("adaptive-overview");
    const SweepConfig config = adaptiveSweep(dir);
    runSweep(config, carModels(), scored(dir / "run", 2));
    const LoadedRun run = loadScoredRun((dir / "run").string());
    MapOptions o;
    o.metric.class_name = "target";
    const MiouMap map = buildMiouMap(run.scenes, o);
    const auto overview = adaptiveOverview(run, map, catalogue(), defaultDimensions());
    ASSERT_TRUE(overview);
    ASSERT_EQ(overview->points.size(), 12u);  // x 6..16 by y -2, 2
    std::size_t dots = 0;
    for (std::size_t c = 0; c < 12; ++c) {
        dots += overview->points[c].size();
        ASSERT_TRUE(overview->values[c]);
        EXPECT_EQ(overview->outlined[c], *overview->values[c] > 0.5);
    }
    EXPECT_EQ(dots, 24u);
    // select --estimated-region: every outlined cell, measured or not.
    SelectionRule rule;
    rule.region = overview->outlined;
    const Selection selected = selectCells(map, rule, "run");
    EXPECT_EQ(selected.cells.size(),
              std::size_t(std::count(overview->outlined.begin(), overview->outlined.end(), true)));
    EXPECT_EQ(toJson(selected)["rule"], nlohmann::json({{"estimated_region", true}}));
    // A grid run has no such picture.
    runSweep(loadSweepConfig(writeConfig(dir, 2, 1).string(), catalogue()), carModels(),
             scored(dir / "grid", 1));
    EXPECT_FALSE(adaptiveOverview(loadScoredRun((dir / "grid").string()), map, catalogue(),
                                  defaultDimensions()));
}

TEST(AdaptiveSweep, NeedsScoresAndPeersWhenSharded) {
    const auto dir = freshTempDir("adaptive-sweep-errors");
    const SweepConfig config = adaptiveSweep(dir);
    EXPECT_THROW(runSweep(config, carModels(), options(dir / "scans", 1)), ConfigError);
    RunnerOptions sharded = scored(dir / "sharded", 1);
    sharded.shard = {0, 2};
    EXPECT_THROW(runSweep(config, carModels(), sharded), ConfigError);
}

TEST(AdaptiveSweep, ShardsInLockstepMergeToTheUnshardedRun) {
    const auto dir = freshTempDir("adaptive-shards");
    const SweepConfig config = adaptiveSweep(dir);
    runSweep(config, carModels(), scored(dir / "one", 1));
    // Two shards at once, each reading the other's scores from its store between batches.
    std::vector<RunSummary> summaries(2);
    const auto shard = [&](int i) {
        RunnerOptions o = scored(dir / ("shard-" + std::to_string(i)), 1);
        o.shard = {i, 2};
        o.shard_peers = (dir / "shard-{i}").string();
        summaries[std::size_t(i)] = runSweep(config, carModels(), o);
    };
    std::thread other(shard, 1);
    shard(0);
    other.join();
    EXPECT_EQ(summaries[0].done + summaries[1].done, 24u);
    EXPECT_EQ(summaries[0].planned, 12u);  // positions 0, 2, ... of batches of 8
    const MergeSummary merged = mergeRuns({(dir / "shard-0").string(), (dir / "shard-1").string()},
                                          (dir / "merged").string());
    EXPECT_TRUE(merged.coverage.complete());
    EXPECT_TRUE(sameRows(rows(dir / "one"), rows(dir / "merged")));
}

TEST(AdaptiveSweep, TheObjectiveIsAClassIouOrTheTargetPoints) {
    SceneRow row;
    row.target_points = 42;
    row.classes.push_back({"target", 5, 1, 4, 0.5, 5.0 / 6.0, 5.0 / 9.0});
    row.classes.push_back({"pedestrian", 0, 0, 0, std::nullopt, std::nullopt, std::nullopt});
    EXPECT_DOUBLE_EQ(objectiveScore(row, "target"), 0.5);
    EXPECT_DOUBLE_EQ(objectiveScore(row, "target_points"), 42.0);
    EXPECT_TRUE(std::isnan(objectiveScore(row, "pedestrian")));
    EXPECT_TRUE(std::isnan(objectiveScore(row, "cyclist")));
}

TEST(AdaptiveSweep, ABudgetLargerThanTheSpaceFinishesWithEveryPoint) {
    const auto dir = freshTempDir("adaptive-small-space");
    std::ofstream(dir / "small.json") << R"({"name": "small", "lidar": "vlp16",
      "sampler": {"type": "adaptive", "n": 40, "batch": 8, "initial": 8, "seed": 2,
                  "objective": {"metric": "target", "below": 0.5}},
      "dimensions": {"x_m": {"values": [6, 9, 12]}, "y_m": {"values": [-2, 2]},
                     "background": {"values": ["urban-01", "urban-02"]}}})";
    const SweepConfig config = loadSweepConfig((dir / "small.json").string(), catalogue());
    const RunSummary s = runSweep(config, carModels(), scored(dir / "run", 1));
    EXPECT_EQ(s.done, 12u);
    EXPECT_EQ(s.planned, 12u);
    const auto shards = ResultsStore((dir / "run" / "results.sqlite").string()).shards();
    ASSERT_EQ(shards.size(), 1u);
    EXPECT_FALSE(shards[0].finished_at.empty());
    EXPECT_EQ(shards[0].planned, 12);
}

// Merging shards: a missing or unfinished shard is refused with a line naming it, unless
// --allow-partial, and merging again once the shard finished completes the run.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <thread>

#include "core/base/Error.hpp"
#include "sweep/run/SweepRunner.hpp"
#include "sweep/scale/MergeRuns.hpp"
#include "tests/TempDir.hpp"
#include "tests/TestData.hpp"
#include "tests/sweep/SweepFixtures.hpp"

using namespace blindspot;
using namespace blindspot::testing;
namespace fs = std::filesystem;

namespace {

// The message of the exception `f` throws, or "" when it throws none of type E.
template <class E, class F>
std::string messageOf(F f) {
    try {
        f();
    } catch (const E& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST(MergeRuns, RefusesAMissingOrUnfinishedShardUnlessPartial) {
    const auto dir = freshTempDir("merge-partial");
    const SweepConfig config = loadSweepConfig(writeConfig(dir, 3, 1).string(), catalogue());
    runSweep(config, carModels(), options(dir / "all", 1));  // 24 scenes
    std::vector<std::string> shards;
    for (int i = 0; i < 3; ++i) {
        RunnerOptions o = options(dir / ("shard" + std::to_string(i)), 1);
        o.shard = {i, 3};
        if (i == 2) o.stop_after = 3;  // killed after 3 of its 8 scenes
        runSweep(config, carModels(), o);
        shards.push_back(o.run_dir);
    }
    const std::string out = (dir / "merged").string();

    const std::string missing = messageOf<ConfigError>([&] {
        mergeRuns({shards[0], shards[1]}, out);
    });
    EXPECT_NE(missing.find("shard 2/3 missing"), std::string::npos) << missing;
    const std::string unfinished = messageOf<FileError>([&] { mergeRuns(shards, out); });
    EXPECT_NE(unfinished.find((dir / "shard2" / "results.sqlite").string()), std::string::npos)
        << unfinished;
    EXPECT_NE(unfinished.find("shard 2/3 unfinished: 3 of 8 scenes"), std::string::npos)
        << unfinished;
    EXPECT_FALSE(fs::exists(out)) << "a refused merge writes nothing";

    const MergeSummary partial = mergeRuns(shards, out, defaultDimensions(), true);
    EXPECT_EQ(partial.added, 19u);
    EXPECT_EQ(partial.coverage.shard_count, 3);
    EXPECT_EQ(partial.coverage.design_size, 24);
    EXPECT_EQ(partial.coverage.unfinished, std::vector<int>{2});
    EXPECT_EQ(partial.coverage.scenesDone(), 19);

    // The killed shard resumes its own store (never duplicating a scene); merging again completes.
    RunnerOptions resume = options(dir / "shard2", 1);
    resume.shard = {2, 3};
    const RunSummary resumed = runSweep(config, carModels(), resume);
    EXPECT_EQ(resumed.skipped, 3u);
    EXPECT_EQ(resumed.done, 5u);
    const MergeSummary full = mergeRuns(shards, out);
    EXPECT_EQ(full.added, 5u);
    EXPECT_TRUE(full.coverage.complete());
    EXPECT_TRUE(sameRows(rows(dir / "all"), rows(dir / "merged")));
    const auto recorded = ResultsStore((dir / "merged" / "results.sqlite").string()).shards();
    ASSERT_EQ(recorded.size(), 3u);
    for (const auto& s : recorded) EXPECT_FALSE(s.finished_at.empty());
}

TEST(MergeRuns, RefusesShardsOfAnotherSplit) {
    const auto dir = freshTempDir("merge-split");
    const SweepConfig config = loadSweepConfig(writeConfig(dir, 2, 1).string(), catalogue());
    RunnerOptions a = options(dir / "a", 1), b = options(dir / "b", 1);
    a.shard = {0, 2};
    b.shard = {1, 4};
    runSweep(config, carModels(), a);
    runSweep(config, carModels(), b);
    const std::string split = messageOf<ConfigError>([&] {
        mergeRuns({a.run_dir, b.run_dir}, (dir / "merged").string());
    });
    EXPECT_NE(split.find("shard 1/4"), std::string::npos) << split;
    EXPECT_NE(split.find("N = 2"), std::string::npos) << split;
}

TEST(MergeRuns, AFinishedShardRunAgainKeepsItsFinishTime) {
    const auto dir = freshTempDir("merge-rerun");
    const SweepConfig config = loadSweepConfig(writeConfig(dir, 2, 1).string(), catalogue());
    RunnerOptions o = options(dir / "run", 1);
    o.shard = {1, 2};
    runSweep(config, carModels(), o);
    const auto before = ResultsStore((dir / "run" / "results.sqlite").string()).shards();
    std::this_thread::sleep_for(std::chrono::milliseconds(1100));  // time stamps have seconds
    runSweep(config, carModels(), o);
    const auto after = ResultsStore((dir / "run" / "results.sqlite").string()).shards();
    ASSERT_EQ(before.size(), 1u);
    ASSERT_EQ(after.size(), 1u);
    EXPECT_EQ(after[0].finished_at, before[0].finished_at);
    EXPECT_EQ(after[0].done, 8);
    EXPECT_EQ(after[0].planned, 8);
    EXPECT_EQ(after[0].design_size, 16);
}

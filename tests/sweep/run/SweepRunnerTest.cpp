#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "core/base/AtomicFile.hpp"
#include "core/base/Error.hpp"
#include "core/scan/ScanIo.hpp"
#include "core/segmentation/LearningMap.hpp"
#include "models/network/Network.hpp"
#include "sweep/run/SweepRunner.hpp"
#include "sweep/scale/MergeRuns.hpp"
#include "sweep/store/RunDirectory.hpp"
#include "tests/TempDir.hpp"
#include "tests/TestData.hpp"
#include "tests/TestPaths.hpp"
#include "tests/sweep/CachedScanOf.hpp"
#include "tests/sweep/SweepFixtures.hpp"

using namespace blindspot;
using namespace blindspot::testing;
namespace fs = std::filesystem;

TEST(SweepRunner, JobsOneAndTwoGiveIdenticalResults) {
    const auto dir = blindspot::testing::freshTempDir("runner-jobs");
    const SweepConfig config =
        loadSweepConfig(writeConfig(dir, 3, 2).string(), blindspot::testing::catalogue());
    RunnerOptions one = options(dir / "one", 1), two = options(dir / "two", 2);
    one.segmenter = two.segmenter = [] { return std::make_unique<OracleSegmenter>(); };
    EXPECT_EQ(runSweep(config, blindspot::testing::carModels(), one).done, 24u);
    EXPECT_EQ(runSweep(config, blindspot::testing::carModels(), two).done, 24u);
    const auto a = rows(dir / "one"), b = rows(dir / "two");
    ASSERT_EQ(a.size(), 24u);
    EXPECT_TRUE(sameRows(a, b));
    for (const auto& s : a) {
        EXPECT_EQ(s.cars.size(), 2u);  // count = 2: one extra car on a free spot
        std::ifstream x((dir / "one" / "scans" / s.scene_id / "scan.zst").string(),
                        std::ios::binary);
        std::ifstream y((dir / "two" / "scans" / s.scene_id / "scan.zst").string(),
                        std::ios::binary);
        const std::string bx((std::istreambuf_iterator<char>(x)), {}),
            by((std::istreambuf_iterator<char>(y)), {});
        ASSERT_FALSE(bx.empty());
        EXPECT_TRUE(bx == by) << s.scene_id;
        // The oracle scores perfectly on the classes it sees.
        for (const auto& c : s.classes)
            if (c.tp > 0) {
                EXPECT_DOUBLE_EQ(*c.iou, 1.0) << c.class_name;
            }
    }
    // A second run of the same command skips everything.
    const RunSummary again = runSweep(config, blindspot::testing::carModels(), one);
    EXPECT_EQ(again.skipped, 24u);
    EXPECT_EQ(again.done, 0u);
}

TEST(SweepRunner, ShardsPlusMergeEqualTheUnshardedRun) {
    const auto dir = blindspot::testing::freshTempDir("runner-shards");
    const SweepConfig config =
        loadSweepConfig(writeConfig(dir, 3, 1).string(), blindspot::testing::catalogue());
    runSweep(config, blindspot::testing::carModels(), options(dir / "all", 2));
    std::vector<std::string> shards;
    for (int i = 0; i < 3; ++i) {
        RunnerOptions o = options(dir / ("shard" + std::to_string(i)), 1);
        o.shard = {i, 3};
        EXPECT_EQ(runSweep(config, blindspot::testing::carModels(), o).planned, 8u);
        shards.push_back(o.run_dir);
    }
    EXPECT_EQ(mergeRuns(shards, (dir / "merged").string()).added, 24u);
    EXPECT_TRUE(sameRows(rows(dir / "all"), rows(dir / "merged")));
    EXPECT_TRUE(
        fs::exists(dir / "merged" / "scans" / rows(dir / "all").front().scene_id / "scan.zst"));
    // A run of another config refuses to merge.
    const auto other_dir = dir / "other";
    fs::create_directories(other_dir);
    const SweepConfig other =
        loadSweepConfig(writeConfig(other_dir, 2, 1).string(), blindspot::testing::catalogue());
    runSweep(other, blindspot::testing::carModels(), options(dir / "otherrun", 1));
    EXPECT_THROW(
        mergeRuns({(dir / "all").string(), (dir / "otherrun").string()}, (dir / "bad").string()),
        ConfigError);
}

TEST(SweepRunner, AutoShardsOfASlurmArrayMergeToTheUnshardedRun) {
    // Three array tasks as sbatch --array=0-2 would start them: --shard auto reads
    // SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT.
    const auto dir = blindspot::testing::freshTempDir("runner-auto-shards");
    const fs::path config = writeConfig(dir, 3, 1);  // 24 scenes
    runSweep(loadSweepConfig(config.string(), blindspot::testing::catalogue()),
             blindspot::testing::carModels(), options(dir / "all", 2));
    std::vector<std::string> shards;
    for (int i = 0; i < 3; ++i) {
        const fs::path run = dir / ("task" + std::to_string(i));
        const std::string cmd = "SLURM_ARRAY_TASK_ID=" + std::to_string(i) +
                                " SLURM_ARRAY_TASK_COUNT=3 " + BLINDSPOT_CLI + " sweep " +
                                config.string() + " -o " + run.string() +
                                " --shard auto --scans-only > /dev/null 2>&1";
        ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
        EXPECT_EQ(rows(run).size(), 8u);
        shards.push_back(run.string());
    }
    EXPECT_EQ(mergeRuns(shards, (dir / "merged").string()).added, 24u);
    EXPECT_TRUE(sameRows(rows(dir / "all"), rows(dir / "merged")));
}

TEST(SweepRunner, ResumeAfterKillGivesTheFullSetOnce) {
    const auto dir = blindspot::testing::freshTempDir("runner-kill");
    const fs::path config = writeConfig(dir, 10, 1);  // 80 scenes
    const fs::path run = dir / "run";
    const pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        if (!::freopen("/dev/null", "w", stdout) || !::freopen("/dev/null", "w", stderr))
            _exit(126);
        execl(BLINDSPOT_CLI, BLINDSPOT_CLI, "sweep", config.c_str(), "-o", run.c_str(),
              "--scans-only", "--jobs", "2", static_cast<char*>(nullptr));
        _exit(127);
    }
    // Kill it mid-run, once some scenes are stored.
    std::size_t stored = 0;
    for (int i = 0; i < 600 && stored < 5; ++i) {
        usleep(20 * 1000);
        // Issue 55: the poll reads; it never creates or migrates the child's store.
        if (fs::exists(run / "results.sqlite"))
            stored = ResultsStore((run / "results.sqlite").string(), defaultDimensions(),
                                  SqliteAccess::ReadOnly)
                         .finishedSceneIds()
                         .size();
    }
    kill(child, SIGKILL);
    int status = 0;
    waitpid(child, &status, 0);
    ASSERT_TRUE(WIFSIGNALED(status)) << "the run finished before it could be killed";
    const std::size_t before =
        ResultsStore((run / "results.sqlite").string(), defaultDimensions(), SqliteAccess::ReadOnly)
            .finishedSceneIds()
            .size();
    // Issue 20: both ends, or the resume is not tested: some scenes stored, not all.
    EXPECT_GE(before, 5u) << "killed before any scene was stored";
    EXPECT_LT(before, 80u);
    const std::string cmd = std::string(BLINDSPOT_CLI) + " sweep " + config.string() + " -o " +
                            run.string() + " --scans-only --jobs 2 > /dev/null 2>&1";
    ASSERT_EQ(std::system(cmd.c_str()), 0);
    const auto scenes = rows(run);
    EXPECT_EQ(scenes.size(), 80u);
    std::set<std::string> ids;
    for (const auto& s : scenes) ids.insert(s.scene_id);
    EXPECT_EQ(ids.size(), 80u);
}

TEST(SweepRunner, SharedScanCacheSkipsRayCastingForASecondRun) {
    const auto dir = blindspot::testing::freshTempDir("runner-cache");
    const SweepConfig config =
        loadSweepConfig(writeConfig(dir, 3, 2).string(), blindspot::testing::catalogue());
    RunnerOptions first = options(dir / "first", 2), second = options(dir / "second", 1);
    first.scan_cache_dir = second.scan_cache_dir = (dir / "cache").string();
    first.segmenter = second.segmenter = [] { return std::make_unique<OracleSegmenter>(); };
    EXPECT_EQ(runSweep(config, blindspot::testing::carModels(), first).cache_hits, 0u);
    const RunSummary s = runSweep(config, blindspot::testing::carModels(), second);
    EXPECT_EQ(s.cache_hits, 24u);
    EXPECT_EQ(s.stage_seconds.count("scan"), 0u);  // no ray was cast
    EXPECT_TRUE(sameRows(rows(dir / "first"), rows(dir / "second")));
    // The cached scan is the scan, bit for bit.
    const auto id = rows(dir / "first").front().scene_id;
    const ScanGrid cached = blindspot::testing::cachedScanOf(dir / "cache", id);
    EXPECT_GT(cached.validCount(), 1000u);
    EXPECT_EQ(cached.rows(), 16);
}

// A damaged cache entry (one flipped byte in scan.zst, a truncated scan.zst, scan.json cut short)
// fails its checksum or its parse: it is cast again, rewritten, and the results do not change.
TEST(SweepRunner, DamagedCacheEntriesAreCastAgainNotTrusted) {
    const auto dir = blindspot::testing::freshTempDir("runner-damaged-cache");
    const SweepConfig config =
        loadSweepConfig(writeConfig(dir, 3, 1).string(), blindspot::testing::catalogue());
    RunnerOptions first = options(dir / "first", 1), second = options(dir / "second", 1);
    first.scan_cache_dir = second.scan_cache_dir = (dir / "cache").string();
    first.segmenter = second.segmenter = [] { return std::make_unique<OracleSegmenter>(); };
    ASSERT_EQ(runSweep(config, blindspot::testing::carModels(), first).done, 24u);
    const auto ids = rows(dir / "first");
    const fs::path flipped = dir / "cache" / ids[0].scene_id / "scan.zst";
    const std::string original = readFileBytes(flipped.string());
    std::string bytes = original;
    bytes[bytes.size() / 2] ^= 0x10;  // inside the frame: only the checksum sees it
    writeFileAtomic(flipped.string(), bytes);
    const fs::path truncated = dir / "cache" / ids[1].scene_id / "scan.zst";
    writeFileAtomic(truncated.string(), readFileBytes(truncated.string()).substr(0, 1000));
    const fs::path cut = dir / "cache" / ids[2].scene_id / "scan.json";
    writeFileAtomic(cut.string(), readFileBytes(cut.string()).substr(0, 100));

    const RunSummary s = runSweep(config, blindspot::testing::carModels(), second);
    EXPECT_EQ(s.cache_hits, 21u);  // the three damaged entries were cast again
    EXPECT_TRUE(sameRows(rows(dir / "first"), rows(dir / "second")));
    EXPECT_EQ(readFileBytes(flipped.string()), original);  // rewritten, bit for bit
    EXPECT_TRUE(RunDirectory((dir / "x").string(), (dir / "cache").string())
                    .readScan(ids[1].scene_id, "")
                    .has_value());
}

TEST(SweepRunner, SharedScanCacheIsNeverReusedForAnotherSensor) {
    // Issue 20: the scene id once ignored the config's top-level "lidar", so an HDL-64E run reused
    // a VLP-16 run's cached scans. The id now covers the spec's content.
    const auto dir = blindspot::testing::freshTempDir("runner-cache-sensor");
    const fs::path vlp16_path = writeConfig(dir, 2, 1);
    std::ifstream in(vlp16_path);
    std::string text((std::istreambuf_iterator<char>(in)), {});
    text.replace(text.find("\"vlp16\""), 7, "\"hdl64e\"");
    std::ofstream(dir / "hdl64e.json") << text;
    const SweepConfig vlp16 = loadSweepConfig(vlp16_path.string(), catalogue());
    const SweepConfig hdl64e = loadSweepConfig((dir / "hdl64e.json").string(), catalogue());
    RunnerOptions first = options(dir / "vlp16", 2), second = options(dir / "hdl64e", 2);
    first.scan_cache_dir = second.scan_cache_dir = (dir / "cache").string();
    EXPECT_EQ(runSweep(vlp16, carModels(), first).done, 16u);
    const RunSummary s = runSweep(hdl64e, carModels(), second);
    EXPECT_EQ(s.done, 16u);
    EXPECT_EQ(s.cache_hits, 0u);
    for (const auto& row : rows(dir / "hdl64e"))
        EXPECT_EQ(blindspot::testing::cachedScanOf(dir / "cache", row.scene_id).rows(), 64);
    // A cached scan whose recorded spec is not this sweep's is an error naming the file, not a
    // reuse (a cache written by hand, or by another build).
    const std::string id = rows(dir / "vlp16").front().scene_id;
    const fs::path json = dir / "cache" / id / "scan.json";
    nlohmann::json summary = nlohmann::json::parse(std::ifstream(json));
    summary["lidar_spec_hash"] = "0123456789abcdef";
    std::ofstream(json) << summary.dump();
    RunnerOptions third = options(dir / "third", 1);
    third.scan_cache_dir = first.scan_cache_dir;
    try {
        runSweep(vlp16, carModels(), third);
        ADD_FAILURE() << "a cached scan of another spec was reused";
    } catch (const FileError& e) {
        EXPECT_NE(std::string(e.what()).find(json.string() + ": /lidar_spec_hash: expected "),
                  std::string::npos)
            << e.what();
    }
    // A damaged entry (hand-edited, half-restored) is a FileError naming the file and the JSON
    // path (exit 4), where raw .at() reads once made it an internal error.
    nlohmann::json damaged = nlohmann::json::parse(std::ifstream(dir / "cache" / id / "scan.json"));
    damaged.erase("lidar_spec_hash");
    damaged["cars"][0]["visible_points"] = "many";
    std::ofstream(json) << damaged.dump();
    const RunDirectory cache((dir / "fourth").string(), first.scan_cache_dir);
    try {
        cache.readScan(id, "");
        ADD_FAILURE() << "a damaged cache entry was read";
    } catch (const FileError& e) {
        EXPECT_NE(std::string(e.what()).find(json.string() + ": /cars/0/visible_points: "),
                  std::string::npos)
            << e.what();
    }
}

TEST(SweepRunner, BundledBaselineScoresIdenticallyWithOneOrTwoJobs) {
    const auto dir = blindspot::testing::freshTempDir("runner-network");
    const fs::path path = dir / "net.json";
    std::ofstream(path) << R"({"name": "net", "lidar": "hdl64e-kitti", "sampler": {"type": "grid"},
        "dimensions": {"car_model": {"values": ["sedan", "van"]},
        "x": {"values": [8, 14]}, "y": {"values": [-2, 2]},
        "background": {"values": ["urban-01"]}}})";
    const SweepConfig config = loadSweepConfig(path.string(), blindspot::testing::catalogue());
    std::shared_ptr<const SegmentationNetwork> net =
        SegmentationNetwork::load(blindspot::testing::baselineCheckpoint());
    RunnerOptions one = options(dir / "one", 1), two = options(dir / "two", 2);
    one.batch = 3;  // batches straddle the workers' chunks
    two.batch = 3;
    one.segmenter = two.segmenter = [net] { return makeNetworkSegmenter(net); };
    EXPECT_EQ(runSweep(config, blindspot::testing::carModels(), one).done, 8u);
    EXPECT_EQ(runSweep(config, blindspot::testing::carModels(), two).done, 8u);
    const auto a = rows(dir / "one"), b = rows(dir / "two");
    EXPECT_TRUE(sameRows(a, b));
    // The baseline finds the target car: car IoU is well above zero in every scene.
    for (const auto& s : a) {
        ASSERT_EQ(s.classes.size(), 14u);  // the network's 13 classes and the target row
        const auto target = std::find_if(s.classes.begin(), s.classes.end(), [](const ClassRow& c) {
            return c.class_name == "target";
        });
        ASSERT_NE(target, s.classes.end());
        EXPECT_EQ(target->tp + target->fn, s.target_points) << s.scene_id;  // all in the grid
        const auto car = std::find_if(s.classes.begin(), s.classes.end(),
                                      [](const ClassRow& c) { return c.class_name == "car"; });
        ASSERT_NE(car, s.classes.end());
        ASSERT_TRUE(car->iou.has_value());
        EXPECT_GT(*car->iou, 0.3) << s.scene_id;
    }
    // A LiDAR that cannot see the network's grid is refused with a clear error.
    std::ofstream(dir / "vlp.json")
        << R"({"name": "vlp", "lidar": "vlp16", "sampler": {"type": "grid"},
        "dimensions": {"x": {"value": 8}, "background": {"value": "urban-01"}}})";
    RunnerOptions vlp = options(dir / "vlp", 1);
    vlp.segmenter = one.segmenter;
    EXPECT_THROW(
        runSweep(loadSweepConfig((dir / "vlp.json").string(), blindspot::testing::catalogue()),
                 blindspot::testing::carModels(), vlp),
        ConfigError);
}

TEST(SweepRunner, PredictionsAreStoredPerSceneWithTheirClasses) {
    const auto dir = blindspot::testing::freshTempDir("runner-predictions");
    const SweepConfig config =
        loadSweepConfig(writeConfig(dir, 1, 1).string(), blindspot::testing::catalogue());
    RunnerOptions o = options(dir / "run", 1);
    o.segmenter = [] { return std::make_unique<OracleSegmenter>(); };
    runSweep(config, blindspot::testing::carModels(), o);
    const RunDirectory run(o.run_dir);
    const LearningMap map = run.readClasses();
    EXPECT_EQ(map.classes, squeezeSegLearningMap().classes);
    for (const auto& row : rows(dir / "run")) {
        const ScanGrid scan = blindspot::testing::cachedScanOf(dir / "run" / "scans", row.scene_id);
        const auto predicted = run.readPredictions(row.scene_id, scan.cellCount());
        OracleSegmenter oracle;
        EXPECT_EQ(predicted, oracle.predict(scan)) << row.scene_id;
    }
    EXPECT_THROW(run.readPredictions("0000000000000000", 10), FileError);
}

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "core/Error.hpp"
#include "core/LearningMap.hpp"
#include "core/ScanIo.hpp"
#include "models/Network.hpp"
#include "sweep/RetrainingExport.hpp"
#include "sweep/SampleScanner.hpp"
#include "sweep/SweepRunner.hpp"
#include "tests/TempDir.hpp"

using namespace blindspot;
namespace fs = std::filesystem;

namespace {

// Ground truth as prediction: a test-only stand-in for the network.
class OracleSegmenter : public Segmenter {
  public:
    std::vector<std::string> classNames() const override { return map_.classes; }
    int classOf(std::uint16_t label) const override { return map_.classOf(label); }
    std::vector<int> predict(const ScanGrid& scan) override {
        std::vector<int> out(scan.cellCount(), -1);
        for (std::size_t i = 0; i < scan.cellCount(); ++i)
            if (scan.valid(i)) out[i] = map_.classOf(scan.label[i]);
        return out;
    }
    std::string checkpointHash() const override { return "oracle"; }

  private:
    LearningMap map_ = squeezeSegLearningMap();
};

fs::path writeConfig(const fs::path& dir, int x_count, int count) {
    const fs::path path = dir / "small.json";
    std::ofstream(path)
        << R"({"name": "small", "lidar": "vlp16", "sampler": {"type": "grid"}, "dimensions": {
        "car_model": {"values": ["sedan", "van"]},
        "x": {"range": {"start": 6, "stop": )"
        << 6 + 2 * (x_count - 1) << R"(, "step": 2}},
        "y": {"values": [-2, 2]},
        "count": {"value": )"
        << count << R"(},
        "background": {"values": ["urban-01", "urban-02"]}}})";
    return path;
}

std::vector<SceneRow> rows(const fs::path& run) {
    auto scenes = ResultsStore((run / "results.sqlite").string()).scenes();
    for (auto& s : scenes) s.seconds = 0;  // timing is the one thing allowed to differ
    return scenes;
}

bool sameRows(const std::vector<SceneRow>& a, const std::vector<SceneRow>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (a[i].scene_id != b[i].scene_id || a[i].sample != b[i].sample ||
            a[i].valid_points != b[i].valid_points || a[i].target_points != b[i].target_points ||
            a[i].cars.size() != b[i].cars.size() || a[i].classes.size() != b[i].classes.size())
            return false;
        for (std::size_t c = 0; c < a[i].cars.size(); ++c)
            if (a[i].cars[c].visible_points != b[i].cars[c].visible_points ||
                a[i].cars[c].unoccluded_points != b[i].cars[c].unoccluded_points)
                return false;
        for (std::size_t c = 0; c < a[i].classes.size(); ++c)
            if (a[i].classes[c].tp != b[i].classes[c].tp ||
                a[i].classes[c].fp != b[i].classes[c].fp ||
                a[i].classes[c].fn != b[i].classes[c].fn)
                return false;
    }
    return true;
}

RunnerOptions options(const fs::path& run, int jobs) {
    RunnerOptions o;
    o.run_dir = run.string();
    o.jobs = jobs;
    o.progress = false;
    return o;
}

}  // namespace

TEST(SweepRunner, JobsOneAndTwoGiveIdenticalResults) {
    const auto dir = blindspot::testing::freshTempDir("runner-jobs");
    const SweepConfig config = loadSweepConfig(writeConfig(dir, 3, 2).string(), defaultCatalogue());
    RunnerOptions one = options(dir / "one", 1), two = options(dir / "two", 2);
    one.segmenter = two.segmenter = [] { return std::make_unique<OracleSegmenter>(); };
    EXPECT_EQ(runSweep(config, one).done, 24u);
    EXPECT_EQ(runSweep(config, two).done, 24u);
    const auto a = rows(dir / "one"), b = rows(dir / "two");
    ASSERT_EQ(a.size(), 24u);
    EXPECT_TRUE(sameRows(a, b));
    for (const auto& s : a) {
        EXPECT_EQ(s.cars.size(), 2u);  // count = 2: one extra car on a free spot
        std::ifstream x((dir / "one" / "scans" / s.scene_id / "scan.pcd").string(),
                        std::ios::binary);
        std::ifstream y((dir / "two" / "scans" / s.scene_id / "scan.pcd").string(),
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
    const RunSummary again = runSweep(config, one);
    EXPECT_EQ(again.skipped, 24u);
    EXPECT_EQ(again.done, 0u);
}

TEST(SweepRunner, ShardsPlusMergeEqualTheUnshardedRun) {
    const auto dir = blindspot::testing::freshTempDir("runner-shards");
    const SweepConfig config = loadSweepConfig(writeConfig(dir, 3, 1).string(), defaultCatalogue());
    runSweep(config, options(dir / "all", 2));
    std::vector<std::string> shards;
    for (int i = 0; i < 3; ++i) {
        RunnerOptions o = options(dir / ("shard" + std::to_string(i)), 1);
        o.shard = {i, 3};
        EXPECT_EQ(runSweep(config, o).planned, 8u);
        shards.push_back(o.run_dir);
    }
    EXPECT_EQ(mergeRuns(shards, (dir / "merged").string()), 24u);
    EXPECT_TRUE(sameRows(rows(dir / "all"), rows(dir / "merged")));
    EXPECT_TRUE(
        fs::exists(dir / "merged" / "scans" / rows(dir / "all").front().scene_id / "scan.pcd"));
    // A run of another config refuses to merge.
    const auto other_dir = dir / "other";
    fs::create_directories(other_dir);
    const SweepConfig other =
        loadSweepConfig(writeConfig(other_dir, 2, 1).string(), defaultCatalogue());
    runSweep(other, options(dir / "otherrun", 1));
    EXPECT_THROW(
        mergeRuns({(dir / "all").string(), (dir / "otherrun").string()}, (dir / "bad").string()),
        ConfigError);
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
        if (fs::exists(run / "results.sqlite"))
            stored = ResultsStore((run / "results.sqlite").string()).finishedSceneIds().size();
    }
    kill(child, SIGKILL);
    int status = 0;
    waitpid(child, &status, 0);
    ASSERT_TRUE(WIFSIGNALED(status)) << "the run finished before it could be killed";
    const std::size_t before =
        ResultsStore((run / "results.sqlite").string()).finishedSceneIds().size();
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

TEST(SweepRunner, ShardSpecIsChecked) {
    EXPECT_EQ(parseShard("2/4").index, 2);
    for (const char* bad : {"3/2", "2/2", "-1/2", "1/0", "1", "a/b", "1/2x"})
        EXPECT_THROW(parseShard(bad), ConfigError) << bad;
}

TEST(SweepRunner, SharedScanCacheSkipsRayCastingForASecondRun) {
    const auto dir = blindspot::testing::freshTempDir("runner-cache");
    const SweepConfig config = loadSweepConfig(writeConfig(dir, 3, 2).string(), defaultCatalogue());
    RunnerOptions first = options(dir / "first", 2), second = options(dir / "second", 1);
    first.scan_cache_dir = second.scan_cache_dir = (dir / "cache").string();
    first.segmenter = second.segmenter = [] { return std::make_unique<OracleSegmenter>(); };
    EXPECT_EQ(runSweep(config, first).cache_hits, 0u);
    const RunSummary s = runSweep(config, second);
    EXPECT_EQ(s.cache_hits, 24u);
    EXPECT_EQ(s.stage_seconds.count("scan"), 0u);  // no ray was cast
    EXPECT_TRUE(sameRows(rows(dir / "first"), rows(dir / "second")));
    // The cached scan is the scan, bit for bit.
    const auto id = rows(dir / "first").front().scene_id;
    const ScanGrid cached = readScanDirectory((dir / "cache" / id).string());
    EXPECT_GT(cached.validCount(), 1000u);
    EXPECT_EQ(cached.rows(), 16);
}

TEST(SweepRunner, BundledBaselineScoresIdenticallyWithOneOrTwoJobs) {
    const auto dir = blindspot::testing::freshTempDir("runner-network");
    const fs::path path = dir / "net.json";
    std::ofstream(path) << R"({"name": "net", "lidar": "hdl64e", "sampler": {"type": "grid"},
        "dimensions": {"car_model": {"values": ["sedan", "van"]},
        "x": {"values": [8, 14]}, "y": {"values": [-2, 2]},
        "background": {"values": ["urban-01"]}}})";
    const SweepConfig config = loadSweepConfig(path.string(), defaultCatalogue());
    std::shared_ptr<const SegmentationNetwork> net = SegmentationNetwork::load(
        std::string(BLINDSPOT_SOURCE_DIR) + "/models/checkpoints/baseline");
    RunnerOptions one = options(dir / "one", 1), two = options(dir / "two", 2);
    one.batch = 3;  // batches straddle the workers' chunks
    two.batch = 3;
    one.segmenter = two.segmenter = [net] { return makeNetworkSegmenter(net); };
    EXPECT_EQ(runSweep(config, one).done, 8u);
    EXPECT_EQ(runSweep(config, two).done, 8u);
    const auto a = rows(dir / "one"), b = rows(dir / "two");
    EXPECT_TRUE(sameRows(a, b));
    // The baseline finds the target car: car IoU is well above zero in every scene.
    for (const auto& s : a) {
        ASSERT_EQ(s.classes.size(), 4u);
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
    EXPECT_THROW(runSweep(loadSweepConfig((dir / "vlp.json").string(), defaultCatalogue()), vlp),
                 ConfigError);
}

TEST(SweepRunner, PredictionsAreStoredPerSceneWithTheirClasses) {
    const auto dir = blindspot::testing::freshTempDir("runner-predictions");
    const SweepConfig config = loadSweepConfig(writeConfig(dir, 1, 1).string(), defaultCatalogue());
    RunnerOptions o = options(dir / "run", 1);
    o.segmenter = [] { return std::make_unique<OracleSegmenter>(); };
    runSweep(config, o);
    const LearningMap map = loadLearningMap(predictionClassesPath(o.run_dir));
    EXPECT_EQ(map.classes, squeezeSegLearningMap().classes);
    for (const auto& row : rows(dir / "run")) {
        const ScanGrid scan = readScanDirectory((dir / "run" / "scans" / row.scene_id).string());
        const auto predicted = readPredictions(o.run_dir, row.scene_id, scan.cellCount());
        OracleSegmenter oracle;
        EXPECT_EQ(predicted, oracle.predict(scan)) << row.scene_id;
    }
    EXPECT_THROW(readPredictions(o.run_dir, "0000000000000000", 10), FileError);
}

TEST(RetrainingExport, SelectedCellsReadBackWithTheSourceScansLabels) {
    const auto dir = blindspot::testing::freshTempDir("export");
    const SweepConfig config = loadSweepConfig(writeConfig(dir, 2, 1).string(), defaultCatalogue());
    RunnerOptions o = options(dir / "run", 2);
    runSweep(config, o);  // scans only: 2 models x 2 x x 2 y x 2 backgrounds
    ExportOptions e;
    e.run_dir = o.run_dir;
    e.selection.dims = {"x", "y"};
    e.selection.cells = {{8, 2, 0.1, 2}};
    e.backgrounds = expandBackgroundList("urban-01..urban-02", "--backgrounds");
    e.output = (dir / "set").string();
    e.jobs = 2;
    const ExportSummary s = exportRetrainingSet(e);
    EXPECT_EQ(s.scans, 4u);  // 2 car models x 2 backgrounds in the one cell
    const nlohmann::json manifest = readJsonFile((dir / "set" / "manifest.json").string());
    ASSERT_EQ(manifest.at("frames").size(), 4u);
    for (const auto& f : manifest.at("frames")) {
        EXPECT_EQ(f.at("sample").at("x"), 8);
        EXPECT_EQ(f.at("sample").at("y"), 2);
        // Same backgrounds as the run: each frame is a scene of the run, label for label.
        const std::string id = f.at("scene_id");
        const PointList source =
            validPoints(readScanDirectory((dir / "run" / "scans" / id).string()));
        const fs::path seq = dir / "set" / "sequences" / "00";
        const std::string frame = f.at("frame");
        const PointList exported = readKittiScan((seq / "velodyne" / (frame + ".bin")).string(),
                                                 (seq / "labels" / (frame + ".label")).string());
        EXPECT_GT(exported.size(), 1000u);
        EXPECT_EQ(exported.label, source.label);
        EXPECT_EQ(exported.instance, source.instance);
        EXPECT_EQ(exported.xyzi, source.xyzi);
    }
    EXPECT_EQ(manifest.at("source_config_hash"), configHash(config));
    // Other backgrounds: the same cell, new scenes.
    e.backgrounds = {"urban-05"};
    e.output = (dir / "other").string();
    EXPECT_EQ(exportRetrainingSet(e).scans, 2u);
    // An existing dataset is never mixed with a new one.
    EXPECT_THROW(exportRetrainingSet(e), ConfigError);
    // A selection outside the design is refused.
    e.output = (dir / "third").string();
    e.selection.cells = {{50, 2, 0.1, 2}};
    EXPECT_THROW(exportRetrainingSet(e), ConfigError);
    EXPECT_THROW(expandBackgroundList("urban-08..suburban-09", "--backgrounds"), ConfigError);
    EXPECT_THROW(expandBackgroundList("urban-99", "--backgrounds"), ConfigError);
    EXPECT_EQ(expandBackgroundList("urban-08..urban-10,train-01", "--backgrounds"),
              (std::vector<std::string>{"urban-08", "urban-09", "urban-10", "train-01"}));
}

namespace {

Sample sampleOf(const std::string& color, const std::string& weather, double time_of_day,
                double x = 30.0) {
    Sample s;
    s.names = {"car_model", "x", "y", "background", "color", "weather", "time_of_day"};
    s.values = {std::string("sedan"), x, 2.0, std::string("urban-01"), color, weather, time_of_day};
    return s;
}

SweepConfig effectsConfig(const fs::path& dir, const std::string& effects) {
    const fs::path path = dir / "effects.json";
    std::ofstream(path) << R"({"name": "fx", "lidar": "hdl64e", "dimensions": {"x": {"value": 30}},
        "lidar_effects": )"
                        << effects << "}";
    return loadSweepConfig(path.string(), defaultCatalogue());
}

}  // namespace

TEST(SampleScanner, PaperModeScansAreByteIdenticalAcrossColourWeatherAndTime) {
    const auto dir = blindspot::testing::freshTempDir("paper-mode");
    const auto models = loadCarModels(defaultCarModelDir());
    const SweepConfig paper = effectsConfig(dir, R"({"paper_mode": true})");
    SampleScanner scanner(paper, models);
    const Sample reference = sampleOf("white", "clear", 12);
    const ScanGrid clean = scanner.scan(reference, sceneIdIn(paper, reference), 0).scan;
    for (const Sample& s : {sampleOf("black", "clear", 12), sampleOf("red", "fog:0.06", 12),
                            sampleOf("white", "rain:50", 2), sampleOf("black", "snow:5", 22)}) {
        // Traffic seeds come from the scene id; with one car there is none, so the ids may differ.
        EXPECT_TRUE(scanner.scan(s, sceneIdIn(paper, reference), 0).scan == clean)
            << s.toJson().dump();
    }
    // With the physical model, paint and weather change the scan, and the ids are salted.
    const SweepConfig physical = effectsConfig(dir, R"({"paper_mode": false})");
    EXPECT_NE(sceneIdIn(physical, reference), sceneIdIn(paper, reference));
    SampleScanner real(physical, models);
    auto carPoints = [&](const Sample& s) {
        return real.scan(s, sceneIdIn(physical, s), 0).visibility.at(0).visible_points;
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
    const SweepConfig config = loadSweepConfig(writeConfig(dir, 1, 1).string(), defaultCatalogue());
    RunnerOptions o = options(dir / "run", 1);
    o.images = true;
    o.stop_after = 2;
    runSweep(config, o);
    const auto done = rows(dir / "run");
    ASSERT_EQ(done.size(), 2u);
    for (const auto& row : done) {
        const fs::path images = dir / "run" / "images" / row.scene_id;
        for (const char* f : {"camera.png", "camera_label.png", "camera_instance.png",
                              "overlay.png", "calibration.json"})
            EXPECT_TRUE(fs::exists(images / f)) << f;
        const ScanGrid scan = readScanDirectory((dir / "run" / "scans" / row.scene_id).string());
        EXPECT_EQ(fs::file_size(images / "calibration.bin"), 8 * scan.cellCount());
    }
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
        return loadSweepConfig((dir / (name + ".json")).string(), defaultCatalogue());
    };
    auto carFp = [&](const SweepConfig& c, const std::string& run) {
        RunnerOptions o = options(dir / run, 1);
        o.segmenter = [] { return std::make_unique<EverythingIsACar>(); };
        runSweep(c, o);
        const auto r = rows(dir / run);
        for (const auto& cls : r.at(0).classes)
            if (cls.class_name == "car") return std::make_pair(r.at(0).scene_id, cls.fp);
        return std::make_pair(std::string(), std::int64_t(-1));
    };
    const auto [id, counted] = carFp(config("count", ""), "count");
    const auto [id2, ignored] =
        carFp(config("ignore", R"("scoring": {"ignore_labels": ["weather"]},)"), "ignore");
    const ScanGrid scan = readScanDirectory((dir / "count" / "scans" / id).string());
    std::int64_t weather = 0;
    for (std::size_t i = 0; i < scan.cellCount(); ++i)
        weather += scan.valid(i) && scan.label[i] == label::kWeather;
    EXPECT_GT(weather, 1000);
    EXPECT_EQ(counted - ignored, weather);
    EXPECT_THROW(config("bad", R"("scoring": {"ignore_labels": ["fogg"]},)"), ConfigError);
}

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "core/base/Error.hpp"
#include "core/scan/ScanIo.hpp"
#include "core/segmentation/LearningMap.hpp"
#include "models/network/Network.hpp"
#include "sweep/output/RetrainingExport.hpp"
#include "sweep/run/SweepRunner.hpp"
#include "sweep/store/RunDirectory.hpp"
#include "tests/TempDir.hpp"
#include "tests/TestData.hpp"
#include "tests/sweep/CachedScanOf.hpp"
#include "tests/sweep/SweepFixtures.hpp"

using namespace blindspot;
using namespace blindspot::testing;
namespace fs = std::filesystem;

TEST(RetrainingExport, SelectedCellsReadBackWithTheSourceScansLabels) {
    const auto dir = blindspot::testing::freshTempDir("export");
    const SweepConfig config =
        loadSweepConfig(writeConfig(dir, 2, 1).string(), blindspot::testing::catalogue());
    RunnerOptions o = options(dir / "run", 2);
    runSweep(config, blindspot::testing::carModels(),
             o);  // scans only: 2 models x 2 x x 2 y x 2 backgrounds
    ExportOptions e;
    e.run_dir = o.run_dir;
    e.models = blindspot::testing::carModels();
    e.selection.dims = {"x_m", "y_m"};
    e.selection.cells = {{8, 2, 0.1, 2}};
    e.backgrounds = expandBackgroundList("urban-01..urban-02", "--backgrounds");
    e.output = (dir / "set").string();
    e.jobs = 2;
    const ExportSummary s = exportRetrainingSet(e);
    EXPECT_EQ(s.scans, 4u);  // 2 car models x 2 backgrounds in the one cell
    const nlohmann::json manifest = readJsonFile((dir / "set" / "manifest.json").string());
    ASSERT_EQ(manifest.at("frames").size(), 4u);
    for (const auto& f : manifest.at("frames")) {
        EXPECT_EQ(f.at("sample").at("x_m"), 8);
        EXPECT_EQ(f.at("sample").at("y_m"), 2);
        // Same backgrounds as the run: each frame is a scene of the run, label for label.
        const std::string id = f.at("scene_id");
        const PointList source =
            validPoints(blindspot::testing::cachedScanOf(dir / "run" / "scans", id));
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
    // The same set again (a re-run after a kill, even after the manifest) is redone; an existing
    // dataset is never mixed with another set.
    EXPECT_EQ(exportRetrainingSet(e).scans, 2u);
    e.backgrounds = {"urban-06"};
    EXPECT_THROW(exportRetrainingSet(e), ConfigError);
    e.backgrounds = {"urban-05"};
    // A selection outside the design is refused.
    e.output = (dir / "third").string();
    e.selection.cells = {{50, 2, 0.1, 2}};
    EXPECT_THROW(exportRetrainingSet(e), ConfigError);
    EXPECT_THROW(expandBackgroundList("urban-08..suburban-09", "--backgrounds"), ConfigError);
    EXPECT_THROW(expandBackgroundList("urban-99", "--backgrounds"), ConfigError);
    EXPECT_EQ(expandBackgroundList("urban-08..urban-10,train-01", "--backgrounds"),
              (std::vector<std::string>{"urban-08", "urban-09", "urban-10", "train-01"}));
}

TEST(RetrainingExport, RandomizedSetDrawsEachFramesSensorFromItsSceneId) {
    const auto dir = blindspot::testing::freshTempDir("export-randomized");
    const SweepConfig config =
        loadSweepConfig(writeConfig(dir, 2, 1).string(), blindspot::testing::catalogue());
    RunnerOptions o = options(dir / "run", 1);
    runSweep(config, blindspot::testing::carModels(), o);
    ExportOptions e;
    e.run_dir = o.run_dir;
    e.models = blindspot::testing::carModels();
    e.selection.dims = {"x_m", "y_m"};
    e.selection.cells = {{8, 2, 0.1, 2}};
    e.backgrounds = {"urban-01"};
    e.randomize = true;
    auto frame = [](const fs::path& set, const char* name) {
        const fs::path seq = set / "sequences" / "00";
        return readKittiScan((seq / "velodyne" / (std::string(name) + ".bin")).string(),
                             (seq / "labels" / (std::string(name) + ".label")).string());
    };
    for (const char* set : {"one-job", "two-jobs"}) {
        e.output = (dir / set).string();
        e.jobs = set[0] == 'o' ? 1 : 2;
        EXPECT_EQ(exportRetrainingSet(e).scans, 2u);
    }
    EXPECT_EQ(readJsonFile((dir / "one-job" / "manifest.json").string()).at("randomize"), true);
    for (const char* name : {"000000", "000001"}) {
        // The same frames whatever the thread count, and not the run's fixed-sensor scans.
        const PointList a = frame(dir / "one-job", name), b = frame(dir / "two-jobs", name);
        EXPECT_EQ(a.xyzi, b.xyzi);
        EXPECT_EQ(a.label, b.label);
        const std::string id = readJsonFile((dir / "one-job" / "manifest.json").string())
                                   .at("frames")
                                   .at(name[5] - '0')
                                   .at("scene_id");
        const PointList source =
            validPoints(blindspot::testing::cachedScanOf(dir / "run" / "scans", id));
        EXPECT_NE(a.xyzi, source.xyzi);
        EXPECT_GT(a.size(), source.size() / 2);
    }
}

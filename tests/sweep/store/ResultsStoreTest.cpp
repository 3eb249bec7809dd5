#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>

#include "core/base/Error.hpp"
#include "sweep/store/ResultsStore.hpp"
#include "sweep/store/SqliteDb.hpp"
#include "tests/TempDir.hpp"

using namespace blindspot;

namespace {

RunInfo runInfo(const std::string& hash) {
    RunInfo r;
    r.name = "test";
    r.config = {{"name", "test"}};
    r.config_hash = hash;
    r.lidar = {{"name", "hdl64e"}};
    r.tool_version = "0.1.0";
    r.started_at = "2026-12-02T18:00:00Z";
    return r;
}

SceneRow sceneRow(int i) {
    SceneRow row;
    row.scene_id = "scene-" + std::to_string(1000 + i);
    row.sample = {
        {"car_model", "sedan"}, {"x_m", 5 + i}, {"y_m", -2.5}, {"background", "urban-01"}};
    row.valid_points = 100000 + i;
    row.target_points = 2000 + i;
    row.seconds = 0.01;
    row.cars = {{0, 1, 2000 + i, 2100 + i, (2000.0 + i) / (2100.0 + i), false}};
    row.classes = {{"car", 1800, 50, 200, 1800.0 / 2050, 1800.0 / 1850, 1800.0 / 2000},
                   {"pedestrian", 0, 0, 0, std::nullopt, std::nullopt, std::nullopt}};
    return row;
}

}  // namespace

TEST(ResultsStore, ScenesAreReadBack) {
    const auto dir = blindspot::testing::freshTempDir("store");
    {
        ResultsStore store((dir / "results.sqlite").string());
        store.beginRun(runInfo("abc"));
        for (int i = 0; i < 5; ++i) EXPECT_TRUE(store.insertScene(sceneRow(i)));
        EXPECT_FALSE(store.insertScene(sceneRow(2)));  // already done: unchanged
    }
    ResultsStore store((dir / "results.sqlite").string());  // reopened, as a resume would
    EXPECT_EQ(store.run()->config_hash, "abc");
    const auto scenes = store.scenes();
    ASSERT_EQ(scenes.size(), 5u);
    EXPECT_EQ(scenes[3].sample, sceneRow(3).sample);
    EXPECT_EQ(scenes[3].cars[0].unoccluded_points, 2103);
    ASSERT_EQ(scenes[3].classes.size(), 2u);
    EXPECT_DOUBLE_EQ(*scenes[3].classes[0].iou, 1800.0 / 2050);
    EXPECT_FALSE(scenes[3].classes[1].iou.has_value());  // undefined stays undefined, not 0
    EXPECT_EQ(store.finishedSceneIds().size(), 5u);
    const std::string csv = store.exportCsv();
    EXPECT_EQ(csv.substr(0, csv.find('\n'))
                  .rfind("scene_id,sample_json,car_model,target_type,x_m,y_m,yaw_deg,", 0),
              0u)
        << csv.substr(0, 200);
    EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 1 + 5 * 2);  // header + scene x class
    EXPECT_NE(csv.find(",pedestrian,0,0,0,,,\n"), std::string::npos);
    EXPECT_THROW(store.beginRun(runInfo("other")), ConfigError);  // a different config
    EXPECT_NO_THROW(store.beginRun(runInfo("abc")));              // the same one resumes
}

TEST(ResultsStore, KillDuringWritesLosesOnlyScenesInFlight) {
    const auto dir = blindspot::testing::freshTempDir("kill");
    const std::string path = (dir / "results.sqlite").string();
    {
        ResultsStore store(path);
        store.beginRun(runInfo("abc"));
    }
    const pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {  // writes scenes as fast as it can until killed
        ResultsStore store(path);
        for (int i = 0;; ++i) store.insertScene(sceneRow(i));
    }
    usleep(300 * 1000);
    kill(child, SIGKILL);
    int status = 0;
    waitpid(child, &status, 0);
    ASSERT_TRUE(WIFSIGNALED(status));
    // A reader first (issue 55): it reads what the killed writer committed, and no more.
    const std::size_t read =
        ResultsStore(path, defaultDimensions(), SqliteAccess::ReadOnly).finishedSceneIds().size();
    ResultsStore store(path);
    const auto scenes = store.scenes();
    EXPECT_EQ(read, scenes.size());
    ASSERT_GT(scenes.size(), 5u);
    for (const auto& s : scenes) {  // every scene that is there is whole
        ASSERT_EQ(s.cars.size(), 1u) << s.scene_id;
        ASSERT_EQ(s.classes.size(), 2u) << s.scene_id;
    }
    // ... and writing resumes where it stopped.
    const std::size_t before = scenes.size();
    EXPECT_TRUE(store.insertScene(sceneRow(int(before) + 100000)));
    EXPECT_EQ(store.finishedSceneIds().size(), before + 1);
}

TEST(ResultsStore, UnwritablePathIsAFileError) {
    EXPECT_THROW(ResultsStore("/nonexistent-dir/results.sqlite"), FileError);
}

// Issue 55: a store from before world_version and the weather dimension, as an old sweep left it.
// A reader reads NULL for both and leaves the file as it was; a writer then migrates it.
TEST(ResultsStore, AReaderReadsAnOldStoreWithoutChangingIt) {
    const auto dir = blindspot::testing::freshTempDir("store-old-reader");
    const std::string path = (dir / "results.sqlite").string();
    DimensionRegistry old_dims = defaultDimensions();
    old_dims.dims.erase(std::remove_if(old_dims.dims.begin(), old_dims.dims.end(),
                                       [](const auto& d) { return d.name == "weather"; }),
                        old_dims.dims.end());
    {
        ResultsStore store(path, old_dims);
        store.beginRun(runInfo("h1"));
        store.insertScene(sceneRow(1));
    }
    {
        SqliteDb db(path);
        db.exec("ALTER TABLE run DROP COLUMN world_version");
    }
    const auto schema = [&] {
        SqliteDb db(path, SqliteAccess::ReadOnly);
        return std::make_pair(db.columnsOf("run"), db.columnsOf("scene"));
    };
    const auto before = schema();
    {
        const ResultsStore reader(path, defaultDimensions(), SqliteAccess::ReadOnly);
        ASSERT_TRUE(reader.run());
        EXPECT_EQ(reader.run()->world_version, "");
        EXPECT_EQ(reader.scenes().size(), 1u);
        const std::string csv = reader.exportCsv();
        const std::string header = csv.substr(0, csv.find('\n'));
        // The missing column where a writer's migration would put it: after the old columns.
        const std::string tail = ",seconds,skipped,weather,class,tp,fp,fn,iou,precision,recall";
        EXPECT_EQ(header.substr(header.size() - tail.size()), tail) << header;
        EXPECT_THROW(const_cast<ResultsStore&>(reader).insertScene(sceneRow(2)), FileError);
    }
    EXPECT_EQ(schema(), before);
    {
        const ResultsStore writer(path);  // a resumed sweep migrates
    }
    const auto after = schema();
    EXPECT_EQ(after.first.back(), "world_version");
    EXPECT_EQ(after.second.back(), "weather");
}

TEST(ResultsStore, AReaderOfAStoreBeingCreatedSeesNothingYet) {
    const auto dir = blindspot::testing::freshTempDir("store-new-reader");
    const std::string path = (dir / "results.sqlite").string();
    { SqliteDb empty(path); }  // the file exists, the schema does not yet
    const ResultsStore reader(path, defaultDimensions(), SqliteAccess::ReadOnly);
    EXPECT_FALSE(reader.run());
    EXPECT_TRUE(reader.scenes().empty());
    EXPECT_TRUE(reader.shards().empty());
    EXPECT_THROW(reader.exportCsv(), FileError);
}

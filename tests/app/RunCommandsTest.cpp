// select, compare and report (with the regression gate) through the real executable, on runs
// written straight into results stores with known car IoUs.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <filesystem>
#include <fstream>

#include "core/base/Json.hpp"
#include "sweep/store/ResultsStore.hpp"
#include "tests/CliRun.hpp"
#include "tests/TempDir.hpp"

namespace fs = std::filesystem;
using namespace blindspot;

namespace {

using blindspot::testing::CliRun;
using blindspot::testing::runCli;

// A run of 15 positions x 2 backgrounds; car IoU (tp / 10) = 0.7, minus `drop_tenths` / 10 in
// the cells with x = 5. `skip_last` leaves one scene out.
fs::path writeRun(const fs::path& dir, int drop_tenths, bool skip_last = false,
                  const std::string& config_hash = "c0ffee") {
    fs::create_directories(dir);
    ResultsStore store((dir / "results.sqlite").string());
    RunInfo info;
    info.name = "synthetic";
    info.config = {{"name", "synthetic"}};
    info.config_hash = config_hash;
    info.checkpoint_hash = "ckpt" + std::to_string(drop_tenths);
    info.lidar = nlohmann::json::object();
    info.tool_version = "test";
    info.started_at = "2026-12-02T00:00:00Z";
    store.beginRun(info);
    for (int x = 5; x <= 9; ++x)
        for (int y = -1; y <= 1; ++y)
            for (const std::string bg : {"urban-01", "urban-02"}) {
                if (skip_last && x == 9 && y == 1 && bg == "urban-02") continue;
                const int tp = 7 - (x == 5 ? drop_tenths : 0);
                SceneRow row;
                row.scene_id = std::to_string(x) + "_" + std::to_string(y) + "_" + bg;
                row.sample = {{"x", x}, {"y", y}, {"background", bg}};
                row.cars.push_back({0, 1, 100, 100, 1.0, false});
                row.classes.push_back(
                    {"car", tp, 0, 10 - tp, double(tp) / 10, 1.0, double(tp) / 10});
                row.classes.push_back({"unknown", 1000, 10 - tp, 0, 0.99, 0.99, 1.0});
                store.insertScene(row);
            }
    store.finishRun("2026-12-02T00:01:00Z");
    return dir;
}

void expectOneLine(const CliRun& r, int code, const std::string& text) {
    EXPECT_EQ(r.exit_code, code) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find(text), std::string::npos) << r.err;
}

}  // namespace

TEST(RunCommands, SelectWritesTheCellsBelowTheThreshold) {
    const auto dir = blindspot::testing::freshTempDir("cli-select");
    const auto run = writeRun(dir / "run", 3);  // x = 5 cells at 0.4
    ASSERT_EQ(
        runCli("select " + run.string() + " --below 0.5 -o " + (dir / "s.json").string()).exit_code,
        0);
    const auto s = readJsonFile((dir / "s.json").string());
    EXPECT_EQ(s.at("cells").size(), 3u);
    for (const auto& c : s.at("cells")) {
        EXPECT_EQ(c.at("x_m"), 5);  // the run stored "x": read back by its new name
        EXPECT_NEAR(c.at("mean").get<double>(), 0.4, 1e-12);
        EXPECT_EQ(c.at("samples"), 2);
    }
    EXPECT_EQ(runCli("select " + run.string() + " -o " + (dir / "t.json").string()).exit_code, 2);
    expectOneLine(runCli("select " + (dir / "nothing").string() + " --worst 3 -o x.json"), 4,
                  "results.sqlite");
    expectOneLine(runCli("select " + run.string() + " --worst 3 --dims x,colour -o x.json"), 3,
                  "--dims");
}

TEST(RunCommands, CompareRefusesMismatchedRunsUnlessIntersect) {
    const auto dir = blindspot::testing::freshTempDir("cli-compare");
    const auto a = writeRun(dir / "a", 0), b = writeRun(dir / "b", 0, true);
    expectOneLine(
        runCli("compare " + a.string() + " " + b.string() + " -o " + (dir / "c").string()), 3,
        "--intersect");
    EXPECT_FALSE(fs::exists(dir / "c" / "comparison.json"));
    ASSERT_EQ(runCli("compare " + a.string() + " " + b.string() + " --intersect -o " +
                     (dir / "c").string())
                  .exit_code,
              0);
    const auto c = readJsonFile((dir / "c" / "comparison.json").string());
    EXPECT_EQ(c.at("scenes_compared"), 29);
    // The same scene ids under another config (say, other effects): refused unless --intersect.
    const auto other = writeRun(dir / "other", 0, false, "0ther");
    expectOneLine(
        runCli("compare " + a.string() + " " + other.string() + " -o " + (dir / "d").string()), 3,
        "--intersect: runs of one config that differ only in the checkpoint");
    EXPECT_FALSE(fs::exists(dir / "d" / "comparison.json"));
    EXPECT_EQ(runCli("compare " + a.string() + " " + other.string() + " --intersect -o " +
                     (dir / "d").string())
                  .exit_code,
              0);
    EXPECT_EQ(c.at("only_in_a"), 1);
    EXPECT_NEAR(c.at("mean_delta").get<double>(), 0.0, 1e-12);
    EXPECT_EQ(c.at("bootstrap").at("seed"), 1);
}

TEST(RunCommands, RegressionGateExitsNonZeroOnAKnownDropOnly) {
    const auto dir = blindspot::testing::freshTempDir("cli-gate");
    const auto base = writeRun(dir / "base", 0), same = writeRun(dir / "same", 0),
               worse = writeRun(dir / "worse", 1);  // -0.1 in the x = 5 cells
    const std::string gate = " --fail-on-drop 0.02 --gate-min-samples 2";
    ASSERT_EQ(runCli("report " + same.string() + " --baseline " + base.string() + gate + " -o " +
                     (dir / "r-same").string())
                  .exit_code,
              0);
    EXPECT_TRUE(readJsonFile((dir / "r-same" / "summary.json").string()).at("gate").at("passed"));
    expectOneLine(runCli("report " + worse.string() + " --baseline " + base.string() + gate +
                         " -o " + (dir / "r-worse").string()),
                  6, "regression gate FAILED");
    // The report is still written, with the failing cells.
    const auto summary = readJsonFile((dir / "r-worse" / "summary.json").string());
    EXPECT_FALSE(summary.at("gate").at("passed"));
    EXPECT_EQ(summary.at("gate").at("failed_cells").size(), 3u);
    EXPECT_TRUE(fs::exists(dir / "r-worse" / "index.html"));
    // Without --fail-on-drop the drop is reported, not enforced.
    EXPECT_EQ(runCli("report " + worse.string() + " --baseline " + base.string() + " -o " +
                     (dir / "r-info").string())
                  .exit_code,
              0);
    expectOneLine(
        runCli("report " + worse.string() + " --fail-on-drop 0.02 -o " + (dir / "r-x").string()), 3,
        "--baseline");
}

TEST(RunCommands, DamagedStoreJsonColumnIsOneLineExitFour) {
    // Issue 20: the store's JSON columns were parsed raw, so a damaged value exited 1 ("internal
    // error"). Now it names the store, the column and the scene, and exits 4.
    const auto dir = blindspot::testing::freshTempDir("cli-damaged-store");
    const auto run = writeRun(dir / "run", 3);
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open((run / "results.sqlite").string().c_str(), &db), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(
                  db, "UPDATE scene SET sample_json = '{\"x\": 5,' WHERE scene_id = '5_0_urban-01'",
                  nullptr, nullptr, nullptr),
              SQLITE_OK);
    sqlite3_close(db);
    expectOneLine(
        runCli("select " + run.string() + " --below 0.5 -o " + (dir / "s.json").string()), 4,
        "results.sqlite: column scene.sample_json of scene 5_0_urban-01: expected a JSON object");
    EXPECT_FALSE(fs::exists(dir / "s.json"));
}

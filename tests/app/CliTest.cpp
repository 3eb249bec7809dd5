// Runs the real `blindspot` executable: good input writes the files it promises. Bad input is
// tested in CliBadInputTest.cpp.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "core/scan/ScanIo.hpp"
#include "tests/app/CliFixtures.hpp"

namespace fs = std::filesystem;

namespace {

using blindspot::testing::CliRun;
using blindspot::testing::expectOneLineError;
using blindspot::testing::runCli;
using blindspot::testing::slurp;

using blindspot::testing::cli::tempDir;
using blindspot::testing::cli::write;

using blindspot::testing::cli::kScene;
const std::string kSpec =
    R"({"vertical": {"fov_deg": 30, "resolution_deg": 1}, "horizontal": {"fov_deg": 90, "resolution_deg": 0.5}})";

}  // namespace

TEST(Cli, ScanWritesAllFiles) {
    const fs::path out = tempDir("scan");
    const CliRun r = runCli("scan " + kScene + " --lidar squeezeseg-front -o " + out.string());
    ASSERT_EQ(r.exit_code, 0) << r.err;
    for (const char* f : {"scan.bin", "scan.label", "scan.pcd", "scan.ply", "scan.json"})
        EXPECT_TRUE(fs::exists(out / f)) << f;
    const auto summary = nlohmann::json::parse(slurp(out / "scan.json"));
    EXPECT_EQ(summary["rows"], 64);
    EXPECT_EQ(summary["cols"], 512);
    EXPECT_NEAR(summary["world_from_sensor"]["xyz_m"][2].get<double>(), 1.73, 1e-12);
    const auto points =
        blindspot::readKittiScan((out / "scan.bin").string(), (out / "scan.label").string());
    EXPECT_EQ(points.size(), summary["valid_points"].get<std::size_t>());
    EXPECT_GT(summary["points_per_label"]["10"].get<int>(), 100);  // the two cars are seen
    fs::remove_all(out);
}

TEST(Cli, GenerateRecordsTheChosenCarModels) {
    const fs::path out = tempDir("generate-models");
    const CliRun r = runCli(
        "generate --backgrounds train-01 --scans 1 --cars 1..1 --lidar vlp16 "
        "--models van,sedan -o " +
        out.string());
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto record = nlohmann::json::parse(slurp(out / "generate.json"));
    EXPECT_EQ(record["models"], nlohmann::json({"van", "sedan"}));
    EXPECT_TRUE(fs::exists(out / "sequences" / "00" / "velodyne" / "000000.bin"));
    fs::remove_all(out);
}

TEST(Cli, ScanAcceptsSpecFile) {
    const fs::path dir = tempDir("specfile");
    write(dir / "spec.json", kSpec);
    const CliRun r = runCli("scan " + kScene + " --lidar " + (dir / "spec.json").string() + " -o " +
                            (dir / "out").string());
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("30 x 180"), std::string::npos) << r.out;
    fs::remove_all(dir);
}

TEST(Cli, LidarPrintsResolvedSpecAndGrid) {
    const CliRun r = runCli("lidar --preset matlab-default");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("m x n = 32 x 2250 = 72000"), std::string::npos) << r.out;
}

TEST(Cli, HelpWorksOnEverything) {
    for (const char* args : {"--help", "scan --help", "lidar --help", "plan --help"}) {
        const CliRun r = runCli(args);
        EXPECT_EQ(r.exit_code, 0) << args;
        EXPECT_NE(r.out.find("Usage"), std::string::npos) << args;
    }
}

TEST(Cli, FailureWhileWritingLeavesNoPartialFile) {
    // Issue 20: the checks above fail before any output exists, so they could not catch a half-
    // written file. Here the scan is cast and its files are being written when one write fails:
    // scan.ply cannot replace a directory of that name.
    const fs::path dir = tempDir("midwrite");
    fs::create_directories(dir / "out" / "scan.ply" / "occupied");
    const CliRun r =
        runCli("scan " + kScene + " --lidar squeezeseg-front -o " + (dir / "out").string());
    expectOneLineError(r, "scan.ply: cannot rename temporary file into place");
    EXPECT_EQ(r.exit_code, 4);
    for (const auto& entry : fs::directory_iterator(dir / "out"))
        EXPECT_EQ(entry.path().filename().string().find(".tmp"), std::string::npos)
            << "temporary file left behind: " << entry.path();
    // What was written before the failure is whole: the KITTI .bin holds as many points as the
    // .label file labels.
    ASSERT_TRUE(fs::exists(dir / "out" / "scan.bin"));
    EXPECT_EQ(fs::file_size(dir / "out" / "scan.bin") % 16, 0u);
    EXPECT_EQ(fs::file_size(dir / "out" / "scan.bin") / 16,
              fs::file_size(dir / "out" / "scan.label") / 4);
    fs::remove_all(dir);
}

TEST(Cli, SceneWritesScanMeshAndPicture) {
    const fs::path out = tempDir("scene");
    const CliRun r = runCli(
        "scene --background urban-03 --car sedan:x=8,y=-2,yaw=30,color=red --car "
        "suv:x=15,y=3,yaw=180 "
        "--lidar squeezeseg-front -o " +
        out.string());
    ASSERT_EQ(r.exit_code, 0) << r.err;
    for (const char* f :
         {"scan.bin", "scan.label", "scan.pcd", "scan.ply", "scan.json", "scene.ply", "bev.png"})
        EXPECT_TRUE(fs::exists(out / f)) << f;
    const auto summary = nlohmann::json::parse(slurp(out / "scan.json"));
    ASSERT_EQ(summary["scene"]["cars"].size(), 2u);
    EXPECT_GT(summary["scene"]["cars"][0]["visible_points"].get<int>(), 100);
    EXPECT_EQ(summary["points_per_instance"]["1"], summary["scene"]["cars"][0]["visible_points"]);
    EXPECT_EQ(slurp(out / "bev.png").substr(1, 3), "PNG");
    EXPECT_EQ(slurp(out / "scene.ply").rfind("ply\nformat binary_little_endian 1.0\n", 0), 0u);
    const CliRun list = runCli("scene --list");
    EXPECT_NE(list.out.find("urban-15"), std::string::npos);
    EXPECT_NE(list.out.find("microcar"), std::string::npos);
    fs::remove_all(out);
}

TEST(Cli, SavedBackgroundScansIdentically) {
    const fs::path dir = tempDir("saved");
    ASSERT_EQ(
        runCli("scene --background urban-06 --save-background " + (dir / "bg").string()).exit_code,
        0);
    ASSERT_EQ(runCli("scene --background urban-06 -o " + (dir / "generated").string()).exit_code,
              0);
    const CliRun r = runCli("scan " + (dir / "bg" / "scene.json").string() + " --lidar hdl64e -o " +
                            (dir / "loaded").string());
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::string a = slurp(dir / "generated" / "scan.bin"),
                      b = slurp(dir / "loaded" / "scan.bin");
    EXPECT_GT(a.size(), 100000u);
    EXPECT_TRUE(a == b);
    EXPECT_TRUE(slurp(dir / "generated" / "scan.label") == slurp(dir / "loaded" / "scan.label"));
    // The saved file also serves as a background for target cars, with the same result.
    const std::string cars =
        " --car sedan:x=9,y=-2,yaw=10,color=red --car van:x=15,y=2,yaw=180 -o ";
    ASSERT_EQ(runCli("scene --background urban-06" + cars + (dir / "gen-cars").string()).exit_code,
              0);
    const CliRun loaded = runCli("scene --background " + (dir / "bg" / "scene.json").string() +
                                 cars + (dir / "file-cars").string());
    ASSERT_EQ(loaded.exit_code, 0) << loaded.err;
    EXPECT_TRUE(slurp(dir / "gen-cars" / "scan.bin") == slurp(dir / "file-cars" / "scan.bin"));
    EXPECT_TRUE(slurp(dir / "gen-cars" / "scan.label") == slurp(dir / "file-cars" / "scan.label"));
    fs::remove_all(dir);
}

TEST(Cli, SavedBackgroundEgoAndSensorBlocksAreChecked) {
    // Issue 20: a background file's "ego" and "sensor" blocks were read without a check, so a
    // misspelt key passed silently.
    const fs::path dir = tempDir("saved-bad");
    ASSERT_EQ(
        runCli("scene --background urban-06 --save-background " + (dir / "bg").string()).exit_code,
        0);
    const nlohmann::json saved = nlohmann::json::parse(slurp(dir / "bg" / "scene.json"));
    auto expectRejected = [&](const nlohmann::json& edited, const std::string& expected) {
        std::ofstream(dir / "edited.json") << edited.dump();
        expectOneLineError(runCli("scene --background " + (dir / "edited.json").string() +
                                  " --car sedan:x=9 -o " + (dir / "out").string()),
                           (dir / "edited.json").string() + ": " + expected);
    };
    nlohmann::json edited = saved;
    edited["ego"]["wheelbase"] = 2.7;
    expectRejected(edited, "/ego/wheelbase: unknown key");
    edited = saved;
    edited["sensor"] = {{"parent", "ego"}, {"location", "trunk"}};
    expectRejected(edited, "/sensor/location: unknown or disallowed mounting location \"trunk\"");
    edited = saved;
    edited["sensor"] = {{"parent", "ego"}, {"locaton", "roof_center"}};
    expectRejected(edited, "/sensor/locaton: unknown key");
    fs::remove_all(dir);
}

TEST(Cli, SampleIsADryRunWithStableSceneIds) {
    const std::string config = std::string(BLINDSPOT_SOURCE_DIR) + "/sweep/configs/paper-xy.json";
    const CliRun a = runCli("sample " + config);
    const CliRun b = runCli("sample " + config);
    ASSERT_EQ(a.exit_code, 0) << a.err;
    EXPECT_EQ(a.err, "1050 samples (grid)\n");
    EXPECT_EQ(std::count(a.out.begin(), a.out.end(), '\n'), 1050);
    EXPECT_EQ(a.out, b.out);  // scene ids are the same in another process
    const auto first = nlohmann::json::parse(a.out.substr(0, a.out.find('\n')));
    EXPECT_EQ(first["car_model"], "sedan");
    EXPECT_EQ(first["scene_id"].get<std::string>().size(), 16u);
    const fs::path dir = tempDir("sample");
    write(dir / "bad.json",
          R"({"name": "b", "dimensions": {"x": {"range": {"start": 1, "stop": 5, "step": 0}}}})");
    expectOneLineError(runCli("sample " + (dir / "bad.json").string()),
                       "bad.json: /dimensions/x/range/step: must not be 0");
    write(dir / "unknown.json", R"({"name": "b", "dimensions": {"wind": {"value": 3}}})");
    expectOneLineError(runCli("sample " + (dir / "unknown.json").string()),
                       "unknown.json: /dimensions/wind: unknown dimension");
    fs::remove_all(dir);
}

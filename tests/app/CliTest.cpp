// Runs the real `blindspot` executable: good input writes files, bad input gives one line on
// stderr and a non-zero exit code, never a crash.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "core/ScanIo.hpp"
#include "tests/CliRun.hpp"
#include "tests/TempDir.hpp"

namespace fs = std::filesystem;

namespace {

using blindspot::testing::CliRun;
using blindspot::testing::runCli;
using blindspot::testing::slurp;

fs::path tempDir(const std::string& name) {
    return blindspot::testing::freshTempDir("cli-" + name);
}

void write(const fs::path& p, const std::string& text) { std::ofstream(p) << text; }

const std::string kScene = std::string(BLINDSPOT_SOURCE_DIR) + "/scenes/examples/street.json";
const std::string kSpec =
    R"({"vertical": {"fov_deg": 30, "resolution_deg": 1}, "horizontal": {"fov_deg": 90, "resolution_deg": 0.5}})";

// One line on stderr, starting "error:", and a non-zero exit code that is not a signal.
void expectOneLineError(const CliRun& r, const std::string& must_contain) {
    EXPECT_NE(r.exit_code, 0);
    EXPECT_LT(r.exit_code, 128) << "crashed: " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_EQ(r.err.rfind("error: ", 0), 0u) << r.err;
    EXPECT_NE(r.err.find(must_contain), std::string::npos) << r.err;
}

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

TEST(Cli, BadInputGivesOneLineErrors) {
    const fs::path dir = tempDir("bad");
    const std::string out = " -o " + (dir / "out").string();
    auto spec = [&](const std::string& name, const std::string& text) {
        write(dir / name, text);
        return (dir / name).string();
    };

    expectOneLineError(
        runCli("scan " + spec("broken.json", "{\"objects\": [") + " --lidar hdl64e" + out),
        "broken.json: malformed JSON");
    expectOneLineError(
        runCli(
            "scan " + kScene + " --lidar " +
            spec(
                "unknown.json",
                R"({"vertical": {"fov_deg": 30, "resolution_deg": 1}, "horizontal": {"fov_deg": 90, "resolution_deg": 0.5}, "rpm": 600})") +
            out),
        "unknown.json: /rpm: unknown key");
    expectOneLineError(
        runCli(
            "scan " + kScene + " --lidar " +
            spec(
                "vfov.json",
                R"({"vertical": {"fov_deg": 100, "resolution_deg": 1}, "horizontal": {"fov_deg": 90, "resolution_deg": 0.5}})") +
            out),
        "vfov.json: /vertical/fov_deg: must lie in (0, 90], got 100");
    expectOneLineError(
        runCli(
            "scan " + kScene + " --lidar " +
            spec(
                "range.json",
                R"({"vertical": {"fov_deg": 30, "resolution_deg": 1}, "horizontal": {"fov_deg": 90, "resolution_deg": 0.5}, "max_range_m": 501})") +
            out),
        "range.json: /max_range_m: must lie in (0, 500] m, got 501");
    expectOneLineError(
        runCli(
            "scan " + kScene + " --lidar " +
            spec(
                "negres.json",
                R"({"vertical": {"fov_deg": 30, "resolution_deg": -1}, "horizontal": {"fov_deg": 90, "resolution_deg": 0.5}})") +
            out),
        "negres.json: /vertical/resolution_deg: must be > 0, got -1");
    expectOneLineError(runCli("scan " + (dir / "missing.json").string() + " --lidar hdl64e" + out),
                       "missing.json: cannot open file for reading");
    write(dir / "unreadable.json", "{}");
    fs::permissions(dir / "unreadable.json", fs::perms::none);
    if (::geteuid() != 0)  // root reads any file
        expectOneLineError(
            runCli("scan " + (dir / "unreadable.json").string() + " --lidar hdl64e" + out),
            "cannot open file");
    expectOneLineError(runCli("scan " + (dir / "no-such-dir").string() + " --lidar hdl64e" + out),
                       "cannot open");
    expectOneLineError(runCli("scan " + kScene + " --lidar hdl65" + out),
                       "unknown LiDAR preset \"hdl65\"");
    expectOneLineError(
        runCli("scan " + spec("badobj.json", R"({"objects": [{"type": "cone"}]})") +
               " --lidar hdl64e" + out),
        "badobj.json: /objects/0/type: expected plane, box, cylinder, sphere, mesh or import");
    expectOneLineError(
        runCli("scan " +
               spec("badlabel.json",
                    R"({"objects": [{"type": "box", "size_m": [1, 1, 1], "label": "unicorn"}]})") +
               " --lidar hdl64e" + out),
        "badlabel.json: /objects/0/label: expected a palette name");
    expectOneLineError(
        runCli(
            "scan " +
            spec(
                "badmount.json",
                R"({"sensor": {"location": "antenna"}, "objects": [{"type": "box", "size_m": [1, 1, 1]}]})") +
            " --lidar hdl64e" + out),
        "badmount.json: /sensor/location");
    expectOneLineError(runCli("scan " + kScene + " --lidar hdl64e --threads -2" + out), "threads");
    expectOneLineError(runCli("frobnicate"), "frobnicate");
    // Issue 20: tessellation limits, non-finite vertices, sidecars that point outside their folder.
    expectOneLineError(
        runCli(
            "scan " +
            spec("cells.json",
                 R"({"objects": [{"type": "plane", "size_m": [10, 10], "cells": 2000000000}]})") +
            " --lidar hdl64e" + out),
        "cells.json: /objects/0/cells: expected an integer in [1, 1024], got 2000000000");
    expectOneLineError(
        runCli("scan " +
               spec("rings.json",
                    R"({"objects": [{"type": "sphere", "radius_m": 1, "rings": 100000}]})") +
               " --lidar hdl64e" + out),
        "rings.json: /objects/0/rings: expected an integer in [2, 512]");
    expectOneLineError(
        runCli(
            "scan " +
            spec(
                "inf.json",
                R"({"objects": [{"type": "mesh", "vertices_m": [[0, 0, 0], [1, 0, 0], [0, 1e39, 0]], "triangles": [[0, 1, 2]]}]})") +
            " --lidar hdl64e" + out),
        "inf.json: /objects/0/vertices_m/2: expected finite coordinates");
    for (const std::string mesh : {"/etc/passwd", "../secret.obj"}) {
        write(dir / "sidecar.json",
              "{\"mesh\": \"" + mesh + "\", \"default\": {\"label\": \"building\"}}");
        expectOneLineError(
            runCli("scan " +
                   spec("import.json",
                        R"({"objects": [{"type": "import", "sidecar": "sidecar.json"}]})") +
                   " --lidar hdl64e" + out),
            "sidecar.json: /mesh: expected a path relative to the sidecar's folder, without "
            "\"..\"");
    }
    write(dir / "nan.obj", "v 0 0 0\nv 1 0 0\nv 0 nan 0\nf 1 2 3\n");
    write(dir / "sidecar.json", R"({"mesh": "nan.obj", "default": {"label": "building"}})");
    expectOneLineError(runCli("scan " + (dir / "import.json").string() + " --lidar hdl64e" + out),
                       "nan.obj: mesh");
    EXPECT_FALSE(fs::exists(dir / "out" / "scan.bin"));  // bad input fails before any output
    fs::remove_all(dir);
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

TEST(Cli, SceneBadInputGivesOneLineErrors) {
    const fs::path dir = tempDir("scenebad");
    const std::string out = " -o " + (dir / "out").string();
    expectOneLineError(runCli("scene --background urban-16 --car sedan" + out),
                       "unknown background \"urban-16\"");
    expectOneLineError(runCli("scene --car tank:x=8" + out),
                       "/cars/0/model: unknown car model \"tank\"");
    expectOneLineError(runCli("scene --car sedan:x=8,color=plaid" + out),
                       "/cars/0/color: unknown colour \"plaid\"");
    expectOneLineError(runCli("scene --car sedan:x=800" + out), "is outside background urban-01");
    expectOneLineError(runCli("scene --car sedan:x=eight" + out),
                       "--car sedan:x=eight: /x: expected a number");
    expectOneLineError(runCli("scene --car sedan:speed=3" + out), "/speed: unknown key");
    expectOneLineError(
        runCli("scene --car sedan:x=10,y=0 --car suv:x=10.5,y=0 --on-overlap error" + out),
        "car 1 (suv) overlaps car 0");
    std::ofstream(dir / "bad.obj") << "v 0 0 0\nf 1 2 3\n";
    std::ofstream(dir / "bad.json") << R"({"mesh": "bad.obj", "default": {"label": "vehicle"}})";
    std::ofstream(dir / "scene.json")
        << R"({"objects": [{"type": "import", "sidecar": "bad.json"}]})";
    expectOneLineError(runCli("scan " + (dir / "scene.json").string() + " --lidar vlp16" + out),
                       "bad.obj: cannot import mesh");
    EXPECT_FALSE(fs::exists(dir / "out" / "scan.bin"));
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

TEST(Cli, DriveBadInputGivesOneLineErrorsAndWritesNothing) {
    const fs::path dir = tempDir("drivebad");
    const std::string out = " -o " + (dir / "out").string();
    const std::pair<const char*, const char*> cases[] = {
        {R"({"motion": "fast"})", "/motion: \"none\", \"ego\" or \"ego+traffic\""},
        {R"({"background": "parking:1"})", "/background: a background with a road network"},
        {R"({"route": {"waypoints_m": [[0, 0]]}})", "/route/waypoints_m: a list of at least two"},
        {R"({"speed": {"cruise_mps": 30}})", "/speed/cruise_mps: at most max_speed_mps"},
        {R"({"traffic": {"cars": 2, "colour": 1}})", "/traffic/colour: unknown key"},
        {R"({"lidar": "hdl65"})", "/lidar: one of"},
        {R"({"sequence": "7"})", "/sequence: two digits"}};
    for (const auto& [json, expected] : cases) {
        write(dir / "drive.json", json);
        expectOneLineError(runCli("drive " + (dir / "drive.json").string() + out),
                           std::string("drive.json: ") + expected);
        EXPECT_FALSE(fs::exists(dir / "out")) << json;
    }
    // A directory that holds another drive is refused, and keeps it.
    write(dir / "drive.json", R"({"duration_s": 0.2, "lidar": "vlp16"})");
    EXPECT_EQ(runCli("drive " + (dir / "drive.json").string() + out + " --no-progress").exit_code,
              0);
    write(dir / "drive.json", R"({"duration_s": 0.3, "lidar": "vlp16"})");
    expectOneLineError(runCli("drive " + (dir / "drive.json").string() + out),
                       "it holds another drive; use a new one");
    EXPECT_TRUE(fs::exists(dir / "out" / "sequences" / "00" / "velodyne" / "000001.bin"));
}

TEST(Cli, SweepBadInputGivesOneLineErrors) {
    const fs::path dir = tempDir("sweepbad");
    const std::string config = std::string(BLINDSPOT_SOURCE_DIR) + "/sweep/configs/demo-xy.json";
    const std::string out = " -o " + (dir / "run").string();
    expectOneLineError(runCli("sweep " + config + out + " --scans-only --shard 3/2"),
                       "--shard: expected i/N with 0 <= i < N (e.g. 0/4) or auto, got \"3/2\"");
    expectOneLineError(runCli("sweep " + config + out + " --model " + (dir / "nothing").string()),
                       "not a checkpoint: expected a directory holding model_card.json");
    expectOneLineError(runCli("generate --backgrounds urban-99 --scans 2" + out),
                       "--backgrounds: unknown background \"urban-99\"");
    expectOneLineError(runCli("generate --backgrounds train-01 --scans 2 --cars 5..2" + out),
                       "--cars: expected MIN..MAX with 0 <= MIN <= MAX");
    expectOneLineError(
        runCli("generate --backgrounds train-01 --scans 2 --models sedan,tank" + out),
        "--models: unknown car model \"tank\"; expected one of bus, coupe");
    expectOneLineError(runCli("train --data " + (dir / "nothing").string() + out),
                       "no labelled scans");
    expectOneLineError(runCli("export-csv " + (dir / "nothing").string()), "no results store here");
    expectOneLineError(
        runCli("merge " + (dir / "nothing").string() + " -o " + (dir / "m").string()),
        "no results store here");
    write(dir / "bg.json",
          R"({"name": "b", "dimensions": {"background": {"values": ["urban-01", "urban-99"]}}})");
    expectOneLineError(runCli("sweep " + (dir / "bg.json").string() + out + " --scans-only"),
                       "bg.json: /dimensions/background: unknown background \"urban-99\"");
    write(dir / "fx.json", R"({"name": "f", "dimensions": {"x": {"value": 10}},
        "lidar_effects": {"paper_mode": false, "fogg": true}})");
    expectOneLineError(runCli("sweep " + (dir / "fx.json").string() + out + " --scans-only"),
                       "fx.json: /lidar_effects/fogg");
    write(dir / "drop.json", R"({"name": "f", "dimensions": {"x": {"value": 10}},
        "lidar_effects": {"dropout": 1.5}})");
    expectOneLineError(runCli("sweep " + (dir / "drop.json").string() + out + " --scans-only"),
                       "/lidar_effects/dropout: a probability in [0, 1]");
    expectOneLineError(runCli("scene --weather hail:3 -o " + (dir / "s").string()),
                       "--weather: expected clear, fog:ALPHA_PER_M");
    const std::string plan = "plan " + config + " --shards 4 -o " + (dir / "plan").string();
    expectOneLineError(runCli(plan), "--slurm: expected exactly one of --slurm, --k8s");
    expectOneLineError(runCli(plan + " --k8s --run-root relative/runs"),
                       "--run-root: expected an absolute path that every node (pod) sees");
    expectOneLineError(runCli(plan + " --k8s --parallel 5"), "--parallel: expected 1..N");
    write(dir / "adaptive.json", R"({"name": "a", "lidar": "hdl64e",
        "sampler": {"type": "adaptive", "n": 20, "seed": 1,
                    "objective": {"metric": "target", "below": 0.5}},
        "dimensions": {"x_m": {"values": [6, 10, 14]}}})");
    expectOneLineError(runCli("plan " + (dir / "adaptive.json").string() +
                              " --shards 4 --parallel 2 --slurm -o " + (dir / "plan").string()),
                       "--parallel: an adaptive sweep's shards wait for each other");
    expectOneLineError(runCli("sweep " + (dir / "adaptive.json").string() + out + " --shard 0/2"),
                       "--shard-peers: a sharded adaptive sweep needs the shards' run directories");
    EXPECT_FALSE(fs::exists(dir / "plan" / "sweep-job.yaml"));
    const std::string none = (dir / "none.sqlite").string();
    expectOneLineError(runCli("history report " + none + " -o " + (dir / "h").string()),
                       "none.sqlite: no history here (blindspot history add RUN --store");
    expectOneLineError(runCli("history report " + none + " -o " + (dir / "h").string() +
                              " --gate-reference worst"),
                       "--gate-reference: expected median or best, got \"worst\"");
    EXPECT_FALSE(fs::exists(none));
    EXPECT_FALSE(fs::exists(dir / "run" / "results.sqlite"));
    fs::remove_all(dir);
}

namespace {

// `blindspot evaluate` with a checkpoint whose model.ts is a past fuzz_weights finding. A fresh
// process each time: what LibTorch does with a mangled archive depends on what it loaded before.
CliRun evaluateWithWeights(const std::string& name, const std::string& finding) {
    const fs::path dir = tempDir(name);
    fs::copy_file(fs::path(BLINDSPOT_TS_FIXTURE) / "model_card.json", dir / "model_card.json");
    fs::copy_file(fs::path(BLINDSPOT_SOURCE_DIR) / "tests/fuzz/regressions/fuzz_weights" / finding,
                  dir / "model.ts");
    return runCli("evaluate --model " + dir.string() + " -o " + (dir / "out").string() + " " +
                  BLINDSPOT_TS_FIXTURE + "/generated_lidar2d.npy");
}

}  // namespace

TEST(Cli, WeightsThatCrashLibTorchGiveOneLine) {
    // LibTorch 1.13's type parser dereferences null on this archive (SIGSEGV); the probe in a
    // child process turns that into an error naming the file.
#if defined(__SANITIZE_ADDRESS__)
    // ASan may keep its own SEGV handler in the child: then it reports and aborts (signal 6).
    expectOneLineError(evaluateWithWeights("segv", "type-parser-segv.ts"),
                       "model.ts: LibTorch crashed reading it (signal ");
#else
    expectOneLineError(evaluateWithWeights("segv", "type-parser-segv.ts"),
                       "model.ts: LibTorch crashed reading it (signal 11");
#endif
}

TEST(Cli, WeightsDeclaringMoreThanMemoryGiveOneLine) {
    // A 4 kB archive whose debug pickle declares a 32 GB string: std::bad_alloc in the release
    // build. ASan's operator new aborts instead of throwing, so there the probe's child dies.
#if defined(__SANITIZE_ADDRESS__)
    const std::string expected = "model.ts: LibTorch crashed reading it";
#else
    const std::string expected =
        "model.ts: not a TorchScript module (a record in the archive declares more bytes than "
        "memory holds";
#endif
    expectOneLineError(evaluateWithWeights("bad-alloc", "unpickler-declares-32gb.ts"), expected);
}

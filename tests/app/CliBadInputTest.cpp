// Runs the real `blindspot` executable on bad input: one line on stderr naming the file, the
// JSON path or the flag and what was expected, a non-zero exit code, never a crash, and nothing
// half-written.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "tests/app/CliFixtures.hpp"

namespace fs = std::filesystem;

namespace {

using blindspot::testing::CliRun;
using blindspot::testing::expectOneLineError;
using blindspot::testing::runCli;

using blindspot::testing::cli::tempDir;
using blindspot::testing::cli::write;

using blindspot::testing::cli::kScene;

}  // namespace


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
    // Issue 35: the inference precision is fp32 or bf16, and only a LibTorch network has one.
    const std::string sweep = std::string(BLINDSPOT_SOURCE_DIR) + "/sweep/configs/demo-xy.json";
    expectOneLineError(runCli("sweep " + sweep + " --precision fp16" + out),
                       "--precision: fp32 or bf16; got \"fp16\"");
    expectOneLineError(runCli("sweep " + sweep + " --precision bf16 --scans-only" + out),
                       "--precision: fp32 without a LibTorch network");
    EXPECT_FALSE(fs::exists(dir / "out" / "results.sqlite"));
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
    expectOneLineError(runCli("generate --backgrounds train-01 --scans 2 --people 3..1" + out),
                       "--people: expected MIN..MAX with 0 <= MIN <= MAX");
    expectOneLineError(runCli("generate --backgrounds train-01 --scans 2 --people two" + out),
                       "--people: expected a people count MIN..MAX, like 2..8, got \"two\"");
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

TEST(Cli, EvaluateThroughAnExternalNetworkRefusesWhatItCannotDo) {
    const fs::path dir = tempDir("evaluate-external");
    const std::string spec =
        std::string(BLINDSPOT_SOURCE_DIR) + "/models/external/pointwise.json";
    const std::string data = std::string(BLINDSPOT_TS_FIXTURE) + "/generated_lidar2d.npy";
    const std::string out = " -o " + (dir / "out").string();
    expectOneLineError(runCli("evaluate --knn --model external:" + spec + " " + data + out),
                       "--knn: a range-image network; an external one answers per point already");
    expectOneLineError(runCli("evaluate --class lorry --model external:" + spec + " " + data + out),
                       "--class: a class of the model; got \"lorry\"");
    expectOneLineError(runCli("evaluate --model external:" + (dir / "none.json").string() + " " +
                              data + out),
                       "none.json: cannot open for reading");
    EXPECT_FALSE(fs::exists(dir / "out"));
}

// Issue 52: recorded frames as backgrounds, on the hand-built street of
// tests/core/HandBuiltStreet.hpp written as a SemanticKITTI sequence: frame names and ranges,
// content hashes, the ground under a target, collisions with real points, and the CLI's one-line
// errors for bad input.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <functional>
#include <set>
#include <sstream>

#include "core/base/AtomicFile.hpp"
#include "core/base/Error.hpp"
#include "scenes/CarModel.hpp"
#include "scenes/RealScene.hpp"
#include "tests/TempDir.hpp"
#include "tests/TestPaths.hpp"
#include "tests/app/CliFixtures.hpp"
#include "tests/core/HandBuiltStreet.hpp"

using namespace blindspot;
using namespace blindspot::testing;
namespace fs = std::filesystem;

namespace {

// DIR/velodyne/NNNNNN.bin and DIR/labels/NNNNNN.label for each of `frames`.
std::string writeSequence(const fs::path& dir, const std::vector<std::size_t>& frames) {
    const PointList points = street(lasers()).points;
    fs::create_directories(dir / "velodyne");
    fs::create_directories(dir / "labels");
    for (std::size_t f : frames) {
        writeFileAtomic((dir / "velodyne" / (kittiFrameName(f) + ".bin")).string(),
                        encodeKittiBin(points));
        writeFileAtomic((dir / "labels" / (kittiFrameName(f) + ".label")).string(),
                        encodeSemanticKittiLabel(points));
    }
    return dir.string();
}

std::string errorOf(const std::function<void()>& f) {
    try {
        f();
    } catch (const Error& e) {
        return e.what();
    }
    return "(no error)";
}

ScenarioCar sedanAt(double x_m, double y_m) {
    ScenarioCar c;
    c.model = "sedan";
    c.x_m = x_m;
    c.y_m = y_m;
    return c;
}

}  // namespace

TEST(RealBackground, FrameRangesExpandAndBadOnesNameTheProblem) {
    const std::string dir = writeSequence(freshTempDir("real-range") / "08", {0, 1, 2, 4});
    const ErrorSource where = ErrorSource::value("/dimensions/background");
    EXPECT_EQ(expandRealBackground("urban-01", where), std::vector<std::string>{"urban-01"});
    EXPECT_EQ(expandRealBackground("real:" + dir + "#0..2", where).size(), 3u);
    EXPECT_EQ(expandRealBackground("real:" + dir + "#0..4:2", where),
              (std::vector<std::string>{"real:" + dir + "#0", "real:" + dir + "#2",
                                        "real:" + dir + "#4"}));
    const auto expand = [&](const std::string& v) {
        return [=] { expandRealBackground(v, where); };
    };
    EXPECT_NE(errorOf(expand("real:" + dir + "#3")).find("frame 3 is missing"), std::string::npos);
    EXPECT_NE(
        errorOf(expand("real:" + dir + "#0..9")).find("past the sequence's last frame (5 frames"),
        std::string::npos);
    EXPECT_NE(errorOf(expand("real:" + dir + "#x")).find("whole frame numbers"), std::string::npos);
    EXPECT_NE(errorOf(expand("real:/nowhere#0")).find("/nowhere/velodyne does not exist"),
              std::string::npos);
}

TEST(RealBackground, TheContentHashFollowsTheBytes) {
    const fs::path root = freshTempDir("real-hash");
    const std::string dir = writeSequence(root / "08", {0, 1});
    const ErrorSource where = ErrorSource::value("/background");
    const RealFrame a = loadRealFrame("real:" + dir + "#0", where);
    EXPECT_TRUE(a.labelled);
    EXPECT_EQ(a.points.size(), street(lasers()).points.size());
    EXPECT_EQ(loadRealFrame("real:" + dir + "#1", where).content_hash, a.content_hash);
    PointList changed = a.points;
    changed.label[0] ^= 1;  // one id, one bit
    writeFileAtomic(dir + "/labels/000001.label", encodeSemanticKittiLabel(changed));
    EXPECT_NE(loadRealFrame("real:" + dir + "#1", where).content_hash, a.content_hash);
    writeFileAtomic(dir + "/labels/000001.label", "12345678");
    EXPECT_NE(errorOf([&] { loadRealFrame("real:" + dir + "#1", where); }).find("holds 2 labels"),
              std::string::npos);
}

TEST(RealScene, TargetsStandOnTheRealGroundAndSkipTheWall) {
    const std::string dir = writeSequence(freshTempDir("real-ground") / "08", {0});
    const ErrorSource where = ErrorSource::value("/cars");
    RealFrame frame = loadRealFrame("real:" + dir + "#0", where);
    const auto models = loadCarModels(std::string(BLINDSPOT_SOURCE_DIR) + "/scenes/cars");
    const auto scene = composeRealScene(frame, {sedanAt(10, 0), sedanAt(20, 0)}, models, lasers(),
                                        1, false, where);
    ASSERT_EQ(scene.targets.size(), 2u);
    EXPECT_EQ(scene.targets[0].ground_source, "labels");
    EXPECT_NEAR(scene.targets[0].world_from_target.translation_m.z(), kGroundZ, 1e-5);
    EXPECT_GT(scene.targets[0].points, 300u);
    EXPECT_EQ(scene.targets[0].skipped, "");
    // The wall at x = 20 m runs through the second car's box.
    EXPECT_EQ(scene.targets[1].skipped.rfind("collides with ", 0), 0u) << scene.targets[1].skipped;
    EXPECT_NE(scene.targets[1].skipped.find(" building points"), std::string::npos);
    EXPECT_EQ(scene.targets[1].points, 0u);
    // Without labels the lowest returns give the same ground; kept, the colliding car is placed.
    frame.labelled = false;
    const auto kept =
        composeRealScene(frame, {sedanAt(10, 0), sedanAt(20, 0)}, models, lasers(), 1, true, where);
    EXPECT_EQ(kept.targets[0].ground_source, "lowest returns");
    EXPECT_NEAR(kept.targets[0].world_from_target.translation_m.z(), kGroundZ, 1e-5);
    EXPECT_EQ(kept.targets[1].skipped, "");
    EXPECT_GT(kept.targets[1].points, 0u);
}

TEST(Cli, RealBackgroundBadInputGivesOneLineErrors) {
    const fs::path root = freshTempDir("real-cli");
    const std::string dir = writeSequence(root / "08", {0, 1, 3});
    const std::string out = " -o " + (root / "out").string();
    const std::string scene = "scene --lidar hdl64e-kitti --car sedan:x=10 --background ";
    using blindspot::testing::expectOneLineError;
    using blindspot::testing::runCli;
    expectOneLineError(runCli(scene + "real:" + dir + "#2" + out), "frame 2 is missing");
    expectOneLineError(runCli(scene + "real:" + dir + "#0..4" + out),
                       "past the sequence's last frame");
    expectOneLineError(
        runCli("scene --lidar vlp16 --car sedan:x=10 --background real:" + dir + "#0" + out),
        "fit no laser of LiDAR \"vlp16\"");
    writeFileAtomic(dir + "/labels/000001.label", "1234");
    expectOneLineError(runCli(scene + "real:" + dir + "#1" + out), "holds 1 labels");
    EXPECT_FALSE(fs::exists(root / "out"));  // nothing written, not even the directory
}

TEST(Cli, ASkippedPlacementIsReportedAgainFromTheScanCache) {
    // Two placements on the hand-built street, the second in its wall: a first sweep records
    // why it was skipped; a second sweep over the first one's scan cache casts nothing and must
    // record the same reason, or its report would count the skipped scene as a placed one.
    const fs::path root = freshTempDir("real-cache");
    const std::string dir = writeSequence(root / "08", {0});
    blindspot::testing::cli::write(root / "sweep.json", R"({"name": "wall", "lidar": "hdl64e-kitti",
        "sampler": {"type": "grid"}, "dimensions": {"car_model": {"value": "sedan"},
        "x_m": {"values": [10, 20]}, "y_m": {"value": 0},
        "background": {"value": "real:)" + dir + R"(#0"}}})");
    using blindspot::testing::runCli;
    const std::string sweep = "sweep " + (root / "sweep.json").string() + " --scans-only -o ";
    ASSERT_EQ(runCli(sweep + (root / "first").string()).exit_code, 0);
    const auto second = runCli(sweep + (root / "second").string() + " --scan-cache " +
                               (root / "first" / "scans").string());
    ASSERT_EQ(second.exit_code, 0) << second.err;
    // Each scene's skip reason (the rows' other columns include timings, which differ).
    auto skipped = [&](const char* run) {
        std::istringstream csv(runCli("export-csv " + (root / run).string()).out);
        std::string line, cell;
        std::getline(csv, line);
        std::vector<std::string> header;
        for (std::istringstream h(line); std::getline(h, cell, ',');) header.push_back(cell);
        // Counted from the end: the sample's JSON column holds quoted commas.
        const auto from_end = std::size_t(header.end() -
                                          std::find(header.begin(), header.end(), "skipped"));
        std::set<std::pair<std::string, std::string>> out;
        while (std::getline(csv, line)) {
            std::vector<std::string> cells(1);  // every field, the empty trailing ones too
            for (char ch : line) {
                if (ch == ',')
                    cells.emplace_back();
                else
                    cells.back().push_back(ch);
            }
            out.insert({cells[0], cells[cells.size() - from_end]});
        }
        return out;
    };
    const auto first = skipped("first");
    std::string reasons;
    for (const auto& [id, why] : first) reasons += id + ": \"" + why + "\"; ";
    ASSERT_EQ(first.size(), 2u) << reasons;
    EXPECT_NE(reasons.find("collides with "), std::string::npos) << reasons;
    EXPECT_EQ(skipped("second"), first);
}

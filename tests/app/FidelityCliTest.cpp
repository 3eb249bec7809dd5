// blindspot fidelity: the statistics of the real side are those of the file, counted again here.
#include <gtest/gtest.h>

#include <filesystem>

#include "core/base/Json.hpp"
#include "tests/CliRun.hpp"
#include "tests/TempDir.hpp"
#include "tests/TestPaths.hpp"

using namespace blindspot;
using blindspot::testing::CliRun;
using blindspot::testing::runCli;
namespace fs = std::filesystem;

TEST(Fidelity, RealStatisticsMatchTheFileAndTheFigureIsWritten) {
    const std::string fixture = BLINDSPOT_TS_FIXTURE;
    const auto dir = blindspot::testing::freshTempDir("fidelity");
    const CliRun r = runCli("fidelity " + fixture +
                            "/generated_lidar2d.npy --scenes 2 --cars 3 -o " + dir.string());
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto stats = readJsonFile((dir / "statistics.json").string());
    const auto expected = readJsonFile(fixture + "/generated_lidar2d_expected.json");
    // Returns in the generated file (python counted them), over its 64 x 512 cells.
    EXPECT_NEAR(stats.at("real").at("valid_fraction").get<double>(),
                expected.at("returns").get<double>() / (64.0 * 512.0), 1e-12);
    EXPECT_EQ(stats.at("real").at("valid_fraction_per_row").size(), 64u);
    EXPECT_EQ(stats.at("simulated").at("scans"), 2);
    // The fixture's intensities are uniform in [0, 0.6): mean 0.3, std 0.6 / sqrt(12).
    EXPECT_NEAR(stats.at("real").at("intensity_mean").get<double>(), 0.3, 0.01);
    EXPECT_NEAR(stats.at("real").at("intensity_std").get<double>(), 0.6 / std::sqrt(12.0), 0.01);
    for (const char* f : {"fidelity.png", "real_front.png", "sim_front.png"})
        EXPECT_GT(fs::file_size(dir / f), 1000u) << f;
}

// The same generated scans written once in SemanticKITTI ids ("real") and once in the MATLAB
// palette (--sim): per class, both sides must read the same numbers, so the palette is mapped
// onto SemanticKITTI's classes point for point.
TEST(Fidelity, PerClassStatisticsAgreeAcrossLabelSets) {
    const auto dir = blindspot::testing::freshTempDir("fidelity-classes");
    const std::string gen =
        "generate --backgrounds kitti-01 --scans 2 --cars 1..2 --seed 4 "
        "--lidar hdl64e-kitti --label-set ";
    ASSERT_EQ(runCli(gen + "semantickitti -o " + (dir / "sk").string()).exit_code, 0);
    ASSERT_EQ(runCli(gen + "matlab -o " + (dir / "palette").string()).exit_code, 0);
    const CliRun r =
        runCli("fidelity " + (dir / "sk").string() + " --sim " + (dir / "palette").string() +
               " --scenes 1 -o " + (dir / "out").string());
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto stats = readJsonFile((dir / "out" / "class_statistics.json").string());
    const auto& real = stats.at("real").at("classes");
    const auto& sim = stats.at("simulated").at("classes");
    EXPECT_EQ(stats.at("real").at("scans"), 2);
    EXPECT_EQ(real.size(), sim.size());
    for (const auto& c : {"road", "building", "vegetation", "car"}) {
        ASSERT_TRUE(real.contains(c)) << c;
        EXPECT_EQ(real.at(c).at("points"), sim.at(c).at("points")) << c;
        EXPECT_EQ(real.at(c).at("height_m"), sim.at(c).at("height_m")) << c;
        EXPECT_EQ(real.at(c).at("planarity"), sim.at(c).at("planarity")) << c;
    }
    EXPECT_GT(fs::file_size(dir / "out" / "classes.png"), 1000u);

    const CliRun bad =
        runCli("fidelity " + std::string(BLINDSPOT_TS_FIXTURE) + "/generated_lidar2d.npy --sim " +
               (dir / "palette").string() + " --scenes 1 -o " + (dir / "bad").string());
    EXPECT_NE(bad.exit_code, 0);
    EXPECT_NE(bad.err.find("--sim"), std::string::npos) << bad.err;
    EXPECT_FALSE(fs::exists(dir / "bad"));  // refused before anything is written
}

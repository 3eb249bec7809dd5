// Recorded scans: the .npy reader refuses what is not a lidar_2d scan, SemanticKITTI ids map to the
// model's classes, and `blindspot evaluate` scores the TorchScript fixture on a generated lidar_2d
// file exactly as PyTorch does (tests/models/make_lidar2d_fixture.py).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "core/base/Error.hpp"
#include "core/base/Json.hpp"
#include "core/base/NpyFile.hpp"
#include "models/network/RecordedScans.hpp"
#include "tests/CliRun.hpp"
#include "tests/TempDir.hpp"
#include "tests/TestPaths.hpp"

using namespace blindspot;
using blindspot::testing::CliRun;
using blindspot::testing::runCli;
namespace fs = std::filesystem;

namespace {

const std::string kFixture = BLINDSPOT_TS_FIXTURE;

// A .npy file: magic, version 1.0, the header padded to 64 bytes, then `data_bytes` zero bytes.
void writeNpy(const fs::path& path, const std::string& dict, std::size_t data_bytes,
              const std::string& magic = "\x93NUMPY") {
    std::string header = dict;
    while ((10 + header.size() + 1) % 64) header += ' ';
    header += '\n';
    std::ofstream out(path, std::ios::binary);
    out << magic << char(1) << char(0) << char(header.size() & 255) << char(header.size() >> 8)
        << header << std::string(data_bytes, '\0');
}

std::string fileErrorOf(const fs::path& path) {
    try {
        readNpyFloat32(path.string());
    } catch (const FileError& e) {
        return e.what();
    }
    return "no error";
}

}  // namespace

TEST(NpyFile, MalformedFilesAreRefusedWithWhatWasExpected) {
    const auto dir = blindspot::testing::freshTempDir("npy");
    const std::string shape = "'shape': (64, 512, 6), }";
    writeNpy(dir / "ok.npy", "{'descr': '<f4', 'fortran_order': False, " + shape, 64 * 512 * 6 * 4);
    EXPECT_EQ(readNpyFloat32((dir / "ok.npy").string()).shape,
              (std::vector<std::size_t>{64, 512, 6}));
    writeNpy(dir / "f8.npy", "{'descr': '<f8', 'fortran_order': False, " + shape, 64 * 512 * 6 * 8);
    EXPECT_NE(fileErrorOf(dir / "f8.npy").find("expected little-endian float32"),
              std::string::npos);
    writeNpy(dir / "fortran.npy", "{'descr': '<f4', 'fortran_order': True, " + shape,
             64 * 512 * 6 * 4);
    EXPECT_NE(fileErrorOf(dir / "fortran.npy").find("expected C order"), std::string::npos);
    writeNpy(dir / "short.npy", "{'descr': '<f4', 'fortran_order': False, " + shape, 1000);
    EXPECT_NE(fileErrorOf(dir / "short.npy").find("truncated"), std::string::npos);
    writeNpy(dir / "magic.npy", "{}", 0, "NOTNPY");
    EXPECT_NE(fileErrorOf(dir / "magic.npy").find("not a NumPy .npy file"), std::string::npos);
    // Shapes numpy never writes, and sizes no file holds (fuzz_lidar2d_npy: a 30-digit dimension).
    writeNpy(dir / "tuple.npy", "{'descr': '<f4', 'fortran_order': False, 'shape': (6, ;, 66,), }",
             0);
    EXPECT_NE(fileErrorOf(dir / "tuple.npy").find("expected an array shape such as (64, 512, 6)"),
              std::string::npos);
    writeNpy(dir / "huge.npy",
             "{'descr': '<f4', 'fortran_order': False, 'shape': (4, 111050555555555555555), }", 0);
    EXPECT_NE(fileErrorOf(dir / "huge.npy").find("holds more than 2^40 values"), std::string::npos);
    writeNpy(dir / "product.npy",
             "{'descr': '<f4', 'fortran_order': False, 'shape': (1048576, 1048576, 2), }", 0);
    EXPECT_NE(fileErrorOf(dir / "product.npy").find("holds more than 2^40 values"),
              std::string::npos);
    writeNpy(dir / "vector.npy", "{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }", 12);
    EXPECT_EQ(readNpyFloat32((dir / "vector.npy").string()).shape, std::vector<std::size_t>{3});
    // A float32 array of another shape is not a lidar_2d scan.
    writeNpy(dir / "shape.npy", "{'descr': '<f4', 'fortran_order': False, 'shape': (64, 512, 5), }",
             64 * 512 * 5 * 4);
    const auto card = squeezeSegCard(true);
    try {
        loadRecordedScans({(dir / "shape.npy").string()}, card);
        FAIL() << "a 64 x 512 x 5 array was accepted";
    } catch (const FileError& e) {
        EXPECT_NE(std::string(e.what()).find("shape.npy: lidar_2d shape must be 64 x 512 x 6"),
                  std::string::npos)
            << e.what();
    }
}

TEST(RecordedScans, SemanticKittiIdsMapThroughTheCardsSemanticKittiMap) {
    const auto card = squeezeSegCard(true);  // derived from its palette map
    const auto cls = [&](std::uint16_t id) {
        return classOfLabel(card, LabelSet::kSemanticKitti, id);
    };
    EXPECT_EQ(cls(10), 1);   // car
    EXPECT_EQ(cls(252), 1);  // moving car
    EXPECT_EQ(cls(30), 2);   // person
    EXPECT_EQ(cls(253), 3);  // moving bicyclist
    EXPECT_EQ(cls(40), 0);   // road: unknown to this model
    EXPECT_EQ(cls(18), 0);   // truck: not a car to SqueezeSeg's card
    EXPECT_EQ(cls(0), -1);   // unlabeled: not scored
    EXPECT_EQ(cls(1), -1);   // outlier: not scored
    // The same ids in the MATLAB palette: 40 is not road there, 7 is.
    EXPECT_EQ(classOfLabel(card, LabelSet::kMatlab, 10), 1);
    EXPECT_EQ(classOfLabel(card, LabelSet::kMatlab, 61), 3);  // bicyclist
}

TEST(RecordedScans, ADatasetInTheMatlabPaletteIsScoredInThatPalette) {
    // Palette 61 (bicyclist) would be "other" as a SemanticKITTI id; generate.json says matlab.
    const auto dir = blindspot::testing::freshTempDir("kitti-matlab");
    const auto seq = dir / "sequences" / "00";
    fs::create_directories(seq / "velodyne");
    fs::create_directories(seq / "labels");
    const float point[4] = {10.0f, 0.0f, 0.0f, 0.5f};
    std::ofstream(seq / "velodyne" / "000000.bin", std::ios::binary)
        .write(reinterpret_cast<const char*>(point), sizeof point);
    const std::uint32_t bicyclist = 61;
    std::ofstream(seq / "labels" / "000000.label", std::ios::binary)
        .write(reinterpret_cast<const char*>(&bicyclist), sizeof bicyclist);
    const auto card = squeezeSegCard(true);
    const auto truthOf = [&] {
        const auto scans = loadRecordedScans({dir.string()}, card);
        for (int t : scans.at(0).truth)
            if (t >= 0) return t;
        return -1;
    };
    EXPECT_EQ(truthOf(), 0);  // no record: SemanticKITTI ids, 61 is nothing SqueezeSeg knows
    std::ofstream(dir / "generate.json") << R"({"label_set": "matlab"})";
    EXPECT_EQ(truthOf(), 3);  // cyclist
    std::ofstream(dir / "generate.json") << R"({"label_set": "kitti"})";
    try {
        truthOf();
        FAIL() << "an unknown label set was accepted";
    } catch (const ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find("generate.json: /label_set: expected a label set"),
                  std::string::npos)
            << e.what();
    }
}

TEST(RecordedScans, LabelCountMustMatchThePointCount) {
    const auto dir = blindspot::testing::freshTempDir("kitti-mismatch");
    fs::create_directories(dir / "velodyne");
    fs::create_directories(dir / "labels");
    std::ofstream(dir / "velodyne" / "000000.bin", std::ios::binary) << std::string(10 * 16, '\0');
    std::ofstream(dir / "labels" / "000000.label", std::ios::binary) << std::string(9 * 4, '\0');
    EXPECT_THROW(loadRecordedScans({dir.string()}, squeezeSegCard(true)), FileError);
}

TEST(Evaluate, FixtureModelOnAGeneratedLidar2dScanMatchesPyTorch) {
    const auto dir = blindspot::testing::freshTempDir("evaluate");
    const CliRun r = runCli("evaluate --model " + kFixture + " " + kFixture +
                            "/generated_lidar2d.npy -o " + (dir / "out").string());
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const nlohmann::json expected = readJsonFile(kFixture + "/generated_lidar2d_expected.json");
    const nlohmann::json summary = readJsonFile((dir / "out" / "summary.json").string());
    ASSERT_EQ(summary.at("scans").size(), 1u);
    const auto& scan = summary.at("scans")[0];
    EXPECT_EQ(scan.at("format"), "lidar_2d");
    EXPECT_EQ(scan.at("returns"), expected.at("returns"));
    for (const auto& c : scan.at("classes")) {
        const auto& want = expected.at("classes").at(c.at("class").get<std::string>());
        EXPECT_EQ(c.at("tp"), want.at("tp")) << c.dump();
        EXPECT_EQ(c.at("fp"), want.at("fp")) << c.dump();
        EXPECT_EQ(c.at("fn"), want.at("fn")) << c.dump();
    }
    // Pinned (numpy's PCG64 stream and the fixture's seeded weights, empty cells zeroed as the
    // fixture's card defaults to; normalised, they were 450, 14314, 1003): car TP, FP, FN.
    EXPECT_EQ(expected.at("classes").at("car").at("tp"), 497);
    EXPECT_EQ(expected.at("classes").at("car").at("fp"), 15865);
    EXPECT_EQ(expected.at("classes").at("car").at("fn"), 956);
    EXPECT_NE(r.out.find("generated_lidar2d: car IoU"), std::string::npos) << r.out;
    EXPECT_TRUE(fs::exists(dir / "out" / "index.html"));
    // A file that is not a scan: one line naming it, exit 4.
    std::ofstream(dir / "bad.npy") << "not numpy";
    const CliRun bad = runCli("evaluate --model " + kFixture + " " + (dir / "bad.npy").string() +
                              " -o " + (dir / "bad").string());
    EXPECT_EQ(bad.exit_code, 4);
    EXPECT_NE(bad.err.find("bad.npy: not a NumPy .npy file"), std::string::npos) << bad.err;
    EXPECT_FALSE(fs::exists(dir / "bad" / "summary.json"));
}

// The real KITTI scans in ../shared/data (never committed): both read as 64 x 512 lidar_2d scans
// with the returns and label counts of their files, and the bundled baseline scores them.
TEST(Evaluate, RealKittiLidar2dScansWhenPresent) {
    const fs::path data =
        fs::path(BLINDSPOT_SOURCE_DIR) / ".." / "shared" / "data" / "squeezeseg-samples";
    if (!fs::exists(data)) GTEST_SKIP() << "no " << data;
    const auto scans = loadRecordedScans({data.string()}, squeezeSegCard(true));
    ASSERT_EQ(scans.size(), 2u);
    for (const auto& s : scans) {
        std::size_t returns = 0, cars = 0;
        for (std::size_t i = 0; i < s.truth.size(); ++i) {
            returns += s.image.mask[i];
            cars += s.truth[i] == 1;
        }
        EXPECT_GT(returns, 25000u) << s.name;  // about 87 % of the 32,768 cells
        EXPECT_GT(cars, 1000u) << s.name;
    }
    const auto dir = blindspot::testing::freshTempDir("evaluate-real");
    const CliRun r = runCli("evaluate " + data.string() + " -o " + dir.string());
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("pooled car IoU"), std::string::npos) << r.out;
    std::printf("%s", r.out.c_str());
}

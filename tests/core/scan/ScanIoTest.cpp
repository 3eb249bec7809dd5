#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "core/base/AtomicFile.hpp"
#include "core/base/Error.hpp"
#include "core/raycast/RayCaster.hpp"
#include "core/scan/ScanIo.hpp"
#include "core/scan/ScanSummary.hpp"
#include "tests/TempDir.hpp"
#include "tests/core/BoxOnGroundScan.hpp"

using namespace blindspot;
namespace fs = std::filesystem;

namespace {

fs::path tempDir(const std::string& name) {
    return blindspot::testing::freshTempDir("test-" + name);
}

// A scan with returns and holes: a car-sized box and a ground plane seen by squeezeseg-front.
ScanGrid sampleScan() {
    return blindspot::testing::boxOnGroundScan(lidarPreset("squeezeseg-front"), 60);
}

bool sameFloat(float a, float b) { return std::memcmp(&a, &b, sizeof(float)) == 0; }

}  // namespace

TEST(ScanIo, KittiBinAndLabelRoundTrip) {
    const ScanGrid scan = sampleScan();
    const fs::path dir = tempDir("kitti");
    writeScanFiles(scan, dir.string());
    const PointList expected = validPoints(scan);
    ASSERT_GT(expected.size(), 1000u);
    ASSERT_LT(expected.size(), scan.cellCount());  // the sky leaves holes
    const PointList read =
        readKittiScan((dir / "scan.bin").string(), (dir / "scan.label").string());
    EXPECT_EQ(read.xyzi, expected.xyzi);
    EXPECT_EQ(read.label, expected.label);
    EXPECT_EQ(read.instance, expected.instance);
    EXPECT_EQ(fs::file_size(dir / "scan.bin"), expected.size() * 16);
    // Row-major grid order: the first valid point is the first valid cell.
    std::size_t first = 0;
    while (!scan.valid(first)) ++first;
    EXPECT_EQ(read.xyzi[0], scan.xyz_sensor_m[3 * first]);
    // A car point carries label 10 and instance 4 in the high 16 bits.
    const std::string raw = readFileBytes((dir / "scan.label").string());
    bool found_car = false;
    for (std::size_t i = 0; i < read.size(); ++i) {
        std::uint32_t v;
        std::memcpy(&v, raw.data() + 4 * i, 4);
        if ((v & 0xFFFF) == label::kVehicle) {
            EXPECT_EQ(v >> 16, 4u);
            found_car = true;
        }
    }
    EXPECT_TRUE(found_car);
    fs::remove_all(dir);
}

TEST(ScanIo, OrganisedPcdIsReadBack) {
    const ScanGrid scan = sampleScan();
    const fs::path dir = tempDir("pcd");
    writeScanFiles(scan, dir.string());
    const OrganisedCloud cloud = readPcd((dir / "scan.pcd").string());
    EXPECT_EQ(cloud.width, scan.cols());
    EXPECT_EQ(cloud.height, scan.rows());
    ASSERT_EQ(cloud.xyz.size(), scan.xyz_sensor_m.size());
    for (std::size_t i = 0; i < cloud.xyz.size(); ++i)
        ASSERT_TRUE(sameFloat(cloud.xyz[i], scan.xyz_sensor_m[i])) << i;
    for (std::size_t i = 0; i < scan.cellCount(); ++i) {
        ASSERT_TRUE(sameFloat(cloud.intensity[i], scan.reflectivity[i]));
        ASSERT_EQ(cloud.label[i], scan.label[i]);
        ASSERT_EQ(cloud.instance[i], scan.instance[i]);
    }
    fs::remove_all(dir);
}

TEST(ScanIo, ScanDirectoryRebuildsTheScanBitForBit) {
    const ScanGrid scan = sampleScan();
    const fs::path dir = tempDir("scandir");
    writeFileAtomic((dir / "scan.pcd").string(), encodeOrganisedPcd(scan));
    writeFileAtomic((dir / "scan.json").string(), scanSummaryJson(scan).dump());
    const ScanGrid back = readScanDirectory(dir.string());
    EXPECT_TRUE(back == scan);
    EXPECT_TRUE(back.world_from_sensor.isApprox(scan.world_from_sensor, 1e-15));
    EXPECT_EQ(back.spec.elevation_deg, scan.spec.elevation_deg);
    fs::remove_all(dir);
}

TEST(ScanIo, AsciiPcdFromOtherToolsIsRead) {
    const fs::path dir = tempDir("ascii");
    const fs::path file = dir / "tiny.pcd";
    std::ofstream(file)
        << "# .PCD v0.7\nVERSION 0.7\nFIELDS x y z\nSIZE 4 4 4\nTYPE F F F\nCOUNT 1 1 1\n"
           "WIDTH 2\nHEIGHT 1\nVIEWPOINT 0 0 0 1 0 0 0\nPOINTS 2\nDATA ascii\n1 2 3\nnan nan nan\n";
    const OrganisedCloud cloud = readPcd(file.string());
    EXPECT_EQ(cloud.width, 2);
    EXPECT_FLOAT_EQ(cloud.xyz[2], 3.0f);
    EXPECT_TRUE(std::isnan(cloud.xyz[3]));
    EXPECT_TRUE(cloud.label.empty());
    fs::remove_all(dir);
}

TEST(ScanIo, PlyHeaderAndSize) {
    const ScanGrid scan = sampleScan();
    const fs::path dir = tempDir("ply");
    writeScanFiles(scan, dir.string());
    const std::string ply = readFileBytes((dir / "scan.ply").string());
    const std::string header_end = "end_header\n";
    const std::size_t body = ply.find(header_end) + header_end.size();
    EXPECT_EQ(ply.rfind("ply\nformat binary_little_endian 1.0\n", 0), 0u);
    EXPECT_NE(ply.find("element vertex " + std::to_string(scan.validCount()) + "\n"),
              std::string::npos);
    EXPECT_EQ(ply.size() - body, scan.validCount() * 20);  // 4 floats + 2 ushorts
    fs::remove_all(dir);
}

TEST(ScanIo, CorruptFilesGiveFileErrors) {
    const fs::path dir = tempDir("corrupt");
    std::ofstream(dir / "bad.bin", std::ios::binary) << "0123456789";  // 10 bytes
    EXPECT_THROW(readKittiScan((dir / "bad.bin").string()), FileError);
    std::ofstream(dir / "bad.pcd") << "VERSION 0.7\nFIELDS x y z\nWIDTH 1\n";
    try {
        readPcd((dir / "bad.pcd").string());
        FAIL();
    } catch (const FileError& e) {
        EXPECT_NE(std::string(e.what()).find("bad.pcd: PCD header"), std::string::npos);
    }
    std::ofstream(dir / "short.pcd")
        << "FIELDS x y z\nSIZE 4 4 4\nTYPE F F F\nCOUNT 1 1 1\nWIDTH 4\nHEIGHT 1\n"
           "POINTS 4\nDATA binary\nxx";
    EXPECT_THROW(readPcd((dir / "short.pcd").string()), FileError);
    EXPECT_THROW(readPcd((dir / "missing.pcd").string()), FileError);
    fs::remove_all(dir);
}

// Issue 20's PCD reader bugs, one crafted file each.
std::string pcdError(const fs::path& file, const std::string& text) {
    std::ofstream(file, std::ios::binary) << text;
    try {
        readPcd(file.string());
    } catch (const FileError& e) {
        return e.what();
    }
    return "no error";
}

TEST(ScanIo, PcdFloatFieldsOfOneOrTwoBytesAreRejected) {
    // Read as 4-byte floats, a SIZE 1 field ran past the buffer on the last point.
    const fs::path dir = tempDir("pcd-float-size");
    for (const std::string size : {"1", "2"}) {
        const std::string e =
            pcdError(dir / "f.pcd", "FIELDS x y z\nSIZE 4 4 " + size +
                                        "\nTYPE F F F\nCOUNT 1 1 1\nWIDTH 1\nHEIGHT 1\nPOINTS 1\n"
                                        "DATA binary\n" +
                                        std::string(8 + std::stoul(size), '\0'));
        EXPECT_NE(e.find("field z has an unsupported SIZE " + size), std::string::npos) << e;
    }
    fs::remove_all(dir);
}

TEST(ScanIo, PcdSizeThatWouldOverflowIsShortData) {
    const fs::path dir = tempDir("pcd-overflow");
    // POINTS x point bytes wraps size_t: 2^60 points x 16 bytes is 0 (mod 2^64) bytes, so the old
    // length check passed and the reader ran off the end of the file.
    const std::string e = pcdError(
        dir / "o.pcd",
        "FIELDS x y z intensity\nSIZE 4 4 4 4\nTYPE F F F F\nCOUNT 1 1 1 1\nWIDTH 1073741824\n"
        "HEIGHT 1073741824\nPOINTS 1152921504606846976\nDATA binary\n" +
            std::string(32, '\0'));
    EXPECT_NE(e.find("binary data is shorter than POINTS x point size"), std::string::npos) << e;
    const std::string negative =
        pcdError(dir / "n.pcd", "FIELDS x y z\nSIZE 4 4 4\nTYPE F F F\nCOUNT 1 1 -1\nWIDTH 1\n");
    EXPECT_NE(negative.find("expected a non-negative number in COUNT"), std::string::npos)
        << negative;
    fs::remove_all(dir);
}

TEST(ScanIo, PcdAsciiValueThatIsNotANumberIsAnError) {
    const fs::path dir = tempDir("pcd-ascii-word");
    const std::string e = pcdError(dir / "w.pcd",
                                   "FIELDS x y z\nSIZE 4 4 4\nTYPE F F F\nCOUNT 1 1 1\nWIDTH 2\n"
                                   "HEIGHT 1\nPOINTS 2\nDATA ascii\n1 2 3\n4 five 6\n");
    EXPECT_NE(e.find("ascii point 1 value 2: expected a number, got \"five\""), std::string::npos)
        << e;
    fs::remove_all(dir);
}

TEST(ScanIo, PcdAsciiCountAboveOneReadsTheFieldsFirstValue) {
    // normal has COUNT 3: each point has 1 + 3 + 1 + 1 words, and z is the sixth word.
    const fs::path dir = tempDir("pcd-ascii-count");
    const fs::path file = dir / "c.pcd";
    std::ofstream(file) << "FIELDS x normal y z\nSIZE 4 4 4 4\nTYPE F F F F\nCOUNT 1 3 1 1\n"
                           "WIDTH 2\nHEIGHT 1\nPOINTS 2\nDATA ascii\n"
                           "1 0.1 0.2 0.3 2 3\n4 0.4 0.5 0.6 5 6\n";
    const OrganisedCloud cloud = readPcd(file.string());
    ASSERT_EQ(cloud.xyz.size(), 6u);
    EXPECT_EQ(cloud.xyz, (std::vector<float>{1, 2, 3, 4, 5, 6}));
    fs::remove_all(dir);
}

TEST(AtomicFile, LeavesNoTemporaryBehind) {
    const fs::path dir = tempDir("atomic");
    writeFileAtomic((dir / "a.txt").string(), "first");
    writeFileAtomic((dir / "a.txt").string(), "second");
    EXPECT_EQ(readFileBytes((dir / "a.txt").string()), "second");
    EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1);
    EXPECT_THROW(writeFileAtomic((dir / "no-such-dir" / "b.txt").string(), "x"), FileError);
    fs::remove_all(dir);
}

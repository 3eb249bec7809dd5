#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "core/base/Error.hpp"
#include "core/lidar/SensorResponse.hpp"
#include "core/lidar/SensorReturns.hpp"
#include "core/raycast/RayCaster.hpp"
#include "core/scan/ScanPack.hpp"
#include "tests/core/BoxOnGroundScan.hpp"

using namespace blindspot;

namespace {

// A street-like scene under the KITTI HDL-64E with its sensor response: quantised ranges,
// 0.01 reflectivity steps, and range noise that moves points off the caster's float product.
ScanGrid kittiScan() {
    const LidarSpec spec = lidarPreset("hdl64e-kitti");
    ScanGrid scan = blindspot::testing::boxOnGroundScan(spec, 120);
    applySensorResponse(scan, spec.response, 7);
    return scan;
}

ScanGrid unpacked(const std::string& bytes, const ScanGrid& like) {
    ScanGrid out = makeEmptyScan(like.spec, like.world_from_sensor);
    decodeScanPack(bytes, "scan.zst", out);
    return out;
}

}  // namespace

TEST(ScanPack, KittiScanRoundTripsBitForBitInUnderATenthOfItsCells) {
    const ScanGrid scan = kittiScan();
    ASSERT_GT(scan.validCount(), 50000u);
    const std::string bytes = encodeScanPack(scan);
    EXPECT_TRUE(unpacked(bytes, scan) == scan);
    // 26 bytes per cell unpacked (range, reflectivity, xyz, label, instance).
    EXPECT_LT(bytes.size(), scan.cellCount() * 26 / 10);
    EXPECT_EQ(encodeScanPack(scan), bytes);  // deterministic
}

TEST(ScanPack, UnquantisedValuesFallBackToTheirBits) {
    ScanGrid scan = kittiScan();
    // Ranges off the step grid, more than 256 reflectivities, points off their beams, NaN
    // reflectivity on a return: every value must still come back bit for bit.
    for (std::size_t i = 0; i < scan.cellCount(); ++i) {
        if (!scan.valid(i)) continue;
        scan.range_m[i] += 1e-4f * float(i % 7);
        scan.reflectivity[i] = float(i % 1000) / 997.0f;
        scan.xyz_sensor_m[3 * i + 1] += 0.25f;
    }
    scan.reflectivity[scan.cellCount() / 2] = std::nanf("");
    scan.label[3] = 65535;
    scan.instance[5] = 65535;
    EXPECT_TRUE(unpacked(encodeScanPack(scan), scan) == scan);
}

TEST(ScanPack, DamageAndWrongGridsAreFileErrorsNamingTheFile) {
    const ScanGrid scan = kittiScan();
    const std::string bytes = encodeScanPack(scan);
    auto message = [&](const std::string& b, const ScanGrid& like) {
        try {
            unpacked(b, like);
        } catch (const FileError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    EXPECT_NE(message(bytes.substr(0, bytes.size() / 2), scan).find("scan.zst"), std::string::npos);
    EXPECT_NE(message("not a pack at all", scan).find("scan.zst"), std::string::npos);
    EXPECT_NE(message(std::string(), scan).find("scan.zst"), std::string::npos);
    const ScanGrid other = makeEmptyScan(lidarPreset("vlp16"), Eigen::Isometry3d::Identity());
    EXPECT_NE(message(bytes, other).find("grid is 64 x"), std::string::npos);
    // Every truncation and every single flipped byte is an error or (zstd's checksum-free frame
    // may decode) a scan: never a crash. The cache's own checksum catches the rest.
    for (std::size_t at = 0; at < bytes.size(); at += bytes.size() / 97 + 1) {
        std::string flipped = bytes;
        flipped[at] = char(flipped[at] ^ 0x5a);
        message(flipped, scan);
        message(bytes.substr(0, at), scan);
    }
}

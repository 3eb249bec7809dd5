#pragma once
// Scan files: KITTI .bin, SemanticKITTI .label, organised binary PCD v0.7 and binary PLY.
// All binary data is little-endian (the byte order of every platform we build for).
#include <cstdint>
#include <string>
#include <vector>

#include "core/lidar/ScanGrid.hpp"

namespace blindspot {

/// Valid points in row-major grid order, as stored in .bin / .label files.
struct PointList {
    std::vector<float> xyzi;              ///< x, y, z (m, sensor frame), intensity per point
    std::vector<std::uint16_t> label;     ///< semantic id (low 16 bits of .label)
    std::vector<std::uint16_t> instance;  ///< instance id (high 16 bits of .label)
    std::size_t size() const { return xyzi.size() / 4; }
};

/// An organised cloud as read from a PCD file: HEIGHT rows of WIDTH points, NaN = no return.
struct OrganisedCloud {
    int width = 0;
    int height = 0;
    std::vector<float> xyz;               ///< 3 per point
    std::vector<float> intensity;         ///< empty if the file has no intensity field
    std::vector<float> range;             ///< empty if the file has no range field
    std::vector<std::uint32_t> label;     ///< empty if the file has no label field
    std::vector<std::uint32_t> instance;  ///< empty if the file has no instance field
};

PointList validPoints(const ScanGrid& scan);

std::string encodeKittiBin(const PointList& points);
std::string encodeSemanticKittiLabel(const PointList& points);
/// SemanticKITTI frame file stem: six digits, zero padded ("000042").
std::string kittiFrameName(std::size_t frame);
/// One line of KITTI poses.txt: the first three rows of world_from_sensor, row-major.
std::string kittiPoseLine(const Eigen::Isometry3d& world_from_sensor);
std::string encodeOrganisedPcd(const ScanGrid& scan);
std::string encodePly(const PointList& points);

/// Reads a .bin file, and its .label file if `label_path` is not empty (counts must agree).
PointList readKittiScan(const std::string& bin_path, const std::string& label_path = "");
/// The same from bytes already read; the paths only name the data in errors (no labels when
/// label_path is empty).
PointList decodeKittiScan(const std::string& bin_bytes, const std::string& bin_path,
                          const std::string& label_bytes, const std::string& label_path);
/// Reads PCD v0.7 (DATA ascii or binary) with fields x y z and optionally intensity, label,
/// instance. Throws FileError naming the file and what is wrong.
OrganisedCloud readPcd(const std::string& path);

/// Rebuilds a ScanGrid, bit for bit, from a directory holding scan.pcd (organised, with the
/// range field) and scan.json (LiDAR spec and world_from_sensor), as written by the sweep cache.
ScanGrid readScanDirectory(const std::string& dir);

/// Writes scan.bin, scan.label, scan.pcd and scan.ply into `dir` (created if missing), each
/// atomically.
void writeScanFiles(const ScanGrid& scan, const std::string& dir);

}  // namespace blindspot

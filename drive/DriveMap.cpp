#include "drive/DriveMap.hpp"

#include <cstring>
#include <filesystem>
#include <sstream>

#include "core/base/AtomicFile.hpp"
#include "core/base/Error.hpp"
#include "core/base/Json.hpp"
#include "core/geometry/Pose.hpp"
#include "core/scan/ScanIo.hpp"
#include "core/segmentation/LabelSet.hpp"
#include "drive/Deskew.hpp"

namespace blindspot {
namespace {

namespace fs = std::filesystem;

// The rows of a CSV file after its header, split at commas.
std::vector<std::vector<std::string>> csvRows(const std::string& path) {
    std::istringstream in(readFileBytes(path));
    std::vector<std::vector<std::string>> rows;
    std::string line;
    std::getline(in, line);  // header
    while (std::getline(in, line)) {
        if (line.empty()) continue;
        std::vector<std::string> cells;
        std::istringstream cols(line);
        for (std::string cell; std::getline(cols, cell, ',');) cells.push_back(cell);
        rows.push_back(std::move(cells));
    }
    return rows;
}

double number(const std::vector<std::string>& row, std::size_t i, const std::string& path) {
    try {
        return std::stod(row.at(i));
    } catch (const std::exception&) {
        throw FileError(path, "expected a number in column " + std::to_string(i + 1));
    }
}

}  // namespace

DriveMap readDriveMap(const std::string& dataset_dir, const std::string& sequence,
                      std::size_t max_points) {
    const fs::path seq = fs::path(dataset_dir) / "sequences" / sequence;
    const nlohmann::json drive = readJsonFile((fs::path(dataset_dir) / "drive.json").string());
    const double period = 1.0 / drive.value("scan_frequency_hz", 10.0);
    const LabelSet set = labelSetFromName(drive["config"].value("label_set", "semantickitti"));
    DriveMap map;
    std::vector<Eigen::Isometry3d> world_from_sensor;
    const std::string poses_path = (seq / "sensor_poses.csv").string();
    for (const auto& row : csvRows(poses_path)) {
        Pose p;
        p.translation_m = {number(row, 2, poses_path), number(row, 3, poses_path),
                           number(row, 4, poses_path)};
        p.roll_deg = number(row, 5, poses_path);
        p.pitch_deg = number(row, 6, poses_path);
        p.yaw_deg = number(row, 7, poses_path);
        world_from_sensor.push_back(p.parentFromLocal());
    }
    const std::string traffic_path = (seq / "traffic.csv").string();
    for (const auto& row : csvRows(traffic_path)) {
        const Eigen::Vector2d xy(number(row, 6, traffic_path), number(row, 7, traffic_path));
        const int instance = int(number(row, 2, traffic_path));
        if (instance == 0)
            map.ego_track_m.push_back(xy);
        else
            map.traffic_tracks_m[instance].push_back(xy);
    }
    map.frames = world_from_sensor.size();
    // Frames are about the same size: the first sets the stride.
    std::size_t stride = 1;
    if (map.frames > 0) {
        const auto bytes = fs::file_size(seq / "velodyne" / (kittiFrameName(0) + ".bin"));
        const std::size_t per_frame = std::max<std::size_t>(1, bytes / 16);
        stride = std::max<std::size_t>(
            1, per_frame * map.frames / std::max<std::size_t>(1, max_points) + 1);
    }
    for (std::size_t k = 0; k < map.frames; k += stride) {
        const std::string name = kittiFrameName(k);
        PointList points = readKittiScan((seq / "velodyne" / (name + ".bin")).string(),
                                         (seq / "labels" / (name + ".label")).string());
        const std::vector<float> times =
            readPointTimes((seq / "point_times" / (name + ".bin")).string(), points.label.size());
        deskewPoints(points.xyzi, times, world_from_sensor, k, period);
        for (std::size_t i = 0; i < points.label.size(); ++i) {
            const Eigen::Vector3d w =
                world_from_sensor[k] *
                Eigen::Vector3d(points.xyzi[4 * i], points.xyzi[4 * i + 1], points.xyzi[4 * i + 2]);
            for (int a = 0; a < 3; ++a) map.xyz_world_m.push_back(float(w[a]));
            map.palette_label.push_back(set == LabelSet::kSemanticKitti
                                            ? paletteIdOfSemanticKitti(points.label[i])
                                            : points.label[i]);
        }
        ++map.frames_used;
    }
    return map;
}

}  // namespace blindspot

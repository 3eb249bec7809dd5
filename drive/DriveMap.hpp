#pragma once
// A recorded drive read back as a map: the scans deskewed and placed in the world frame with the
// ground-truth poses (sensor_poses.csv), the ego's track and each traffic car's track
// (traffic.csv). For `drive --preview` and for measuring a map's crispness.
#include <Eigen/Core>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace blindspot {

struct DriveMap {
    std::vector<Eigen::Vector2d> ego_track_m;
    std::map<int, std::vector<Eigen::Vector2d>> traffic_tracks_m;  ///< by instance id
    std::vector<float> xyz_world_m;                                ///< 3 per point
    std::vector<std::uint16_t> palette_label;                      ///< per point
    std::size_t frames = 0, frames_used = 0;
};

/// Reads DIR/sequences/SS. Every k-th frame is used, with k the smallest that keeps the map
/// within `max_points`. Throws FileError naming a missing or malformed file.
DriveMap readDriveMap(const std::string& dataset_dir, const std::string& sequence,
                      std::size_t max_points = 4000000);

}  // namespace blindspot

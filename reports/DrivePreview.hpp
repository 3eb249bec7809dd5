#pragma once
// The bird's-eye preview of a drive (OpenCV): the scans accumulated in the world frame with the
// ground-truth poses (a map, coloured by label), the traffic tracks and the ego's route on top.
// World frame (ISO 8855) seen from above: x to the right, y up the image, north-up as a map.
#include <Eigen/Core>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace blindspot {

struct DrivePreviewOptions {
    double pixels_per_m = 4.0;
    double margin_m = 15.0;
    int max_side_px = 4000;  ///< the scale drops to keep each side within this
};

/// PNG bytes. `xyz_world_m` holds 3 floats per point, `palette_label` one label per point.
std::string drivePreviewPng(const std::vector<Eigen::Vector2d>& ego_track_m,
                            const std::map<int, std::vector<Eigen::Vector2d>>& traffic_tracks_m,
                            const std::vector<float>& xyz_world_m,
                            const std::vector<std::uint16_t>& palette_label,
                            const DrivePreviewOptions& options = {});

}  // namespace blindspot

#pragma once
// Records a drive in the KITTI odometry / SemanticKITTI layout (docs/drive.md):
//   DIR/drive.json                          the exact config, the route, the frame count
//   DIR/sequences/SS/velodyne/NNNNNN.bin    x y z intensity, float32, sensor frame
//   DIR/sequences/SS/labels/NNNNNN.label    semantic id | instance << 16
//   DIR/sequences/SS/point_times/NNNNNN.bin float32 per point: firing time - frame time (s)
//   DIR/sequences/SS/poses.txt              KITTI: camera-0 pose of each frame in frame 0's
//                                           camera frame, 3 x 4 row-major (lidar = Tr^-1 P Tr)
//   DIR/sequences/SS/times.txt              frame times (s)
//   DIR/sequences/SS/calib.txt              P0..P3 and Tr (camera 0 from LiDAR)
//   DIR/sequences/SS/sensor_poses.csv       world_from_sensor per frame in ISO 8855 (m, deg),
//                                           as MATLAB's Simulation 3D Lidar block outputs it
//   DIR/sequences/SS/image_2/NNNNNN.png     with "camera": the co-located camera at the frame time
//   DIR/sequences/SS/traffic.csv            the ego (instance 0) and every traffic car: size,
//                                           pose (ISO 8855) and motion per frame
// Each frame's files are written atomically; a re-run keeps the frames already there, so a run
// killed at any moment and run again leaves the same bytes as one that never stopped.
#include <functional>
#include <string>
#include <vector>

#include "core/raycast/Camera.hpp"
#include "drive/DriveConfig.hpp"
#include "scenes/CarModel.hpp"

namespace blindspot {

struct DriveRecordOptions {
    std::string output;
    int jobs = 0;  ///< 0: one per core; the files do not depend on it
    /// Called after each frame with (frames done, frames in all).
    std::function<void(std::size_t, std::size_t)> progress;
    /// PNG bytes of a camera image; required when the config turns the camera on.
    std::function<std::string(const CameraImage&)> encode_png;
};

struct DriveSummary {
    std::size_t frames = 0;
    std::size_t frames_cast = 0;  ///< the rest were already on disk
    std::size_t points = 0;       ///< in the frames cast now
    double route_length_m = 0.0;
    double duration_s = 0.0;
    int traffic_cars = 0;
};

DriveSummary recordDrive(const DriveConfig& config, const std::string& config_file,
                         const std::vector<CarModelSpec>& models,
                         const DriveRecordOptions& options);

/// KITTI's camera 0 from our LiDAR frame: x_cam = -y, y_cam = -z, z_cam = x (ISO 8855 axes).
Eigen::Isometry3d cameraFromLidar();

}  // namespace blindspot

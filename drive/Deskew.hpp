#pragma once
// Undoes the ego part of motion distortion, as a real pipeline does with its odometry: each point,
// reported in the sensor frame of the moment it was fired, is moved into the sensor frame at the
// frame time. The sensor pose in between is interpolated at constant velocity between the frame's
// pose and its neighbour's (translation linearly, rotation by slerp); the first and the last frame
// extrapolate from their one neighbour. Traffic's own motion is not undone, as no pipeline can.
#include <Eigen/Geometry>
#include <string>
#include <vector>

namespace blindspot {

/// world_from_lidar poses of a sequence in DIR/sequences/SS (poses.txt in KITTI's camera-0
/// convention, converted with calib.txt's Tr).
std::vector<Eigen::Isometry3d> readLidarPoses(const std::string& sequence_dir);

/// A frame's point_times/NNNNNN.bin: one float32 per point (s after the frame time). Throws
/// FileError naming the file when it does not hold `points` of them.
std::vector<float> readPointTimes(const std::string& path, std::size_t points);

/// sensor(frame) from sensor(frame time + dt_s), for one frame of `poses` (frames 1 / hz apart).
Eigen::Isometry3d frameFromFiring(const std::vector<Eigen::Isometry3d>& poses, std::size_t frame,
                                  double frame_period_s, double dt_s);

/// Deskews x y z (every 4 floats, intensity kept) in place; `times_s` holds one offset per point.
void deskewPoints(std::vector<float>& xyzi, const std::vector<float>& times_s,
                  const std::vector<Eigen::Isometry3d>& poses, std::size_t frame,
                  double frame_period_s);

/// Writes a deskewed copy of the sequence in DIR/sequences/SS to OUT/sequences/SS: velodyne/
/// deskewed, labels, poses, times and calib copied. Returns the frames written.
std::size_t deskewSequence(const std::string& dataset_dir, const std::string& sequence,
                           const std::string& output_dir);

}  // namespace blindspot

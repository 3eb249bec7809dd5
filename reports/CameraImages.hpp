#pragma once
// Camera outputs (OpenCV PNGs) next to a scan: the RGB image, the label image (palette colours),
// the instance image (16-bit ids), the calibration map of the paper's Section II-B and an overlay
// of the cars' LiDAR points on the image in the style of its Fig. 1b.
//   DIR/camera.png, camera_label.png, camera_instance.png (16-bit grey),
//   DIR/calibration.bin (per LiDAR cell, row-major: int32 column, int32 row; -1, -1 = none),
//   DIR/calibration.json (grid and camera sizes, intrinsics, the format), DIR/overlay.png
#include <string>

#include "core/raycast/Camera.hpp"

namespace blindspot {

std::string cameraRgbPng(const CameraImage& image);
/// Points of `scan` labelled vehicle drawn on the image at their calibrated pixels, coloured by
/// range (near red .. far blue).
std::string overlayPng(const CameraImage& image, const ScanGrid& scan, const CalibrationMap& map);
void writeCameraOutputs(const CameraImage& image, const ScanGrid& scan, const CameraSpec& camera,
                        const std::string& dir);

}  // namespace blindspot

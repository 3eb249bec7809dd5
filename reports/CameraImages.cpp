#include "reports/CameraImages.hpp"

#include <cstring>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "core/base/AtomicFile.hpp"
#include "core/geometry/Material.hpp"

namespace blindspot {
namespace {

std::string encode(const cv::Mat& m) {
    std::vector<uchar> png;
    cv::imencode(".png", m, png);
    return std::string(png.begin(), png.end());
}

cv::Mat bgrOf(const CameraImage& img) {
    cv::Mat m(img.height, img.width, CV_8UC3);
    for (int v = 0; v < img.height; ++v)
        for (int u = 0; u < img.width; ++u) {
            const std::size_t i = 3 * (std::size_t(v) * std::size_t(img.width) + std::size_t(u));
            m.at<cv::Vec3b>(v, u) = {img.rgb[i + 2], img.rgb[i + 1], img.rgb[i]};
        }
    return m;
}

}  // namespace

std::string cameraRgbPng(const CameraImage& image) { return encode(bgrOf(image)); }

std::string overlayPng(const CameraImage& image, const ScanGrid& scan, const CalibrationMap& map) {
    cv::Mat m = bgrOf(image);
    for (std::size_t i = 0; i < scan.cellCount(); ++i) {
        if (!scan.valid(i) || scan.label[i] != label::kVehicle || map.pixel_col[i] < 0) continue;
        const double t = std::clamp(double(scan.range_m[i]) / 40.0, 0.0, 1.0);
        cv::Mat one(1, 1, CV_8UC1, cv::Scalar(int(255 * t)));
        cv::Mat colored;
        cv::applyColorMap(one, colored, cv::COLORMAP_JET);
        const auto c = colored.at<cv::Vec3b>(0, 0);
        cv::circle(m, {map.pixel_col[i], map.pixel_row[i]}, 1, cv::Scalar(c[0], c[1], c[2]),
                   cv::FILLED);
    }
    return encode(m);
}

void writeCameraOutputs(const CameraImage& img, const ScanGrid& scan, const CameraSpec& camera,
                        const std::string& dir) {
    namespace fs = std::filesystem;
    fs::create_directories(dir);
    const fs::path d(dir);
    writeFileAtomic((d / "camera.png").string(), cameraRgbPng(img));
    cv::Mat labels(img.height, img.width, CV_8UC3), ids(img.height, img.width, CV_16UC1);
    for (int v = 0; v < img.height; ++v)
        for (int u = 0; u < img.width; ++u) {
            const std::size_t i = std::size_t(v) * std::size_t(img.width) + std::size_t(u);
            const auto c = labelColor(img.label[i]);
            labels.at<cv::Vec3b>(v, u) = {c[2], c[1], c[0]};
            ids.at<std::uint16_t>(v, u) = img.instance[i];
        }
    writeFileAtomic((d / "camera_label.png").string(), encode(labels));
    writeFileAtomic((d / "camera_instance.png").string(), encode(ids));
    const CalibrationMap map = calibrationMap(scan, camera);
    std::string bytes(8 * map.pixel_col.size(), '\0');
    for (std::size_t i = 0; i < map.pixel_col.size(); ++i) {
        std::memcpy(&bytes[8 * i], &map.pixel_col[i], 4);
        std::memcpy(&bytes[8 * i + 4], &map.pixel_row[i], 4);
    }
    writeFileAtomic((d / "calibration.bin").string(), bytes);
    const nlohmann::json meta = {
        {"lidar_rows", map.rows},
        {"lidar_cols", map.cols},
        {"image_width", camera.width},
        {"image_height", camera.height},
        {"focal_px", camera.focalPx()},
        {"cx", camera.cx()},
        {"cy", camera.cy()},
        {"camera_from_lidar", "identity (co-located, optical axis along the sensor's +x)"},
        {"format",
         "calibration.bin: per LiDAR cell, row-major, little-endian int32 pixel column then int32 "
         "pixel row; -1, -1 where the beam falls outside the image"}};
    writeFileAtomic((d / "calibration.json").string(), meta.dump(2) + "\n");
    writeFileAtomic((d / "overlay.png").string(), overlayPng(img, scan, map));
}

}  // namespace blindspot

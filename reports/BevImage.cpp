#include "reports/BevImage.hpp"

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "core/base/AtomicFile.hpp"
#include "core/base/Error.hpp"
#include "core/geometry/Material.hpp"

namespace blindspot {

std::string bevPng(const ScanGrid& scan, const BevOptions& o, const CellColor& color_of) {
    const int size = int(2 * o.half_extent_m * o.pixels_per_m);
    cv::Mat image(size, size, CV_8UC3, cv::Scalar(20, 20, 20));
    // Range rings every 10 m.
    const cv::Point centre(size / 2, size / 2);
    for (double r = 10; r <= o.half_extent_m; r += 10)
        cv::circle(image, centre, int(r * o.pixels_per_m), cv::Scalar(55, 55, 55), 1, cv::LINE_AA);
    for (std::size_t i = 0; i < scan.cellCount(); ++i) {
        if (!scan.valid(i)) continue;
        const double x = scan.xyz_sensor_m[3 * i], y = scan.xyz_sensor_m[3 * i + 1];
        const int col = int(std::lround(size / 2.0 - y * o.pixels_per_m));
        const int row = int(std::lround(size / 2.0 - x * o.pixels_per_m));
        if (col < 0 || row < 0 || col >= size || row >= size) continue;
        const auto rgb = color_of ? color_of(i) : labelColor(scan.label[i]);
        cv::circle(image, {col, row}, o.point_radius_px, cv::Scalar(rgb[2], rgb[1], rgb[0]),
                   cv::FILLED);
    }
    // The sensor, pointing forward.
    cv::arrowedLine(image, centre, {centre.x, centre.y - int(3 * o.pixels_per_m)},
                    cv::Scalar(0, 255, 255), 2);
    std::vector<uchar> png;
    cv::imencode(".png", image, png);
    return std::string(png.begin(), png.end());
}

void writeBevPng(const ScanGrid& scan, const std::string& path, const BevOptions& o,
                 const CellColor& color_of) {
    writeFileAtomic(path, bevPng(scan, o, color_of));
}

CellColor outcomeColors(const ScanGrid& scan, const std::vector<int>& predicted,
                        const LearningMap& map, int target_class) {
    return [&scan, &predicted, &map, target_class](std::size_t i) -> std::array<std::uint8_t, 3> {
        if (predicted[i] < 0) return {70, 70, 70};
        const bool truth = map.classOf(scan.label[i]) == target_class;
        const bool said = predicted[i] == target_class;
        if (truth && said) return {40, 200, 60};
        if (said) return {230, 40, 40};
        if (truth) return {40, 120, 255};
        return {150, 150, 150};
    };
}

}  // namespace blindspot

#pragma once
// Bird's-eye-view pictures of a scan (OpenCV), for quick looks and for reports.
// The view is the sensor frame seen from above: x (forward) points up the image, y (left) to the
// left, one pixel per 1 / pixels_per_m metres, the sensor at the centre.
#include <array>
#include <cstdint>
#include <functional>
#include <string>

#include "core/lidar/ScanGrid.hpp"
#include "core/segmentation/LearningMap.hpp"

namespace blindspot {

struct BevOptions {
    double half_extent_m = 40.0;  ///< the picture covers [-h, h] in x and y
    double pixels_per_m = 10.0;
    int point_radius_px = 1;
};

using CellColor = std::function<std::array<std::uint8_t, 3>(std::size_t cell)>;

/// The picture as PNG bytes; colours as writeBevPng.
std::string bevPng(const ScanGrid& scan, const BevOptions& options = {},
                   const CellColor& color_of = {});

/// Colours for the segmentation outcome of one class: true positive green, false positive red,
/// false negative blue, every other return grey (cells without a prediction dark grey).
/// `predicted` holds a model class per scan cell (-1 = none); `map` maps the scan's labels.
CellColor outcomeColors(const ScanGrid& scan, const std::vector<int>& predicted,
                        const LearningMap& map, int target_class);

/// Colours each return by its palette label (labelColor) unless `color_of` is given. Throws
/// FileError if the PNG cannot be written.
void writeBevPng(const ScanGrid& scan, const std::string& path, const BevOptions& options = {},
                 const CellColor& color_of = {});

}  // namespace blindspot

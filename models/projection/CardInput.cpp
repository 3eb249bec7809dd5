#include "models/projection/CardInput.hpp"

#include <sstream>

#include "core/base/Error.hpp"

namespace blindspot {

namespace {

std::string span(double a, double b) {
    std::ostringstream s;
    s << a << ".." << b << " deg";
    return s.str();
}

}  // namespace

void checkCoverage(const LidarSpec& spec, const ModelCard& card) {
    const RangeGrid& g = card.grid;
    const double top = g.top_elevation_deg, bottom = top - (g.rows - 1) * g.elevation_step_deg;
    const double left = g.left_azimuth_deg, right = left - (g.cols - 1) * g.azimuth_step_deg;
    const double lidar_top = spec.elevation_deg.front(), lidar_bottom = spec.elevation_deg.back();
    const double lidar_left = spec.azimuth_deg.front(), lidar_right = spec.azimuth_deg.back();
    const bool full_circle =
        lidar_left - lidar_right + 2.0 * (lidar_left - spec.azimuth_deg[1]) > 359.999;
    // A clamping grid (lidar-bonnetal's) is wider than the sensor by design: RangeNet++'s +3 deg
    // top row is above the HDL-64E's +2 deg top beam in the real KITTI data it was trained on.
    const bool vertical_ok = g.clamp_outside || (lidar_top >= top - g.elevation_step_deg &&
                                                 lidar_bottom <= bottom + g.elevation_step_deg);
    const bool horizontal_ok = full_circle || (lidar_left >= left - g.azimuth_step_deg &&
                                               lidar_right <= right + g.azimuth_step_deg);
    if (vertical_ok && horizontal_ok) return;
    throw ConfigError(ErrorSource::flag("--model", "/grid"),
                      "LiDAR \"" + spec.name + "\" covers elevation " +
                          span(lidar_top, lidar_bottom) + " and azimuth " +
                          span(lidar_left, lidar_right) + ", but the network's grid needs " +
                          span(top, bottom) + " and " + span(left, right));
}

RangeImage cardImage(const ScanGrid& scan, const ModelCard& card) {
    checkCoverage(scan.spec, card);
    return projectScan(scan, card.grid, card.input_channels);
}

std::vector<float> cardInput(const RangeImage& image, const ModelCard& card) {
    return normalisedInput(image, card.mean, card.std, card.empty_cells);
}

std::vector<int> maskEmptyCells(const RangeImage& image, std::vector<int> cell_classes) {
    for (std::size_t k = 0; k < cell_classes.size(); ++k)
        if (!image.mask[k]) cell_classes[k] = -1;
    return cell_classes;
}

std::optional<AzimuthSpan> gridAzimuthSpan(const RangeGrid& g) {
    const double left = g.left_azimuth_deg + g.azimuth_step_deg / 2,
                 right = g.left_azimuth_deg - (g.cols - 0.5) * g.azimuth_step_deg;
    if (g.clamp_outside || left - right >= 360.0) return std::nullopt;
    return AzimuthSpan{right, left};
}

}  // namespace blindspot

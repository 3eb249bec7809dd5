#include "reports/ComposedScanViews.hpp"

#include <cmath>
#include <sstream>

#include "core/geometry/Material.hpp"
#include "reports/BevImage.hpp"
#include "reports/EvaluationReport.hpp"
#include "reports/HtmlParts.hpp"

namespace blindspot {
namespace {

constexpr std::array<std::uint8_t, 3> kInserted = {230, 0, 200};  // magenta, RGB
constexpr int kFrontCols = 512;                                  // SqueezeSeg's front view
constexpr double kHalfFovDeg = 45.0;

std::array<std::uint8_t, 3> colourOf(const ScanGrid& scan, std::size_t i, std::uint16_t base) {
    return scan.instance[i] >= base ? kInserted : labelColor(scan.label[i]);
}

}  // namespace

ComposedScanViews composedScanViews(const ScanGrid& scan, std::uint16_t base) {
    ComposedScanViews v;
    // The front view: each return at its row and its azimuth's column in [-45, 45] deg; where
    // two fall in one column the nearer wins, as in a range image.
    std::vector<std::array<std::uint8_t, 3>> front(std::size_t(scan.rows()) * kFrontCols,
                                                   {0, 0, 0});
    std::vector<float> nearest(front.size(), INFINITY);
    for (int r = 0; r < scan.rows(); ++r)
        for (int c = 0; c < scan.cols(); ++c) {
            const std::size_t i = scan.index(r, c);
            if (!scan.valid(i)) continue;
            v.inserted_points += scan.instance[i] >= base;
            const double az = std::atan2(scan.xyz_sensor_m[3 * i + 1], scan.xyz_sensor_m[3 * i]) *
                              180.0 / M_PI;
            if (std::fabs(az) >= kHalfFovDeg) continue;
            const int col = int((kHalfFovDeg - az) / (2 * kHalfFovDeg) * kFrontCols);
            const std::size_t k = std::size_t(r) * kFrontCols + std::size_t(col);
            if (scan.range_m[i] >= nearest[k]) continue;
            nearest[k] = scan.range_m[i];
            front[k] = colourOf(scan, i, base);
        }
    v.front_png = frontViewPng(scan.rows(), kFrontCols, front);
    BevOptions o;
    o.half_extent_m = 40.0;
    o.pixels_per_m = 8.0;
    v.bev_png = bevPng(scan, o, [&](std::size_t i) { return colourOf(scan, i, base); });
    return v;
}

std::string composedScanSection(const ComposedScanViews& v) {
    std::ostringstream h;
    h << "<h2>A composed scan</h2>\n<p>Scene " << escape(v.scene_id) << " ("
      << escape(v.sample.dump()) << "): the recorded frame with the inserted target, "
      << v.inserted_points
      << " returns in <b style=\"color:#e600c8\">magenta</b>; every other return in its recorded "
         "label's colour, byte for byte the recording's. Front view: SqueezeSeg's 90 deg, one row "
         "per laser; bird's-eye view: 80 m square, forward up.</p>\n"
      << img(v.front_png, "front view of scene " + v.scene_id) << "<br>\n"
      << img(v.bev_png, "bird's-eye view of scene " + v.scene_id) << "\n";
    return h.str();
}

}  // namespace blindspot

#include "reports/DrivePreview.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "core/base/Error.hpp"
#include "core/geometry/Material.hpp"

namespace blindspot {
namespace {

struct Frame {
    double x0, y1, scale;  // world x of column 0, world y of row 0, pixels per metre
    cv::Point px(double x, double y) const {
        return {int(std::lround((x - x0) * scale)), int(std::lround((y1 - y) * scale))};
    }
};

// A colour per traffic instance, spread over the hue circle.
cv::Scalar trackColor(int instance) {
    const double h = std::fmod(instance * 0.618033988749895, 1.0) * 6.0;
    const double f = h - std::floor(h);
    const int i = int(h);
    const double r[6] = {1, 1 - f, 0, 0, f, 1}, g[6] = {f, 1, 1, 1 - f, 0, 0},
                 b[6] = {0, 0, f, 1, 1, 1 - f};
    return cv::Scalar(80 + 175 * b[i], 80 + 175 * g[i], 80 + 175 * r[i]);
}

}  // namespace

std::string drivePreviewPng(const std::vector<Eigen::Vector2d>& ego,
                            const std::map<int, std::vector<Eigen::Vector2d>>& traffic,
                            const std::vector<float>& xyz, const std::vector<std::uint16_t>& labels,
                            const DrivePreviewOptions& o) {
    double lo_x = std::numeric_limits<double>::infinity(), lo_y = lo_x, hi_x = -lo_x, hi_y = -lo_x;
    auto grow = [&](const Eigen::Vector2d& p) {
        lo_x = std::min(lo_x, p.x()), hi_x = std::max(hi_x, p.x());
        lo_y = std::min(lo_y, p.y()), hi_y = std::max(hi_y, p.y());
    };
    for (const auto& p : ego) grow(p);
    for (const auto& [id, track] : traffic)
        for (const auto& p : track) grow(p);
    if (ego.empty()) lo_x = lo_y = hi_x = hi_y = 0.0;
    lo_x -= o.margin_m, lo_y -= o.margin_m, hi_x += o.margin_m, hi_y += o.margin_m;
    const double span = std::max(hi_x - lo_x, hi_y - lo_y);
    const double scale = std::min(o.pixels_per_m, o.max_side_px / span);
    const Frame f{lo_x, hi_y, scale};
    cv::Mat img(int((hi_y - lo_y) * scale) + 1, int((hi_x - lo_x) * scale) + 1, CV_8UC3,
                cv::Scalar(20, 20, 20));
    // Ground first, then everything above it, so walls and cars stay visible over the road.
    for (int pass = 0; pass < 2; ++pass)
        for (std::size_t i = 0; i < labels.size(); ++i) {
            const std::uint16_t l = labels[i];
            const bool ground = l == label::kRoad || l == label::kSidewalk || l == label::kCurb ||
                                l == label::kLaneMarking;
            if ((pass == 0) != ground) continue;
            const cv::Point q = f.px(xyz[3 * i], xyz[3 * i + 1]);
            if (q.x < 0 || q.y < 0 || q.x >= img.cols || q.y >= img.rows) continue;
            const auto c = labelColor(labels[i]);
            img.at<cv::Vec3b>(q) = cv::Vec3b(c[2], c[1], c[0]);
        }
    auto polyline = [&](const std::vector<Eigen::Vector2d>& track, const cv::Scalar& color,
                        int width) {
        std::vector<cv::Point> pts;
        for (const auto& p : track) pts.push_back(f.px(p.x(), p.y()));
        cv::polylines(img, pts, false, color, width, cv::LINE_AA);
    };
    for (const auto& [id, track] : traffic) polyline(track, trackColor(id), 1);
    polyline(ego, cv::Scalar(255, 255, 255), 3);
    if (!ego.empty()) {
        cv::circle(img, f.px(ego.front().x(), ego.front().y()), 7, cv::Scalar(0, 255, 0), 2);
        cv::circle(img, f.px(ego.back().x(), ego.back().y()), 4, cv::Scalar(0, 0, 255), -1);
    }
    std::vector<unsigned char> png;
    if (!cv::imencode(".png", img, png)) throw BackendError("OpenCV could not encode the preview");
    return std::string(png.begin(), png.end());
}

}  // namespace blindspot

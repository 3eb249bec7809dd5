#include "reports/Heatmap.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <stdexcept>

namespace blindspot {
namespace {

constexpr int kFont = cv::FONT_HERSHEY_SIMPLEX;
const cv::Scalar kHeatmapInk(30, 30, 30);

std::string encodePng(const cv::Mat& image) {
    std::vector<uchar> png;
    cv::imencode(".png", image, png);
    return std::string(png.begin(), png.end());
}

void centredText(cv::Mat& img, const std::string& text, cv::Point centre, double scale,
                 const cv::Scalar& color, int thickness = 1) {
    int base = 0;
    const cv::Size size = cv::getTextSize(text, kFont, scale, thickness, &base);
    cv::putText(img, text, {centre.x - size.width / 2, centre.y + size.height / 2}, kFont, scale,
                color, thickness, cv::LINE_AA);
}

// Text rotated by 90 degrees (reading upwards), for the y-axis title.
void verticalText(cv::Mat& img, const std::string& text, cv::Point centre, double scale) {
    int base = 0;
    const cv::Size size = cv::getTextSize(text, kFont, scale, 1, &base);
    cv::Mat strip(size.height + base + 4, size.width + 4, CV_8UC3, cv::Scalar(255, 255, 255));
    cv::putText(strip, text, {2, size.height + 1}, kFont, scale, kHeatmapInk, 1, cv::LINE_AA);
    cv::Mat rotated;
    cv::rotate(strip, rotated, cv::ROTATE_90_COUNTERCLOCKWISE);
    const cv::Rect where(centre.x - rotated.cols / 2, centre.y - rotated.rows / 2, rotated.cols,
                         rotated.rows);
    if ((where & cv::Rect(0, 0, img.cols, img.rows)) == where) rotated.copyTo(img(where));
}

// Viridis for sequential values, red-white-green for diverging ones (BGR).
cv::Scalar colorOf(double v, const HeatmapSpec& s) {
    const double t = std::clamp((v - s.value_min) / (s.value_max - s.value_min), 0.0, 1.0);
    if (s.diverging) {
        const double u = 2.0 * t - 1.0;  // -1 .. 1
        const double a = std::fabs(u);
        return u < 0 ? cv::Scalar(255 * (1 - a) + 40 * a, 255 * (1 - a) + 40 * a, 255 - 40 * a)
                     : cv::Scalar(255 * (1 - a) + 60 * a, 255 - 80 * a, 255 * (1 - a) + 40 * a);
    }
    cv::Mat one(1, 1, CV_8UC1, cv::Scalar(int(std::lround(t * 255))));
    cv::Mat colored;
    cv::applyColorMap(one, colored, cv::COLORMAP_VIRIDIS);
    const auto c = colored.at<cv::Vec3b>(0, 0);
    return cv::Scalar(c[0], c[1], c[2]);
}

bool darkColor(const cv::Scalar& c) { return 0.114 * c[0] + 0.587 * c[1] + 0.299 * c[2] < 128; }

void drawColorBar(cv::Mat& img, const HeatmapSpec& s, cv::Rect bar) {
    for (int r = 0; r < bar.height; ++r) {
        const double v = s.value_max - (s.value_max - s.value_min) * r / double(bar.height - 1);
        cv::line(img, {bar.x, bar.y + r}, {bar.x + bar.width, bar.y + r}, colorOf(v, s));
    }
    cv::rectangle(img, bar, kHeatmapInk);
    for (int k = 0; k <= 4; ++k) {
        const double v = s.value_min + (s.value_max - s.value_min) * k / 4.0;
        const int y = bar.y + bar.height - 1 - int(std::lround((bar.height - 1) * k / 4.0));
        cv::line(img, {bar.x + bar.width, y}, {bar.x + bar.width + 4, y}, kHeatmapInk);
        cv::putText(img, formatValue(v), {bar.x + bar.width + 7, y + 4}, kFont, 0.4, kHeatmapInk, 1,
                    cv::LINE_AA);
    }
    centredText(img, s.value_title, {bar.x + bar.width / 2 + 12, bar.y - 14}, 0.42, kHeatmapInk);
}

void drawNoData(cv::Mat& img, cv::Rect cell) {
    cv::rectangle(img, cell, cv::Scalar(225, 225, 225), cv::FILLED);
    cv::Mat roi = img(cell);
    for (int d = -cell.height; d < cell.width; d += 8)
        cv::line(roi, {d, cell.height}, {d + cell.height, 0}, cv::Scalar(190, 190, 190));
    centredText(img, "n/a", {cell.x + cell.width / 2, cell.y + cell.height / 2}, 0.38,
                cv::Scalar(90, 90, 90));
}

// The scenes of one cell as small dots in rows across its upper part (the value stays readable
// in the middle), red for failures.
void drawPoints(cv::Mat& img, cv::Rect cell, const std::vector<double>& scores, double threshold) {
    if (scores.empty()) return;
    const std::size_t per_row = std::size_t(std::max(1, cell.width / 9));
    const double step = double(cell.width) / double(std::min(per_row, scores.size()));
    const int radius = std::clamp(int(step / 3.0), 2, 4);
    for (std::size_t k = 0; k < scores.size(); ++k) {
        const cv::Point c(cell.x + int((double(k % per_row) + 0.5) * step),
                          cell.y + 6 + int(k / per_row) * 9);
        if (c.y > cell.y + cell.height / 2 - 4) break;  // more scenes than fit: the first ones
        const bool failed = !std::isnan(scores[k]) && scores[k] < threshold;
        cv::circle(img, c, radius, failed ? cv::Scalar(40, 40, 220) : cv::Scalar(255, 255, 255),
                   cv::FILLED, cv::LINE_AA);
        cv::circle(img, c, radius, kHeatmapInk, 1, cv::LINE_AA);
    }
}

// The outline of the outlined cells: every cell edge between a cell inside and one outside.
void drawOutline(cv::Mat& img, const HeatmapSpec& s, int left, int top, int cell) {
    const int nx = int(s.x_ticks.size()), ny = int(s.y_ticks.size());
    const auto inside = [&](int ix, int iy) {
        return ix >= 0 && iy >= 0 && ix < nx && iy < ny && s.outlined[std::size_t(iy * nx + ix)];
    };
    const cv::Scalar red(30, 30, 230);
    for (int iy = 0; iy < ny; ++iy)
        for (int ix = 0; ix < nx; ++ix) {
            if (!inside(ix, iy)) continue;
            const int x0 = left + ix * cell, y0 = top + (ny - 1 - iy) * cell;
            if (!inside(ix - 1, iy)) cv::line(img, {x0, y0}, {x0, y0 + cell}, red, 3);
            if (!inside(ix + 1, iy)) cv::line(img, {x0 + cell, y0}, {x0 + cell, y0 + cell}, red, 3);
            if (!inside(ix, iy + 1)) cv::line(img, {x0, y0}, {x0 + cell, y0}, red, 3);
            if (!inside(ix, iy - 1)) cv::line(img, {x0, y0 + cell}, {x0 + cell, y0 + cell}, red, 3);
        }
}

}  // namespace

std::string formatValue(double v, int decimals) {
    char text[32];
    std::snprintf(text, sizeof text, "%.*f", decimals, v);
    return text;
}

std::string heatmapPng(const HeatmapSpec& s) {
    const int nx = int(s.x_ticks.size()), ny = int(s.y_ticks.size());
    if (nx == 0 || ny == 0 || s.values.size() != std::size_t(nx * ny))
        throw std::invalid_argument("heatmapPng: " + std::to_string(s.values.size()) +
                                    " values for " + std::to_string(nx) + " x " +
                                    std::to_string(ny) + " cells");
    const int cell = std::clamp(720 / std::max(nx, ny), 34, 64);
    const int left = 90, top = 50, bottom = 70, right = 120;
    cv::Mat img(top + ny * cell + bottom, left + nx * cell + right, CV_8UC3,
                cv::Scalar(255, 255, 255));
    centredText(img, s.title, {left + nx * cell / 2, 22}, 0.55, kHeatmapInk, 1);
    for (int iy = 0; iy < ny; ++iy)
        for (int ix = 0; ix < nx; ++ix) {
            // Row 0 of the values is the lowest level, drawn at the bottom.
            const cv::Rect r(left + ix * cell, top + (ny - 1 - iy) * cell, cell, cell);
            const auto& v = s.values[std::size_t(iy * nx + ix)];
            if (!v) {
                drawNoData(img, r);
                continue;
            }
            const cv::Scalar color = colorOf(*v, s);
            cv::rectangle(img, r, color, cv::FILLED);
            centredText(img, formatValue(*v), {r.x + r.width / 2, r.y + r.height / 2},
                        cell >= 48 ? 0.38 : 0.3,
                        darkColor(color) ? cv::Scalar(255, 255, 255) : kHeatmapInk);
            if (s.partial.size() == s.values.size() && s.partial[std::size_t(iy * nx + ix)]) {
                const std::vector<cv::Point> corner{
                    {r.x + r.width - 11, r.y}, {r.x + r.width, r.y}, {r.x + r.width, r.y + 11}};
                cv::fillConvexPoly(img, corner, kHeatmapInk);
            }
        }
    if (s.points.size() == s.values.size())
        for (int iy = 0; iy < ny; ++iy)
            for (int ix = 0; ix < nx; ++ix)
                drawPoints(img, {left + ix * cell, top + (ny - 1 - iy) * cell, cell, cell},
                           s.points[std::size_t(iy * nx + ix)], s.threshold);
    cv::rectangle(img, {left, top, nx * cell, ny * cell}, kHeatmapInk);
    if (s.outlined.size() == s.values.size()) drawOutline(img, s, left, top, cell);
    if (std::find(s.partial.begin(), s.partial.end(), true) != s.partial.end())
        cv::putText(img, "corner mark: target partly outside the network's grid", {left, top - 6},
                    kFont, 0.35, kHeatmapInk, 1, cv::LINE_AA);
    for (int ix = 0; ix < nx; ++ix) {
        const int x = left + ix * cell + cell / 2;
        cv::line(img, {x, top + ny * cell}, {x, top + ny * cell + 4}, kHeatmapInk);
        centredText(img, s.x_ticks[std::size_t(ix)], {x, top + ny * cell + 15}, 0.4, kHeatmapInk);
    }
    for (int iy = 0; iy < ny; ++iy) {
        const int y = top + (ny - 1 - iy) * cell + cell / 2;
        cv::line(img, {left - 4, y}, {left, y}, kHeatmapInk);
        int base = 0;
        const auto size = cv::getTextSize(s.y_ticks[std::size_t(iy)], kFont, 0.4, 1, &base);
        cv::putText(img, s.y_ticks[std::size_t(iy)], {left - 8 - size.width, y + 5}, kFont, 0.4,
                    kHeatmapInk, 1, cv::LINE_AA);
    }
    centredText(img, s.x_title, {left + nx * cell / 2, top + ny * cell + 45}, 0.5, kHeatmapInk);
    verticalText(img, s.y_title, {22, top + ny * cell / 2}, 0.5);
    drawColorBar(img, s, {left + nx * cell + 25, top + 10, 22, ny * cell - 20});
    return encodePng(img);
}

std::string barChartPng(const BarChartSpec& s) {
    const int n = std::max<int>(1, int(s.values.size()));
    const int bar = std::clamp(800 / n, 2, 24);
    const int left = 80, top = 45, bottom = 60, right = 30, height = 320;
    cv::Mat img(top + height + bottom, left + n * bar + right, CV_8UC3, cv::Scalar(255, 255, 255));
    const auto yOf = [&](double v) {
        const double t = std::clamp((v - s.value_min) / (s.value_max - s.value_min), 0.0, 1.0);
        return top + int(std::lround((1.0 - t) * height));
    };
    centredText(img, s.title, {left + n * bar / 2, 22}, 0.55, kHeatmapInk);
    for (int k = 0; k <= 4; ++k) {
        const double v = s.value_min + (s.value_max - s.value_min) * k / 4.0;
        const int y = yOf(v);
        cv::line(img, {left, y}, {left + n * bar, y}, cv::Scalar(225, 225, 225));
        int base = 0;
        const auto size = cv::getTextSize(formatValue(v), kFont, 0.4, 1, &base);
        cv::putText(img, formatValue(v), {left - 8 - size.width, y + 5}, kFont, 0.4, kHeatmapInk, 1,
                    cv::LINE_AA);
    }
    const int zero = yOf(0.0);
    for (std::size_t i = 0; i < s.values.size(); ++i) {
        const int x = left + int(i) * bar;
        const int y = yOf(s.values[i]);
        const cv::Scalar color =
            s.values[i] >= 0 ? cv::Scalar(60, 170, 40) : cv::Scalar(50, 50, 215);
        cv::rectangle(img, cv::Point(x + (bar > 3), std::min(y, zero)),
                      cv::Point(x + bar - 1, std::max(y, zero)), color, cv::FILLED);
    }
    cv::line(img, {left, zero}, {left + n * bar, zero}, kHeatmapInk);
    cv::rectangle(img, {left, top, n * bar, height + 1}, kHeatmapInk);
    centredText(img, s.x_title, {left + n * bar / 2, top + height + 30}, 0.5, kHeatmapInk);
    verticalText(img, s.y_title, {20, top + height / 2}, 0.5);
    return encodePng(img);
}

}  // namespace blindspot

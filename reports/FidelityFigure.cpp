#include "reports/FidelityFigure.hpp"

#include <algorithm>
#include <cstdio>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "reports/FigureStyle.hpp"

namespace blindspot {
namespace {

using figure::kGrid;
using figure::kInk;
using figure::kReal;
using figure::kSim;
constexpr int kPlotW = 460, kPlotH = 330, kMargin = 60, kPlotTop = 50;

struct Panel {
    std::string title, x_label;
    double x_low, x_high;
    std::vector<double> real, sim;  ///< y values at evenly spaced x over [x_low, x_high]
};

std::string label(double v) {
    char b[32];
    std::snprintf(b, sizeof b, "%g", v);
    return b;
}

void drawCurve(cv::Mat& img, const cv::Rect& box, const std::vector<double>& y, double y_max,
               const cv::Scalar& colour) {
    std::vector<cv::Point> points;
    for (std::size_t i = 0; i < y.size(); ++i) {
        const double fx = y.size() > 1 ? double(i) / double(y.size() - 1) : 0.0;
        points.emplace_back(box.x + int(fx * box.width),
                            box.y + box.height - int(std::min(1.0, y[i] / y_max) * box.height));
    }
    cv::polylines(img, points, false, colour, 2, cv::LINE_AA);
}

void drawPanel(cv::Mat& img, int left, const Panel& p) {
    const cv::Rect box(left + kMargin, kPlotTop, kPlotW - kMargin - 10, kPlotH - kPlotTop - 45);
    double y_max = 1e-9;
    for (const auto* s : {&p.real, &p.sim})
        for (double v : *s) y_max = std::max(y_max, v);
    y_max *= 1.1;
    for (int k = 0; k <= 4; ++k) {
        const int y = box.y + box.height - k * box.height / 4;
        cv::line(img, {box.x, y}, {box.x + box.width, y}, kGrid, 1);
        cv::putText(img, label(std::round(y_max * k / 4 * 1000) / 1000), {left + 5, y + 4},
                    cv::FONT_HERSHEY_SIMPLEX, 0.4, kInk, 1, cv::LINE_AA);
        const int x = box.x + k * box.width / 4;
        cv::putText(img, label(p.x_low + (p.x_high - p.x_low) * k / 4),
                    {x - 10, box.y + box.height + 16}, cv::FONT_HERSHEY_SIMPLEX, 0.4, kInk, 1,
                    cv::LINE_AA);
    }
    cv::rectangle(img, box, kInk, 1);
    drawCurve(img, box, p.real, y_max, kReal);
    drawCurve(img, box, p.sim, y_max, kSim);
    cv::putText(img, p.title, {left + kMargin, 30}, cv::FONT_HERSHEY_SIMPLEX, 0.55, kInk, 1,
                cv::LINE_AA);
    cv::putText(img, p.x_label, {box.x + box.width / 2 - 60, box.y + box.height + 36},
                cv::FONT_HERSHEY_SIMPLEX, 0.45, kInk, 1, cv::LINE_AA);
}

}  // namespace

std::string fidelityFigurePng(const ScanStatistics& real, const ScanStatistics& sim,
                              const std::string& real_name, const std::string& sim_name) {
    cv::Mat img(kPlotH + 30, 3 * kPlotW, CV_8UC3, cv::Scalar(255, 255, 255));
    const double rows = double(std::max<std::size_t>(1, real.cells_per_row.size()) - 1);
    drawPanel(img, 0,
              {"returns per row (fraction of cells)", "row (0 = top)", 0, rows,
               real.validFractionPerRow(), sim.validFractionPerRow()});
    drawPanel(img, kPlotW,
              {"intensity of the returns (density)", "intensity", real.intensity.low,
               real.intensity.high, real.intensity.density(), sim.intensity.density()});
    drawPanel(img, 2 * kPlotW,
              {"range of the returns (density)", "range [m]", real.range_m.low, real.range_m.high,
               real.range_m.density(), sim.range_m.density()});
    cv::putText(img, "real: " + real_name, {kMargin, kPlotH + 18}, cv::FONT_HERSHEY_SIMPLEX, 0.5,
                kReal, 1, cv::LINE_AA);
    cv::putText(img, "simulated: " + sim_name, {kPlotW + kMargin, kPlotH + 18},
                cv::FONT_HERSHEY_SIMPLEX, 0.5, kSim, 1, cv::LINE_AA);
    std::vector<std::uint8_t> png;
    cv::imencode(".png", img, png);
    return std::string(png.begin(), png.end());
}

std::vector<std::array<std::uint8_t, 3>> intensityColours(const GridReturns& scan) {
    std::vector<std::array<std::uint8_t, 3>> out(scan.valid.size(), {0, 0, 0});
    for (std::size_t i = 0; i < out.size(); ++i) {
        if (!scan.valid[i]) continue;
        const auto v = std::uint8_t(40 + 215 * std::clamp(double(scan.intensity[i]), 0.0, 1.0));
        out[i] = {v, v, v};
    }
    return out;
}

}  // namespace blindspot

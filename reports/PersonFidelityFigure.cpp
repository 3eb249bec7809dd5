#include "reports/PersonFidelityFigure.hpp"

#include <cmath>
#include <cstdio>
#include <functional>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "reports/FigureStyle.hpp"

namespace blindspot {
namespace {

constexpr int kPeopleW = 360, kPeopleH = 250, kPeopleLeft = 50, kPeopleTop = 34, kPeoplePlotW = kPeopleW - kPeopleLeft - 15,
              kPeoplePlotH = kPeopleH - kPeopleTop - 34;
constexpr double kMaxRangeM = 40.0;

struct PeoplePanel {
    const char* title;
    double lo, hi;
    bool log;
    std::function<double(const PersonInstance&)> value;
};

std::string personNumber(double v) {
    char b[32];
    std::snprintf(b, sizeof b, "%g", v);
    return b;
}

void drawPeoplePanel(cv::Mat& img, int left, int top, const PeoplePanel& p,
               const std::vector<PersonInstance>& real, const std::vector<PersonInstance>& sim,
               const std::string& kind) {
    const int x0 = left + kPeopleLeft, y0 = top + kPeopleTop;
    auto yOf = [&](double v) {
        const double t = p.log ? (std::log10(std::max(v, p.lo)) - std::log10(p.lo)) /
                                     (std::log10(p.hi) - std::log10(p.lo))
                               : (v - p.lo) / (p.hi - p.lo);
        return y0 + kPeoplePlotH - int(std::clamp(t, 0.0, 1.0) * kPeoplePlotH);
    };
    auto xOf = [&](double r) { return x0 + int(std::clamp(r / kMaxRangeM, 0.0, 1.0) * kPeoplePlotW); };
    for (int k = 0; k <= 4; ++k) {
        const int x = x0 + k * kPeoplePlotW / 4;
        cv::line(img, {x, y0}, {x, y0 + kPeoplePlotH}, figure::kGrid, 1);
        cv::putText(img, personNumber(kMaxRangeM * k / 4), {x - 8, y0 + kPeoplePlotH + 14},
                    cv::FONT_HERSHEY_SIMPLEX, 0.36, figure::kInk, 1, cv::LINE_AA);
    }
    for (double v : {p.lo, p.log ? std::sqrt(p.lo * p.hi) : (p.lo + p.hi) / 2, p.hi})
        cv::putText(img, personNumber(std::round(v * 100) / 100), {left + 4, yOf(v) + 4},
                    cv::FONT_HERSHEY_SIMPLEX, 0.36, figure::kInk, 1, cv::LINE_AA);
    if (p.log)  // an adult's 0.55 m^2 over the 0.4 x 0.17 deg cell of hdl64e-kitti at range r
        for (double r = 2; r < kMaxRangeM; r += 0.5) {
            const double cell = (0.4 * M_PI / 180) * (0.17 * M_PI / 180);
            cv::line(img, {xOf(r), yOf(0.55 / (r * r * cell))},
                     {xOf(r + 0.5), yOf(0.55 / ((r + 0.5) * (r + 0.5) * cell))}, figure::kGrid, 2);
        }
    for (const auto* set : {&sim, &real})
        for (const auto& q : *set)
            if (q.kind == kind)
                cv::circle(img, {xOf(q.range_m), yOf(p.value(q))}, 3,
                           set == &real ? figure::kReal : figure::kSim, cv::FILLED, cv::LINE_AA);
    cv::rectangle(img, {x0, y0}, {x0 + kPeoplePlotW, y0 + kPeoplePlotH}, figure::kInk, 1);
    cv::putText(img, p.title, {x0, y0 - 10}, cv::FONT_HERSHEY_SIMPLEX, 0.46, figure::kInk, 1, cv::LINE_AA);
}

}  // namespace

std::string personFidelityFigurePng(const std::vector<PersonInstance>& real,
                                    const std::vector<PersonInstance>& sim,
                                    const std::string& kind, const std::string& real_name,
                                    const std::string& sim_name) {
    const PeoplePanel panels[] = {
        {"points (log) against range (m)", 5, 5000, true,
         [](const PersonInstance& q) { return double(q.points); }},
        {"height its points span (m)", 0, 2.2, false,
         [](const PersonInstance& q) { return q.height_m; }},
        {"width across the line of sight (m)", 0, 2.0, false,
         [](const PersonInstance& q) { return q.width_m; }},
        {"median intensity", 0, 0.6, false, [](const PersonInstance& q) { return q.intensity; }}};
    cv::Mat img(2 * kPeopleH + 30, 2 * kPeopleW, CV_8UC3, cv::Scalar(255, 255, 255));
    for (int i = 0; i < 4; ++i) drawPeoplePanel(img, (i % 2) * kPeopleW, (i / 2) * kPeopleH, panels[i], real, sim, kind);
    cv::putText(img, kind + ", real: " + real_name, {10, 2 * kPeopleH + 18}, cv::FONT_HERSHEY_SIMPLEX,
                0.45, figure::kReal, 1, cv::LINE_AA);
    cv::putText(img, "simulated: " + sim_name, {kPeopleW + 10, 2 * kPeopleH + 18}, cv::FONT_HERSHEY_SIMPLEX,
                0.45, figure::kSim, 1, cv::LINE_AA);
    std::vector<std::uint8_t> png;
    cv::imencode(".png", img, png);
    return std::string(png.begin(), png.end());
}

}  // namespace blindspot

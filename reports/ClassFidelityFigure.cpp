#include "reports/ClassFidelityFigure.hpp"

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
constexpr int kPanelW = 330, kNameW = 110, kRowH = 26, kTop = 40, kBottom = 30;

// The x range of a panel: [0, 1] for fractions and shape, else the whiskers' span.
std::pair<double, double> axisOf(int feature, const std::vector<Quartiles>& q) {
    if (feature < 0 || feature >= kLinearity) return {0.0, 1.0};
    double lo = 0.0, hi = 1e-6;
    for (const auto& v : q) {
        lo = std::min(lo, v.q1);
        hi = std::max(hi, v.q3);
    }
    return {lo, hi * 1.05};
}

std::string number(double v) {
    char b[32];
    std::snprintf(b, sizeof b, "%.3g", v);
    return b;
}

// Real and simulated quartiles of one feature (-1: the share) for each class.
std::vector<Quartiles> valuesOf(const ClassStatistics& s, const std::vector<std::string>& classes,
                                int feature) {
    std::vector<Quartiles> out;
    for (const auto& c : classes) {
        const auto it = s.by_class.find(c);
        if (feature < 0) {
            const double share = s.share(c);
            out.push_back({share, share, share});
        } else {
            out.push_back(it == s.by_class.end()
                              ? Quartiles{}
                              : quartiles(it->second.values[std::size_t(feature)]));
        }
    }
    return out;
}

void drawPanel(cv::Mat& img, int left, int top, int feature, const ClassStatistics& real,
               const ClassStatistics& sim, const std::vector<std::string>& classes) {
    const std::vector<Quartiles> r = valuesOf(real, classes, feature);
    const std::vector<Quartiles> s = valuesOf(sim, classes, feature);
    std::vector<Quartiles> both = r;
    both.insert(both.end(), s.begin(), s.end());
    // Plain copies, not a structured binding: C++17 lambdas cannot capture bindings (clang).
    const std::pair<double, double> axis = axisOf(feature, both);
    const double lo = axis.first, hi = axis.second;
    const int x0 = left + kNameW, w = kPanelW - kNameW - 15;
    const int h = int(classes.size()) * kRowH;
    auto xOf = [&](double v) { return x0 + int((std::clamp(v, lo, hi) - lo) / (hi - lo) * w); };
    for (int k = 0; k <= 2; ++k) {
        const int x = x0 + k * w / 2;
        cv::line(img, {x, top}, {x, top + h}, kGrid, 1);
        cv::putText(img, number(lo + (hi - lo) * k / 2), {x - 12, top + h + 14},
                    cv::FONT_HERSHEY_SIMPLEX, 0.38, kInk, 1, cv::LINE_AA);
    }
    for (std::size_t i = 0; i < classes.size(); ++i) {
        const int y = top + int(i) * kRowH;
        cv::putText(img, classes[i], {left + 4, y + 17}, cv::FONT_HERSHEY_SIMPLEX, 0.42, kInk, 1,
                    cv::LINE_AA);
        const bool has_real = real.by_class.count(classes[i]) > 0;
        const bool has_sim = sim.by_class.count(classes[i]) > 0;
        const std::pair<const Quartiles*, cv::Scalar> bars[] = {{has_real ? &r[i] : nullptr, kReal},
                                                                {has_sim ? &s[i] : nullptr, kSim}};
        for (int b = 0; b < 2; ++b) {
            if (!bars[b].first) continue;
            const Quartiles& q = *bars[b].first;
            const int yb = y + 4 + b * 10;
            cv::rectangle(img, {xOf(lo), yb}, {xOf(q.median), yb + 8}, bars[b].second, cv::FILLED);
            cv::line(img, {xOf(q.q1), yb + 4}, {xOf(q.q3), yb + 4}, kInk, 1);
        }
    }
    cv::rectangle(img, {x0, top}, {x0 + w, top + h}, kInk, 1);
    const std::string title =
        feature < 0 ? "share of front-view points" : classFeatureName(feature);
    cv::putText(img, title, {x0, top - 8}, cv::FONT_HERSHEY_SIMPLEX, 0.5, kInk, 1, cv::LINE_AA);
}

}  // namespace

std::vector<std::string> classesPresent(const ClassStatistics& real,
                                        const ClassStatistics& simulated,
                                        const std::vector<std::string>& wanted) {
    std::vector<std::string> out;
    for (const auto& c : wanted)
        if (real.by_class.count(c) || simulated.by_class.count(c)) out.push_back(c);
    return out;
}

std::string classFidelityFigurePng(const ClassStatistics& real, const ClassStatistics& sim,
                                   const std::vector<std::string>& classes,
                                   const std::string& real_name, const std::string& sim_name) {
    const int panel_h = kTop + int(classes.size()) * kRowH + kBottom;
    constexpr int kColumns = 4;
    cv::Mat img(2 * panel_h + 30, kColumns * kPanelW, CV_8UC3, cv::Scalar(255, 255, 255));
    for (int f = -1; f < kClassFeatureCount; ++f) {
        const int slot = f + 1;
        drawPanel(img, (slot % kColumns) * kPanelW, (slot / kColumns) * panel_h + kTop, f, real,
                  sim, classes);
    }
    cv::putText(img, "real: " + real_name, {10, 2 * panel_h + 18}, cv::FONT_HERSHEY_SIMPLEX, 0.5,
                kReal, 1, cv::LINE_AA);
    cv::putText(img, "simulated: " + sim_name, {2 * kPanelW, 2 * panel_h + 18},
                cv::FONT_HERSHEY_SIMPLEX, 0.5, kSim, 1, cv::LINE_AA);
    std::vector<std::uint8_t> png;
    cv::imencode(".png", img, png);
    return std::string(png.begin(), png.end());
}

}  // namespace blindspot

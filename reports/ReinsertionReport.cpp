#include "reports/ReinsertionReport.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <sstream>

#include "core/base/AtomicFile.hpp"
#include "reports/FigureStyle.hpp"
#include "reports/HtmlParts.hpp"

namespace blindspot {
namespace {

using figure::kGrid;
using figure::kInk;
using figure::kReal;
using figure::kSim;
constexpr int kBarPanelW = 420, kBarPanelH = 300, kBarMargin = 50;

std::string label(double v, const char* format) {
    char b[32];
    std::snprintf(b, sizeof b, format, v);
    return b;
}

// One panel: per bin a real and an inserted bar.
void drawBars(cv::Mat& img, int left, const std::string& title,
              const std::vector<std::string>& bins, const std::vector<double>& real,
              const std::vector<double>& inserted, double y_max, const char* format) {
    const cv::Rect box(left + kBarMargin, 45, kBarPanelW - kBarMargin - 15, kBarPanelH - 95);
    cv::rectangle(img, box, kGrid, 1);
    for (int k = 1; k < 4; ++k) {
        const int y = box.y + box.height - box.height * k / 4;
        cv::line(img, {box.x, y}, {box.x + box.width, y}, kGrid, 1);
        cv::putText(img, label(y_max * k / 4, format), {left + 4, y + 4}, cv::FONT_HERSHEY_SIMPLEX,
                    0.38, kInk, 1, cv::LINE_AA);
    }
    const int slot = box.width / int(std::max<std::size_t>(1, bins.size()));
    for (std::size_t b = 0; b < bins.size(); ++b) {
        const int x = box.x + int(b) * slot + slot / 6, w = slot / 3;
        for (int side = 0; side < 2; ++side) {
            const double v = side == 0 ? real[b] : inserted[b];
            const int h = int(box.height * std::clamp(v / y_max, 0.0, 1.0));
            cv::rectangle(img, cv::Rect(x + side * w, box.y + box.height - h, w - 2, h),
                          side == 0 ? kReal : kSim, cv::FILLED);
        }
        cv::putText(img, bins[b], {x, box.y + box.height + 18}, cv::FONT_HERSHEY_SIMPLEX, 0.45,
                    kInk, 1, cv::LINE_AA);
    }
    cv::putText(img, title, {left + kBarMargin, 28}, cv::FONT_HERSHEY_SIMPLEX, 0.55, kInk, 1,
                cv::LINE_AA);
}

std::string cell(const std::optional<double>& v) { return num(v); }
std::string interval(const BootstrapInterval& ci) {
    return ci.low && ci.high ? "[" + num(ci.low) + ", " + num(ci.high) + "]" : "";
}

}  // namespace

std::string reinsertionFigurePng(const std::vector<ReinsertionBin>& bins) {
    cv::Mat img(kBarPanelH + 24, 2 * kBarPanelW, CV_8UC3, cv::Scalar(255, 255, 255));
    std::vector<std::string> names;
    std::vector<double> rp, ip, ri, ii;
    double points_max = 1.0;
    for (const auto& b : bins) {
        names.push_back(b.name + " (" + std::to_string(b.instances) + ")");
        rp.push_back(b.real_points);
        ip.push_back(b.inserted_points);
        ri.push_back(b.real_iou.value_or(0.0));
        ii.push_back(b.inserted_iou.value_or(0.0));
        points_max = std::max({points_max, b.real_points * 1.15, b.inserted_points * 1.15});
    }
    drawBars(img, 0, "points per car", names, rp, ip, points_max, "%.0f");
    drawBars(img, kBarPanelW, "car IoU per car (mean)", names, ri, ii, 1.0, "%.2f");
    cv::putText(img, "real car", {kBarMargin, kBarPanelH + 12}, cv::FONT_HERSHEY_SIMPLEX, 0.5, kReal, 1,
                cv::LINE_AA);
    cv::putText(img, "inserted library car, same pose", {kBarMargin + 110, kBarPanelH + 12},
                cv::FONT_HERSHEY_SIMPLEX, 0.5, kSim, 1, cv::LINE_AA);
    std::vector<std::uint8_t> png;
    cv::imencode(".png", img, png);
    return std::string(png.begin(), png.end());
}

std::string writeReinsertionReport(const std::vector<InstancePair>& pairs,
                                   const std::vector<ReinsertionBin>& bins,
                                   const std::string& model, const std::string& dir) {
    makeDirectories(dir);
    const std::vector<std::string> shortfalls = reinsertionShortfalls(bins);
    std::ostringstream b;
    b << "<h1>Same-pose re-insertion</h1><p>" << pairs.size() << " labelled real cars, each "
      << "replaced by the library car nearest in size at its fitted box and scored by "
      << escape(model) << " on both scans.</p><p class=" << (shortfalls.empty() ? "pass" : "fail")
      << ">"
      << (shortfalls.empty() ? "The gate passes: per range bin the points ratio lies in "
                               "[0.8, 1.25] and the mean IoU within 0.10."
                             : "The gate fails:");
    for (const auto& s : shortfalls) b << "<br>" << escape(s);
    const std::string png = reinsertionFigurePng(bins);
    writeFileAtomic((std::filesystem::path(dir) / "reinsertion.png").string(), png);
    b << "</p>" << img(png, "real against inserted cars per range bin")
      << "<table><tr><th>range</th><th>cars</th><th>points real</th><th>points inserted</th>"
      << "<th>ratio</th><th>95 % interval</th><th>IoU real</th><th>IoU inserted</th>"
      << "<th>difference</th><th>95 % interval</th><th>recall real</th><th>recall inserted</th>"
      << "<th>difference</th><th>95 % interval</th></tr>";
    for (const auto& r : bins)
        b << "<tr><td>" << r.name << "</td><td>" << r.instances << "</td><td>"
          << num(r.real_points, 1) << "</td><td>" << num(r.inserted_points, 1) << "</td><td>"
          << cell(r.points_ratio) << "</td><td>" << interval(r.points_ratio_ci) << "</td><td>"
          << cell(r.real_iou) << "</td><td>" << cell(r.inserted_iou) << "</td><td>"
          << cell(r.iou_difference) << "</td><td>" << interval(r.iou_difference_ci) << "</td><td>"
          << cell(r.real_recall) << "</td><td>" << cell(r.inserted_recall) << "</td><td>"
          << cell(r.recall_difference) << "</td><td>" << interval(r.recall_difference_ci)
          << "</td></tr>";
    b << "</table>";
    const std::filesystem::path index = std::filesystem::path(dir) / "index.html";
    writeFileAtomic(index.string(), page("blindspot: same-pose re-insertion", b.str()));
    const nlohmann::json summary = {{"model", model},
                                    {"bins", toJson(bins)},
                                    {"shortfalls", shortfalls},
                                    {"passes", shortfalls.empty()},
                                    {"instances", toJson(pairs)}};
    writeFileAtomic((std::filesystem::path(dir) / "summary.json").string(), summary.dump(2) + "\n");
    return index.string();
}

}  // namespace blindspot

#include "reports/EvaluationReport.hpp"

#include <algorithm>
#include <filesystem>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <sstream>

#include "core/base/AtomicFile.hpp"
#include "core/base/Error.hpp"
#include "reports/DatasetConfusionReport.hpp"
#include "reports/HtmlParts.hpp"

namespace blindspot {
namespace {

nlohmann::json scanJson(const EvaluatedScan& s, const std::vector<std::string>& classes) {
    nlohmann::json per_class = nlohmann::json::array();
    for (const auto& c : s.result.classes) {
        const Ratios r = ratiosOf(c.tp, c.fp, c.fn);
        per_class.push_back({{"class", c.name},
                             {"tp", c.tp},
                             {"fp", c.fp},
                             {"fn", c.fn},
                             {"iou", jsonNumber(r.iou)},
                             {"precision", jsonNumber(r.precision)},
                             {"recall", jsonNumber(r.recall)}});
    }
    nlohmann::json predicted = nlohmann::json::object();
    for (std::size_t c = 0; c < classes.size() && c < s.predicted_cells.size(); ++c)
        predicted[classes[c]] = s.predicted_cells[c];
    nlohmann::json out = {{"name", s.result.scene_id},
                          {"path", s.path},
                          {"format", s.format},
                          {"labelled", s.labelled},
                          {"returns", s.returns},
                          {"predicted_cells", predicted},
                          {"points_scored", s.points_scored},
                          {"points_outside_grid", s.points_outside},
                          {"classes", per_class}};
    if (!s.dataset.empty()) out["dataset_confusion"] = datasetConfusionJson(s.dataset, classes);
    return out;
}

std::optional<double> targetIou(const EvaluatedScan& s, const std::string& target) {
    const ClassCounts* c = s.result.find(target);
    return c ? ratiosOf(c->tp, c->fp, c->fn).iou : std::nullopt;
}

std::string scanTable(const EvaluationInput& in) {
    std::ostringstream h;
    h << "<table><tr><th class=l>scan</th><th class=l>format</th><th>returns</th><th>"
      << escape(in.target_class) << " TP</th><th>FP</th><th>FN</th><th>IoU</th>"
      << "<th>precision</th><th>recall</th><th>predicted " << escape(in.target_class)
      << " share</th></tr>";
    const auto target = std::find(in.classes.begin(), in.classes.end(), in.target_class);
    const std::size_t t = std::size_t(target - in.classes.begin());
    for (const auto& s : in.scans) {
        const ClassCounts* c = s.result.find(in.target_class);
        const Ratios r = c ? ratiosOf(c->tp, c->fp, c->fn) : Ratios{};
        const double share = s.returns && t < s.predicted_cells.size()
                                 ? double(s.predicted_cells[t]) / double(s.returns)
                                 : 0.0;
        h << "<tr><td class=l>" << escape(s.result.scene_id) << "</td><td class=l>"
          << escape(s.format) << "</td><td>" << s.returns << "</td><td>" << (c ? c->tp : 0)
          << "</td><td>" << (c ? c->fp : 0) << "</td><td>" << (c ? c->fn : 0) << "</td><td>"
          << num(r.iou) << "</td><td>" << num(r.precision) << "</td><td>" << num(r.recall)
          << "</td><td>" << num(share) << "</td></tr>";
    }
    return h.str() + "</table>\n";
}

std::string worstSection(const EvaluationInput& in) {
    std::vector<const EvaluatedScan*> order;
    for (const auto& s : in.scans) order.push_back(&s);
    std::stable_sort(order.begin(), order.end(),
                     [&](const EvaluatedScan* a, const EvaluatedScan* b) {
                         return targetIou(*a, in.target_class).value_or(2.0) <
                                targetIou(*b, in.target_class).value_or(2.0);
                     });
    std::ostringstream h;
    h << "<h2>Scans, worst " << escape(in.target_class) << " IoU first</h2><p class=legend>"
      << "Front view, row 0 on top, +y on the left: <span style=\"background:#2e7d32;color:#fff\">"
         "true positive</span><span style=\"background:#c62828;color:#fff\">false positive</span>"
         "<span style=\"background:#1565c0;color:#fff\">false negative</span>"
         "<span style=\"background:#888;color:#fff\">other return</span></p>\n";
    for (const EvaluatedScan* s : order) {
        h << "<p><b>" << escape(s->result.scene_id) << "</b>: " << escape(in.target_class)
          << " IoU " << num(targetIou(*s, in.target_class)) << "<br>";
        if (!s->front_view_png.empty()) h << img(s->front_view_png, s->result.scene_id);
        if (!s->false_positive_png.empty())
            h << "<br>" << escape(in.target_class) << " false positives by dataset class:<br>"
              << img(s->false_positive_png, s->result.scene_id + " false positives");
        h << "</p>\n";
    }
    return h.str();
}

// What the network called each of the dataset's own classes (issue 33), pooled.
std::string datasetSection(const EvaluationInput& in) {
    if (in.dataset.empty()) return "";
    return "<h2>What the network called each dataset class</h2><p>Every point inside the "
           "network's grid with a SemanticKITTI label, scored or not (unlabeled, outliers and "
           "ignored classes too), pooled over the scans: how many of each dataset class's points "
           "each model class took. Per scan in <code>summary.json</code> "
           "(<code>scans[].dataset_confusion</code>). The pictures below colour the " +
           escape(in.target_class) + " false positives by dataset class: " +
           datasetClassLegend(in.dataset) + "</p>" +
           datasetConfusionTable(in.dataset, in.classes, in.target_class);
}

}  // namespace

std::string frontViewPng(int rows, int cols, const std::vector<std::array<std::uint8_t, 3>>& colors,
                         int scale) {
    cv::Mat image(rows, cols, CV_8UC3);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
            const auto& rgb = colors[std::size_t(r) * std::size_t(cols) + std::size_t(c)];
            image.at<cv::Vec3b>(r, c) = cv::Vec3b(rgb[2], rgb[1], rgb[0]);
        }
    cv::Mat big;
    cv::resize(image, big, cv::Size(cols * scale, rows * 2 * scale), 0, 0, cv::INTER_NEAREST);
    std::vector<std::uint8_t> png;
    cv::imencode(".png", big, png);
    return std::string(png.begin(), png.end());
}

std::vector<std::array<std::uint8_t, 3>> outcomeColours(const std::vector<int>& truth,
                                                        const std::vector<int>& predicted,
                                                        const std::vector<std::uint8_t>& has_return,
                                                        bool labelled, int target) {
    const std::array<std::uint8_t, 3> tp{46, 125, 50}, fp{198, 40, 40}, fn{21, 101, 192},
        other{136, 136, 136}, guessed{255, 179, 0};
    std::vector<std::array<std::uint8_t, 3>> out(predicted.size(), {0, 0, 0});
    for (std::size_t i = 0; i < out.size(); ++i) {
        if (!has_return[i]) continue;
        const bool said = predicted[i] == target, is = truth[i] == target;
        if (!labelled)
            out[i] = said ? guessed : other;
        else if (said && is)
            out[i] = tp;
        else if (said && truth[i] >= 0)
            out[i] = fp;
        else if (is)
            out[i] = fn;
        else
            out[i] = other;
    }
    return out;
}

nlohmann::json evaluationSummaryJson(const EvaluationInput& in) {
    nlohmann::json scans = nlohmann::json::array();
    std::size_t scored = 0, outside = 0;
    for (const auto& s : in.scans) {
        scans.push_back(scanJson(s, in.classes));
        scored += s.points_scored;
        outside += s.points_outside;
    }
    const nlohmann::json scoring = {
        {"unit", "point"},
        {"rule", in.scoring_rule},
        {"ignore_classes", in.ignore_classes},
        {"points_scored", scored},
        {"points_outside_grid", outside},
        {"postprocess", in.postprocess.empty() ? "none" : in.postprocess}};
    nlohmann::json out = {{"model", {{"checkpoint", in.model_dir}, {"hash", in.model_hash}}},
                          {"inputs", in.inputs},
                          {"classes", in.classes},
                          {"scoring", scoring},
                          {"metrics", toJson(in.metrics)},
                          {"scans", scans}};
    if (!in.dataset.empty())
        out["dataset_confusion"] = {{"label_set", "semantickitti"},
                                    {"unit", "point inside the grid"},
                                    {"pooled", datasetConfusionJson(in.dataset, in.classes)}};
    return out;
}

std::string writeEvaluationReport(const EvaluationInput& in, const std::string& dir) {
    prepareOutputDirectory(dir, true);  // also clears what a killed writer left behind
    std::ostringstream b;
    b << "<h1>blindspot evaluate</h1><p>Checkpoint <code>" << escape(in.model_dir)
      << "</code> (hash <code>" << in.model_hash << "</code>) on " << in.scans.size()
      << " recorded scans.</p>\n<p>Scored " << escape(in.scoring_rule) << ".";
    if (!in.postprocess.empty()) b << " Each point's class: " << escape(in.postprocess) << ".";
    if (!in.ignore_classes.empty()) {
        b << " Ignored, as the model card says (not scored, not in mIoU):";
        for (const auto& c : in.ignore_classes) b << " <code>" << escape(c) << "</code>";
        b << ".";
    }
    b << "</p>\n<h2>All labelled scans</h2>" << classTable(in.metrics) << "<h2>Per scan</h2>"
      << scanTable(in) << datasetSection(in) << worstSection(in);
    const std::string index = (std::filesystem::path(dir) / "index.html").string();
    writeFileAtomic((std::filesystem::path(dir) / "summary.json").string(),
                    evaluationSummaryJson(in).dump(2) + "\n");
    writeFileAtomic(index, page("blindspot evaluate", b.str()));
    return index;
}

}  // namespace blindspot

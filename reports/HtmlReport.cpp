#include "reports/HtmlReport.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <sstream>

#include "core/base/AtomicFile.hpp"
#include "core/base/Precision.hpp"
#include "reports/FirstScreen.hpp"
#include "reports/Heatmap.hpp"
#include "reports/HtmlParts.hpp"
#include "reports/MapSummary.hpp"

namespace blindspot {
namespace {

std::optional<double> optionalNumber(const nlohmann::json& v) {
    return v.is_number() ? std::optional<double>(v.get<double>()) : std::nullopt;
}

HeatmapSpec deltaHeatmap(const Comparison& c, const std::string& title) {
    HeatmapSpec s = mapHeatmap(c.map_a, title);
    s.values.clear();
    double extent = 0.05;
    for (const auto& d : c.cells) {
        s.values.push_back(d.delta);
        if (d.delta) extent = std::max(extent, std::fabs(*d.delta));
    }
    extent = std::ceil(extent * 20.0) / 20.0;  // round up to 0.05
    s.value_min = -extent;
    s.value_max = extent;
    s.diverging = true;
    s.value_title = "delta " + c.map_a.metric;
    return s;
}

std::string improvementCurve(const Comparison& c) {
    BarChartSpec s;
    s.title = "Per-cell change, sorted (" + std::to_string(c.improved) + " improved, " +
              std::to_string(c.degraded) + " degraded)";
    s.x_title = "map cells, best to worst";
    s.y_title = "delta " + c.map_a.metric;
    s.values = c.sorted_deltas;
    double extent = 0.05;
    for (double d : c.sorted_deltas) extent = std::max(extent, std::fabs(d));
    s.value_max = std::ceil(extent * 20.0) / 20.0;
    s.value_min = -s.value_max;
    return s.values.empty() ? std::string() : barChartPng(s);
}

// "19 of 24 scenes (79.2 %) in 3 shards; unfinished 2" or "" without shard records.
std::string coverageText(const RunMetadata& r) {
    if (r.shard_count == 0) return "";
    std::ostringstream t;
    t << r.scenes << " of " << r.design_size << " scenes ("
      << formatValue(r.design_size > 0 ? 100.0 * double(r.scenes) / double(r.design_size) : 0.0, 1)
      << " %) in " << r.shard_count << " shard" << (r.shard_count > 1 ? "s" : "");
    const auto list = [](const std::vector<int>& v) {
        std::string text;
        for (int i : v) text += (text.empty() ? "" : ", ") + std::to_string(i);
        return text;
    };
    if (!r.missing_shards.empty()) t << "; missing " << list(r.missing_shards);
    if (!r.unfinished_shards.empty()) t << "; unfinished " << list(r.unfinished_shards);
    return t.str();
}

std::string metadataTable(const RunMetadata& r) {
    std::ostringstream h;
    h << "<table><tr><th class=l>run</th><td class=l>" << escape(r.name) << " (<code>"
      << escape(r.run_dir) << "</code>)</td></tr>"
      << "<tr><th class=l>scenes</th><td class=l>" << r.scenes << "</td></tr>"
      << (r.shard_count > 0
              ? "<tr><th class=l>coverage</th><td class=l>" + coverageText(r) + "</td></tr>"
              : "")
      << "<tr><th class=l>config hash</th><td class=l><code>" << r.config_hash
      << "</code></td></tr>"
      << "<tr><th class=l>checkpoint hash</th><td class=l><code>"
      << (r.checkpoint_hash.empty() ? "(none)" : r.checkpoint_hash) << "</code></td></tr>"
      << (r.checkpoint_hash.empty()
              ? ""
              : "<tr><th class=l>inference precision</th><td class=l>" +
                    precisionName(precisionOfHash(r.checkpoint_hash)) + "</td></tr>")
      << "<tr><th class=l>blindspot version</th><td class=l>" << escape(r.tool_version)
      << "</td></tr>"
      << "<tr><th class=l>started / finished</th><td class=l>" << r.started_at << " / "
      << (r.finished_at.empty() ? "unfinished" : r.finished_at) << "</td></tr>"
      << "<tr><th class=l>duration</th><td class=l>" << formatValue(r.duration_s, 1)
      << " s</td></tr></table>\n";
    return h.str();
}

std::string cellTable(const std::string& title, const std::vector<nlohmann::json>& levels,
                      const std::vector<MapCell>& cells, const std::string& metric) {
    std::ostringstream h;
    h << "<table><tr><th class=l>" << escape(title) << "</th><th>" << escape(metric)
      << "</th><th>std</th><th>samples</th><th>defined</th>"
      << "<th>mean visibility</th><th>target in the network's grid</th></tr>";
    for (std::size_t i = 0; i < levels.size(); ++i)
        h << "<tr><td class=l>" << escape(levelText(levels[i])) << "</td><td>" << num(cells[i].mean)
          << "</td><td>" << num(cells[i].stddev) << "</td><td>" << cells[i].samples << "</td><td>"
          << cells[i].defined << "</td><td>" << num(cells[i].mean_visibility, 2) << "</td><td>"
          << num(cells[i].mean_target_in_grid, 2) << "</td></tr>";
    h << "</table>\n";
    return h.str();
}

std::string robustnessTable(const ReportInput& in) {
    std::ostringstream h;
    h << "<h2>Robustness by " << escape(in.robustness_dimension) << "</h2><table><tr><th class=l>"
      << escape(in.robustness_dimension) << "</th><th>scenes</th><th>" << escape(in.metric.label())
      << "</th><th>resilience rate</th><th>corruption error</th></tr>";
    for (const auto& r : in.robustness)
        h << "<tr><td class=l>" << escape(levelText(r.level)) << "</td><td>" << r.scenes
          << "</td><td>" << num(r.value) << "</td><td>" << num(r.resilience_rate) << "</td><td>"
          << num(r.corruption_error) << "</td></tr>";
    h << "</table><p>Resilience rate = metric under the level / metric clear (Robo3D); corruption "
         "error = (1 - metric) / (1 - baseline metric) per level, with --baseline.</p>\n";
    return h.str();
}

std::string worstSection(const ReportInput& in) {
    std::ostringstream h;
    h << "<h2>The " << in.worst.size() << " worst scenes</h2><p class=legend>Bird's-eye view, x "
      << "forward up, y left to the left, 30 m around the sensor: <span "
         "style=\"background:#28c83c\">"
      << "correct " << escape(in.metric.class_name) << "</span><span style=\"background:#e62828;"
      << "color:#fff\">false positive</span><span style=\"background:#2878ff;color:#fff\">false "
      << "negative</span><span style=\"background:#969696\">other</span></p><div class=thumbs>";
    for (const auto& w : in.worst) {
        h << "<div class=thumb>";
        if (w.thumbnail_png.empty())
            h << "<p class=na>(scan not cached)</p>";
        else
            h << img(w.thumbnail_png, "scene " + w.scene_id);
        h << "<br><b>" << num(w.value) << "</b> " << escape(in.metric.label()) << ", visibility "
          << formatValue(w.visibility, 2) << "<br><code>" << w.scene_id << "</code><br>"
          << escape(sampleText(w.sample)) << "</div>";
    }
    h << "</div>\n";
    return h.str();
}

std::string comparisonSection(const Comparison& c, const std::string& a_name,
                              const std::string& b_name) {
    std::ostringstream h;
    h << img(heatmapPng(deltaHeatmap(c, "Change per cell: " + b_name + " - " + a_name)),
             "delta map")
      << "<br>";
    const std::string curve = improvementCurve(c);
    if (!curve.empty()) h << img(curve, "sorted per-cell change") << "\n";
    h << "<table><tr><th class=l>scenes compared</th><td>" << c.scenes_compared
      << "</td></tr><tr><th class=l>scene pairs with defined values</th><td>" << c.paired
      << "</td></tr><tr><th class=l>" << escape(c.map_a.metric) << " " << escape(a_name)
      << "</th><td>" << num(c.mean_a) << "</td></tr><tr><th class=l>" << escape(c.map_a.metric)
      << " " << escape(b_name) << "</th><td>" << num(c.mean_b)
      << "</td></tr><tr><th class=l>mean delta (paired, per scene)</th><td>" << num(c.mean_delta)
      << "</td></tr><tr><th class=l>95% CI, " << c.clusters << " " << escape(c.cluster_dim)
      << "s resampled (cluster bootstrap, " << c.resamples << " resamples, seed " << c.seed
      << ")</th><td>[" << num(c.cluster_ci_low) << ", " << num(c.cluster_ci_high)
      << "]</td></tr><tr><th class=l>95% CI, scene pairs resampled (treats scenes as "
         "independent: too narrow when they share backgrounds)</th><td>["
      << num(c.ci_low) << ", " << num(c.ci_high)
      << "]</td></tr><tr><th class=l>cells improved / degraded / unchanged</th><td>" << c.improved
      << " / " << c.degraded << " / " << c.unchanged << "</td></tr>";
    for (const auto& [name, d] :
         {std::pair{"the selection's cells", c.selected}, std::pair{"the other cells", c.other}})
        if (d)
            h << "<tr><th class=l>mean delta on " << name << " (" << d->paired
              << " pairs), 95% CI over " << d->clusters << " " << escape(c.cluster_dim)
              << "s</th><td>" << num(d->mean_delta) << " [" << num(d->cluster_ci_low) << ", "
              << num(d->cluster_ci_high) << "]</td></tr>";
    h << "</table>\n";
    return h.str();
}

std::string gateSection(const GateResult& g, const GateOptions& o) {
    std::ostringstream h;
    h << "<h2>Regression gate</h2><p class=" << (g.passed ? "pass" : "fail") << ">"
      << escape(g.message) << "</p>";
    if (!g.failed_cells.empty()) {
        h << "<table><tr><th>cell</th><th>delta</th><th>samples</th></tr>";
        for (const auto& d : g.failed_cells)
            h << "<tr><td>" << escape(levelText(d.x)) << ", " << escape(levelText(d.y))
              << "</td><td>" << num(d.delta) << "</td><td>" << d.samples << "</td></tr>";
        h << "</table>";
    }
    h << "<p>Fails when the run's scene mean fell by more than " << formatValue(o.max_drop, 3)
      << " against the baseline, or any cell with at least " << o.min_cell_samples
      << " scene pairs did.</p>\n";
    return h.str();
}

std::string historyGateSection(const WindowGateResult& g, const WindowGateOptions& o,
                               const MiouMap& map) {
    std::ostringstream h;
    h << "<h2>Gate against the history</h2><p class=" << (g.passed ? "pass" : "fail") << ">"
      << escape(g.message) << "</p>";
    if (!g.failed_cells.empty()) {
        h << "<table><tr><th class=l>cell</th><th>reference</th><th>tonight</th></tr>";
        for (const auto& c : g.failed_cells)
            h << "<tr><td class=l>" << escape(levelText(map.x_levels[c.cell % map.x_levels.size()]))
              << ", " << escape(levelText(map.y_levels[c.cell / map.x_levels.size()]))
              << "</td><td>" << formatValue(c.reference, 3) << "</td><td>"
              << formatValue(c.value, 3) << "</td></tr>";
        h << "</table>";
    }
    h << "<p>Fails when the run's value, or any cell with at least " << o.min_cell_samples
      << " scenes, fell more than " << formatValue(o.max_drop, 3) << " below the "
      << (o.reference == WindowReference::Best ? "best" : "median")
      << " of the same cell over the earlier nights of this config and world.</p>\n";
    return h.str();
}

nlohmann::json historyGateJson(const WindowGateResult& g, const WindowGateOptions& o) {
    nlohmann::json cells = nlohmann::json::array();
    for (const auto& c : g.failed_cells)
        cells.push_back({{"cell", c.cell}, {"reference", c.reference}, {"value", c.value}});
    return {{"passed", g.passed},
            {"nights", g.nights},
            {"reference", o.reference == WindowReference::Best ? "best" : "median"},
            {"max_drop", o.max_drop},
            {"overall_reference",
             g.overall_reference ? nlohmann::json(*g.overall_reference) : nlohmann::json()},
            {"failed_cells", cells},
            {"message", g.message}};
}

nlohmann::json metadataJson(const RunMetadata& r) {
    return {{"name", r.name},
            {"run_dir", r.run_dir},
            {"config_hash", r.config_hash},
            {"checkpoint_hash", r.checkpoint_hash},
            {"tool_version", r.tool_version},
            {"started_at", r.started_at},
            {"finished_at", r.finished_at},
            {"duration_s", r.duration_s},
            {"scenes", r.scenes},
            {"coverage",
             {{"shard_count", r.shard_count},
              {"design_size", r.design_size},
              {"missing_shards", r.missing_shards},
              {"unfinished_shards", r.unfinished_shards},
              {"complete", r.shard_count > 0 && !r.partial()}}}};
}

// Recorded backgrounds: the frames, and the scenes whose target stood in real points.
std::string skippedSection(const SkippedPlacements& s, const MiouMap& map) {
    std::ostringstream b;
    b << "<h2>Recorded backgrounds</h2><p>" << s.real_frames.size() << " frames: ";
    for (std::size_t i = 0; i < s.real_frames.size(); ++i)
        b << (i ? ", " : "") << "<code>" << escape(s.real_frames[i]) << "</code>";
    b << ". " << s.skipped << " of " << s.scenes
      << " scenes scored no target: it would have stood in real points (";
    bool first = true;
    for (const auto& [cls, n] : s.by_class)
        b << (first ? "" : ", ") << escape(cls) << " " << n, first = false;
    b << "); the map averages the others.</p>";
    if (s.cells.empty()) return b.str();
    b << "<table><tr><th>" << escape(map.titles[0]) << "</th><th>" << escape(map.titles[1])
      << "</th><th>skipped</th><th>scenes</th></tr>";
    for (const auto& c : s.cells)
        b << "<tr><td>" << escape(c.x.dump()) << "</td><td>" << escape(c.y.dump()) << "</td><td>"
          << c.skipped << "</td><td>" << c.scenes << "</td></tr>";
    return b.str() + "</table>\n";
}

}  // namespace

nlohmann::json reportSummaryJson(const ReportInput& in) {
    nlohmann::json worst = nlohmann::json::array();
    for (const auto& w : in.worst)
        worst.push_back({{"scene_id", w.scene_id},
                         {"sample", w.sample},
                         {"value", jsonNumber(w.value)},
                         {"visibility", w.visibility}});
    nlohmann::json out = {{"run", metadataJson(in.run)},       {"metric", in.map.metric},
                          {"metrics", toJson(in.metrics)},     {"map", toJson(in.map)},
                          {"marginals", toJson(in.marginals)}, {"worst_scenes", worst},
                          {"map_summary", mapSummary(in.map)}};
    if (!in.robustness.empty())
        out["robustness"] = {{"dimension", in.robustness_dimension},
                             {"levels", toJson(in.robustness)}};
    if (in.baseline) out["baseline"] = metadataJson(*in.baseline);
    if (in.delta) out["delta"] = toJson(*in.delta);
    if (in.gate) out["gate"] = toJson(*in.gate, in.gate_options);
    if (in.history_gate)
        out["history_gate"] = historyGateJson(*in.history_gate, in.history_gate_options);
    if (in.skipped.scenes > 0) out["real_backgrounds"] = toJson(in.skipped);
    return out;
}

std::string writeReport(const ReportInput& in, const std::string& dir) {
    std::ostringstream b;
    const ClassSummary* target = nullptr;
    for (const auto& c : in.metrics.classes)
        if (c.name == in.metric.class_name) target = &c;
    b << "<h1>blindspot report: " << escape(in.run.name) << "</h1>\n<p>";
    if (target)
        b << "<b>" << escape(target->name) << " IoU " << num(target->scene_mean.iou)
          << "</b> (mean over scenes; pooled " << num(target->pooled.iou) << "), ";
    b << "mIoU " << num(in.metrics.scene_mean_miou) << " over " << in.metrics.scenes
      << " scenes.</p>\n<p>" << escape(mapSummary(in.map)) << "</p>\n" << firstScreen(in.map, in.worst, in.metric.label());
    if (in.run.partial())
        b << "<p class=fail>Partial run: " << coverageText(in.run)
          << ". Every number below covers only these scenes.</p>\n";
    if (in.gate) b << gateSection(*in.gate, in.gate_options);
    if (in.history_gate) b << historyGateSection(*in.history_gate, in.history_gate_options, in.map);
    b << "<h2>Run</h2>" << metadataTable(in.run);
    if (in.skipped.scenes > 0) b << skippedSection(in.skipped, in.map);
    if (in.composed) b << composedScanSection(*in.composed);
    if (in.adaptive_map)
        b << "<h2>Where the adaptive sampler went</h2><p>Dots: the scenes it evaluated in each "
             "cell (red: score below the objective's threshold). Colour: the surrogate's "
             "probability of failure, the mean over the cell's points; the red outline is the "
             "estimated failure region (P &gt; 0.5), which <code>blindspot select</code> can "
             "take.</p>"
          << img(heatmapPng(*in.adaptive_map), "adaptive sampling");
    b << "<h2>Per class</h2>" << classTable(in.metrics);
    b << "<h2>Marginals</h2>";
    for (const auto& m : in.marginals)
        b << cellTable(m.title.empty() ? m.dimension : m.title, m.levels, m.cells, in.map.metric);
    if (!in.robustness.empty()) b << robustnessTable(in);
    b << worstSection(in);
    if (in.delta && in.baseline) {
        b << "<h2>Against the baseline run " << escape(in.baseline->name) << "</h2>";
        b << metadataTable(*in.baseline) << comparisonSection(*in.delta, "baseline", "this run");
    }
    prepareOutputDirectory(dir, true);  // also clears what a killed report left behind
    const std::string index = (std::filesystem::path(dir) / "index.html").string();
    writeFileAtomic((std::filesystem::path(dir) / "summary.json").string(),
                    reportSummaryJson(in).dump(2) + "\n");
    writeFileAtomic(index, page("blindspot report: " + in.run.name, b.str()));
    return index;
}

std::string writeComparisonReport(const Comparison& c, const RunMetadata& a, const RunMetadata& b,
                                  const nlohmann::json& extra, const std::string& dir) {
    std::ostringstream h;
    h << "<h1>Checkpoint comparison: " << escape(a.name) << " (A) vs " << escape(b.name)
      << " (B)</h1>\n<h2>A</h2>" << metadataTable(a) << "<h2>B</h2>" << metadataTable(b)
      << "<h2>Change B - A</h2>";
    if (extra.contains("precision"))
        h << "<p class=legend><b>The runs differ in inference precision</b> (A "
          << escape(extra.at("precision").value("a", "")) << ", B "
          << escape(extra.at("precision").value("b", ""))
          << "): the change includes the arithmetic's, not only the checkpoint's.</p>\n";
    if (extra.contains("class_mapping"))
        h << "<p class=legend>Class mapping: "
          << escape(extra.at("class_mapping").value("note", "")) << "</p>\n";
    h << comparisonSection(c, "A", "B");
    if (extra.contains("heldout")) {
        const auto& ho = extra.at("heldout");
        h << "<h2>Held-out set</h2><p><code>" << escape(ho.value("data", "")) << "</code> ("
          << ho.value("scans", 0) << " scans): " << escape(ho.value("class", "car")) << " IoU A "
          << num(optionalNumber(ho.at("iou_a"))) << ", B " << num(optionalNumber(ho.at("iou_b")))
          << " (pooled over the set).</p>\n";
    }
    nlohmann::json out = toJson(c);
    out["run_a"] = metadataJson(a);
    out["run_b"] = metadataJson(b);
    out.update(extra);
    prepareOutputDirectory(dir, true);  // also clears what a killed report left behind
    const std::string index = (std::filesystem::path(dir) / "index.html").string();
    writeFileAtomic((std::filesystem::path(dir) / "comparison.json").string(), out.dump(2) + "\n");
    writeFileAtomic(index, page("blindspot comparison", h.str()));
    return index;
}

}  // namespace blindspot

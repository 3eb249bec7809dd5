#include "reports/TrendPage.hpp"

#include <filesystem>
#include <map>
#include <sstream>

#include "core/base/AtomicFile.hpp"
#include "reports/Heatmap.hpp"
#include "reports/HtmlParts.hpp"

namespace blindspot {
namespace {

// Distinct colours for up to eight classes (then they repeat).
const char* kColours[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e",
                          "#9467bd", "#8c564b", "#e377c2", "#17becf"};

// Metric against night, one line and one circle per defined value per class. Each circle
// carries data-class and data-night so that tests (and people) can read the values back.
std::string trendChart(const TrendSeries& s) {
    const double w = 720, h = 260, left = 50, right = 150, top = 16, bottom = 40;
    const std::size_t n = s.nights.size();
    const auto x = [&](std::size_t i) {
        return left + (n > 1 ? double(i) / double(n - 1) : 0.5) * (w - left - right);
    };
    const auto y = [&](double v) { return top + (1.0 - v) * (h - top - bottom); };
    std::vector<std::string> classes;
    for (const auto& night : s.nights)
        for (const auto& [name, v] : night.class_iou)
            if (std::find(classes.begin(), classes.end(), name) == classes.end())
                classes.push_back(name);
    std::ostringstream g;
    g << "<svg class=trend width=" << w << " height=" << h << " viewBox='0 0 " << w << " " << h
      << "' role=img><g font-size=11>";
    for (int t = 0; t <= 4; ++t) {
        const double v = t / 4.0;
        g << "<line x1=" << left << " x2=" << w - right << " y1=" << y(v) << " y2=" << y(v)
          << " stroke='#ddd'/><text x=" << left - 6 << " y=" << y(v) + 4 << " text-anchor=end>"
          << formatValue(v) << "</text>";
    }
    for (std::size_t i = 0; i < n; ++i)
        g << "<text x=" << x(i) << " y=" << h - bottom + 16 << " text-anchor=middle>"
          << escape(s.nights[i].label) << "</text>";
    for (std::size_t c = 0; c < classes.size(); ++c) {
        const char* colour = kColours[c % 8];
        std::ostringstream line, points;
        for (std::size_t i = 0; i < n; ++i)
            for (const auto& [name, v] : s.nights[i].class_iou)
                if (name == classes[c] && v) {
                    line << x(i) << "," << y(*v) << " ";
                    points << "<circle class=point data-class='" << escape(name) << "' data-night='"
                           << escape(s.nights[i].label) << "' data-value=" << *v << " cx=" << x(i)
                           << " cy=" << y(*v) << " r=4 fill='" << colour << "'><title>"
                           << escape(name) << " " << formatValue(*v, 3) << "</title></circle>";
                }
        g << "<polyline fill=none stroke='" << colour << "' stroke-width=2 points='" << line.str()
          << "'/>" << points.str() << "<text x=" << w - right + 10 << " y=" << top + 14 * c + 10
          << " fill='" << colour << "'>" << escape(classes[c]) << "</text>";
    }
    g << "<text x=" << left << " y=" << h - 6 << ">night</text></g></svg>";
    return g.str();
}

// The nightly heatmaps side by side, newest last; at most the 14 newest.
std::string heatmapStrip(const TrendSeries& s) {
    std::ostringstream h;
    h << "<div class=thumbs>";
    const std::size_t first = s.nights.size() > 14 ? s.nights.size() - 14 : 0;
    for (std::size_t i = first; i < s.nights.size(); ++i) {
        const TrendNight& n = s.nights[i];
        h << "<div class=thumb>" << img(heatmapPng(mapHeatmap(n.map, n.label)), n.label) << "<br>"
          << escape(n.label) << (n.good ? "" : " <b class=fail>gate failed</b>") << "</div>";
    }
    return h.str() + "</div>";
}

std::string regressedSection(const TrendSeries& s) {
    std::ostringstream h;
    if (s.nights.empty()) return "";
    const TrendNight& newest = s.nights.back();
    if (s.compared_with.empty())
        return "<p>No good night before " + escape(newest.label) + " to compare with.</p>";
    h << "<p>" << escape(newest.label) << " against the last good night, "
      << escape(s.compared_with) << ": " << s.regressed.size() << " cell"
      << (s.regressed.size() == 1 ? "" : "s") << " dropped by more than "
      << formatValue(s.gate.max_drop, 3) << ".</p>";
    if (s.regressed.empty()) return h.str();
    const MiouMap& m = newest.map;
    h << "<table id=regressed><tr><th class=l>" << escape(m.dims[0]) << "</th><th class=l>"
      << escape(m.dims[1]) << "</th><th>" << escape(s.compared_with) << "</th><th>"
      << escape(newest.label) << "</th><th>change</th></tr>";
    for (const auto& r : s.regressed) {
        const std::string xl = levelText(m.x_levels[r.cell % m.x_levels.size()]);
        const std::string yl = levelText(m.y_levels[r.cell / m.x_levels.size()]);
        h << "<tr class=regressed data-x='" << escape(xl) << "' data-y='" << escape(yl)
          << "'><td class=l>" << escape(xl) << "</td><td class=l>" << escape(yl) << "</td><td>"
          << formatValue(r.reference, 3) << "</td><td>" << formatValue(r.value, 3)
          << "</td><td class=fail>" << formatValue(r.value - r.reference, 3) << "</td></tr>";
    }
    return h.str() + "</table>";
}

std::string nightTable(const TrendSeries& s) {
    std::ostringstream h;
    h << "<table><tr><th class=l>night</th><th class=l>finished</th><th>scenes</th><th>"
      << "coverage</th><th>" << escape(s.nights.empty() ? "" : s.nights[0].map.metric)
      << "</th><th class=l>checkpoint</th><th class=l>gate</th><th class=l>report</th></tr>";
    for (const auto& n : s.nights) {
        h << "<tr><td class=l>" << escape(n.label) << "</td><td class=l>" << escape(n.finished_at)
          << "</td><td>" << n.scenes << "</td><td>"
          << (n.design_size > 0
                  ? formatValue(100.0 * double(n.scenes) / double(n.design_size), 1) + " %"
                  : std::string("n/a"))
          << "</td><td>" << num(n.overall) << "</td><td class=l><code>" << escape(n.checkpoint_hash)
          << "</code></td><td class=l>"
          << (n.good ? "<span class=pass>good</span>" : "<span class=fail>failed</span>")
          << "</td><td class=l>"
          << (n.report_href.empty() ? "n/a" : "<a href='" + escape(n.report_href) + "'>report</a>")
          << "</td></tr>";
    }
    return h.str() + "</table>";
}

}  // namespace

std::string writeTrendPage(const std::vector<TrendSeries>& series, const std::string& dir) {
    std::ostringstream b;
    b << "<h1>blindspot: history of nights</h1><p>" << series.size()
      << " series. A series is one config and one world version; a change of either starts a "
         "new one. A night is good when no cell and not the overall value fell by more than the "
         "allowed drop against the median of the nights before it.</p>";
    for (const auto& s : series) {
        b << "<section class=series data-config='" << s.config_hash << "'><h2>"
          << escape(s.run_name) << " &mdash; config <code>" << s.config_hash
          << "</code>, world <code>" << escape(s.world_version) << "</code>, " << s.nights.size()
          << " night" << (s.nights.size() == 1 ? "" : "s") << "</h2>";
        b << "<h3>Scene-mean IoU per class, by night</h3>" << trendChart(s);
        b << "<h3>Cells that regressed</h3>" << regressedSection(s);
        b << "<h3>Nightly maps</h3>" << heatmapStrip(s);
        b << "<h3>Nights</h3>" << nightTable(s) << "</section>";
    }
    prepareOutputDirectory(dir, true);  // also clears what a killed writer left behind
    const std::string index = (std::filesystem::path(dir) / "index.html").string();
    writeFileAtomic(index, page("blindspot history", b.str()));
    return index;
}

}  // namespace blindspot

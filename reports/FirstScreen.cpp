#include "reports/FirstScreen.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "reports/HtmlParts.hpp"
#include "reports/MapSummary.hpp"

namespace blindspot {
namespace {

constexpr double kScaleStep = 0.05;  // the own scale's ends are multiples of this

std::string mapTitle(const MiouMap& map) {
    return map.metric + " per cell (mean over the other dimensions)";
}

std::string worstSceneBox(const WorstScene& w, const std::string& label) {
    std::ostringstream h;
    h << "<div class=thumb><b>Worst scene</b>: " << num(w.value) << " " << escape(label) << "<br>";
    if (w.thumbnail_png.empty())
        h << "<p class=na>(scan not cached)</p>";
    else
        h << img(w.thumbnail_png, "worst scene " + w.scene_id);
    h << "<br><span style=\"background:#2878ff;color:#fff\">blue</span>: the target's points the "
         "network missed; <span style=\"background:#28c83c\">green</span>: found; <span "
         "style=\"background:#e62828;color:#fff\">red</span>: false positives (bird's-eye view, x "
         "forward up)<br><code>"
      << w.scene_id << "</code><br>" << escape(sampleText(w.sample)) << "</div>";
    return h.str();
}

}  // namespace

HeatmapSpec ownRangeHeatmap(const MiouMap& map, const std::string& title) {
    HeatmapSpec s = mapHeatmap(map, title);
    double lo = 1.0, hi = 0.0;
    for (const auto& v : s.values)
        if (v) lo = std::min(lo, *v), hi = std::max(hi, *v);
    if (hi - lo >= kScaleStep) {
        s.value_min = std::floor(lo / kScaleStep) * kScaleStep;
        s.value_max = std::min(1.0, std::ceil(hi / kScaleStep) * kScaleStep);

    }
    s.outlined.assign(s.values.size(), false);
    for (std::size_t i : worstCells(map, 3)) s.outlined[i] = true;
    return s;
}

std::string firstScreen(const MiouMap& map, const std::vector<WorstScene>& worst,
                        const std::string& metric_label) {
    std::ostringstream h;
    h << "<div class=thumbs><div style=\"max-width:980px\">"
      << img(heatmapPng(ownRangeHeatmap(map, mapTitle(map))), "map, this run's range")
      << "<p class=legend>Colours span this run's own range; the red outline marks the three "
         "worst cells. Each cell: the mean over every other dimension (backgrounds, ...) of the "
         "per-scene value; hatched cells have no defined value.</p>"
      << "<details><summary>The same map on the absolute scale, 0 to 1</summary>"
      << img(heatmapPng(mapHeatmap(map, mapTitle(map))), "map, absolute scale")
      << "</details></div>";
    if (!worst.empty()) h << worstSceneBox(worst.front(), metric_label);
    h << "</div>\n";
    return h.str();
}

}  // namespace blindspot

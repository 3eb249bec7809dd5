#pragma once
// The report's first screen (issue 53, item 5): where does the network fail, and how badly? The
// map on a colour scale spanning the run's own range, so that a run between 0.91 and 0.99 is not
// one colour, with the three worst cells outlined (the cells the summary paragraph names); the
// same map on the absolute 0-1 scale one click away; and beside it the worst scene's bird's-eye
// view with its missed points marked.
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "eval/MiouMap.hpp"
#include "reports/Heatmap.hpp"

namespace blindspot {

struct WorstScene {
    std::string scene_id;
    nlohmann::json sample;
    std::optional<double> value;  ///< the map metric of the scene
    double visibility = 0.0;
    std::string thumbnail_png;  ///< bird's-eye view coloured by outcome; empty: scan not cached
};


/// The map's heatmap on the run's own range (rounded outward to 0.05; the absolute 0-1 scale
/// where the cells span less than 0.05 or none is defined), its worst three cells outlined.
HeatmapSpec ownRangeHeatmap(const MiouMap& map, const std::string& title);

/// The first screen's HTML: the own-range map, the absolute map in a <details>, and the first of
/// `worst` (if any) beside them; `metric_label` names the scene's value ("target IoU").
std::string firstScreen(const MiouMap& map, const std::vector<WorstScene>& worst,
                        const std::string& metric_label);

}  // namespace blindspot

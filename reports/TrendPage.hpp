#pragma once
// The history page (`blindspot history report`): per series of nights, the metric against night
// per class (an SVG chart), a small-multiples strip of the nightly heatmaps, the cells that
// regressed since the last good night, and a table linking each night's report.
#include <optional>
#include <string>
#include <vector>

#include "eval/MiouMap.hpp"
#include "eval/WindowGate.hpp"

namespace blindspot {

struct TrendNight {
    std::string label;
    std::string report_href;  ///< relative to the page, or empty
    std::string checkpoint_hash, finished_at;
    std::size_t scenes = 0;
    std::int64_t design_size = 0;   ///< 0: unknown coverage
    std::optional<double> overall;  ///< the map metric over the run
    std::vector<std::pair<std::string, std::optional<double>>> class_iou;  ///< scene-mean IoU
    MiouMap map;
    bool good = true;  ///< passed the gate against its own window
};

struct TrendSeries {
    std::string run_name, config_hash, world_version;
    std::vector<TrendNight> nights;  ///< oldest first
    /// The newest night against the last good night before it (empty label: none).
    std::string compared_with;
    std::vector<CellRegression> regressed;
    WindowGateOptions gate;  ///< what "good" means
    std::size_t window = 7;
};

/// Writes DIR/index.html (one section per series, newest series first); returns its path.
std::string writeTrendPage(const std::vector<TrendSeries>& series, const std::string& dir);

}  // namespace blindspot

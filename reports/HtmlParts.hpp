#pragma once
// The pieces every HTML page of blindspot shares: escaping, embedded PNGs, numbers with n/a, the
// page frame (style and the image check the browser test reads) and the per-class metrics table.
#include <optional>
#include <string>
#include <vector>

#include "eval/Metrics.hpp"
#include "eval/MiouMap.hpp"
#include "reports/Heatmap.hpp"

namespace blindspot {

std::string escape(const std::string& text);
std::string base64(const std::string& bytes);
/// An <img> with the PNG embedded as a data URI.
std::string img(const std::string& png, const std::string& alt);
/// A value with `decimals` digits, or a grey "n/a" when undefined.
std::string num(const std::optional<double>& v, int decimals = 3);
/// A whole page: title, the shared style, and a script that marks images that fail to decode
/// and records "decoded/total" in <body data-images>.
std::string page(const std::string& title, const std::string& body);
/// A sweep level as printed: strings as they are, whole numbers without decimals.
std::string levelText(const nlohmann::json& level);
/// A sample as "x_m=5, y_m=-2, ...".
std::string sampleText(const nlohmann::json& sample);
std::vector<std::string> ticks(const std::vector<nlohmann::json>& levels);
/// The heatmap of a map's cell means, with its axis titles and partial-target marks.
HeatmapSpec mapHeatmap(const MiouMap& map, const std::string& title);
/// TP/FP/FN, pooled and scene-mean IoU, precision and recall per class, and the mIoU line.
std::string classTable(const MetricsSummary& metrics);

}  // namespace blindspot

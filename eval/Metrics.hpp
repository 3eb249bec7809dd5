#pragma once
// Per-class metrics and their aggregates over scenes.
//
// IoU = TP / (TP + FP + FN), precision = TP / (TP + FP), recall = TP / (TP + FN). A value whose
// denominator is 0 is undefined: std::nullopt here, NaN/null in files, and it is left out of every
// mean (a mean of no defined values is itself undefined).
//
// Two aggregates, never mixed: "pooled" sums TP, FP and FN over the scenes first and then takes
// the ratios; "scene mean" takes the ratio per scene and averages the defined ones. The paper's
// maps use the scene mean; the pooled figure weighs scenes by their point counts.
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "eval/SceneResult.hpp"

namespace blindspot {

struct Ratios {
    std::optional<double> iou, precision, recall;
};
Ratios ratiosOf(std::int64_t tp, std::int64_t fp, std::int64_t fn);

/// Mean of the defined values; empty when none is defined.
std::optional<double> meanOfDefined(const std::vector<std::optional<double>>& values);

struct ClassSummary {
    std::string name;
    std::int64_t tp = 0, fp = 0, fn = 0;  ///< summed over scenes
    Ratios pooled;
    Ratios scene_mean;
    std::size_t scenes_with_iou = 0;  ///< scenes whose IoU of this class is defined
};

struct MetricsSummary {
    std::size_t scenes = 0;
    std::vector<ClassSummary> classes;
    std::vector<std::string> mean_classes;  ///< the classes averaged into mIoU
    std::optional<double> pooled_miou;      ///< mean of the classes' pooled IoU
    std::optional<double> scene_mean_miou;  ///< mean of the classes' scene-mean IoU
};

/// Classes left out of mIoU unless told otherwise: SqueezeSeg's background class and
/// SemanticKITTI's ignored class, as their benchmarks average.
inline const std::set<std::string> kDefaultExcludedFromMean = {"unknown", "unlabeled"};

/// `excluded_from_mean`: classes left out of mIoU.
MetricsSummary summarizeMetrics(
    const std::vector<SceneResult>& scenes,
    const std::set<std::string>& excluded_from_mean = kDefaultExcludedFromMean);

/// The value a map or selection ranks scenes by: the IoU of one class ("car", the paper's
/// choice), or "miou" for the mean IoU of the scene's classes outside `excluded_from_mean`.
struct MetricSpec {
    std::string class_name = "car";
    std::set<std::string> excluded_from_mean = kDefaultExcludedFromMean;
    std::string label() const { return class_name == "miou" ? "mIoU" : class_name + " IoU"; }
};
std::optional<double> sceneValue(const SceneResult& scene, const MetricSpec& metric);

/// An empty class_name is "unless told": "target" when the scenes carry target rows (a sweep
/// that placed targets, issue 20), else "car", the paper's choice. Called where a run is loaded.
void resolveMetricClass(MetricSpec& metric, const std::vector<SceneResult>& scenes);

/// Robo3D-style robustness per level of one dimension (usually "weather"): the metric's scene
/// mean under each level, the resilience rate RR = metric(level) / metric(clean level) and, when
/// a baseline run is given, the corruption error CE = (1 - metric(level)) / (1 - baseline(level)).
struct LevelRobustness {
    nlohmann::json level;
    std::size_t scenes = 0;
    std::optional<double> value, resilience_rate, corruption_error;
};
std::vector<LevelRobustness> robustnessByLevel(const std::vector<SceneResult>& scenes,
                                               const std::string& dimension,
                                               const nlohmann::json& clean_level,
                                               const MetricSpec& metric,
                                               const std::vector<SceneResult>* baseline = nullptr);

nlohmann::json toJson(const MetricsSummary& summary);
nlohmann::json toJson(const std::vector<LevelRobustness>& levels);
/// A number, or null when undefined.
nlohmann::json jsonNumber(const std::optional<double>& v);

}  // namespace blindspot

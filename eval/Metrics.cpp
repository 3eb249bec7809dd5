#include "eval/Metrics.hpp"

#include <algorithm>
#include <map>

namespace blindspot {
namespace {

std::optional<double> ratio(std::int64_t num, std::int64_t den) {
    if (den == 0) return std::nullopt;
    return double(num) / double(den);
}

std::optional<double> divide(const std::optional<double>& a, const std::optional<double>& b) {
    if (!a || !b || *b == 0.0) return std::nullopt;
    return *a / *b;
}

nlohmann::json ratiosJson(const Ratios& r) {
    return {{"iou", jsonNumber(r.iou)},
            {"precision", jsonNumber(r.precision)},
            {"recall", jsonNumber(r.recall)}};
}

// The scene mean of the metric over the scenes whose `dimension` equals each level.
std::map<nlohmann::json, std::vector<std::optional<double>>> valuesByLevel(
    const std::vector<SceneResult>& scenes, const std::string& dimension,
    const MetricSpec& metric) {
    std::map<nlohmann::json, std::vector<std::optional<double>>> out;
    for (const auto& s : scenes)
        out[s.sample.value(dimension, nlohmann::json())].push_back(sceneValue(s, metric));
    return out;
}

}  // namespace

Ratios ratiosOf(std::int64_t tp, std::int64_t fp, std::int64_t fn) {
    return {ratio(tp, tp + fp + fn), ratio(tp, tp + fp), ratio(tp, tp + fn)};
}

std::optional<double> meanOfDefined(const std::vector<std::optional<double>>& values) {
    double sum = 0;
    std::size_t n = 0;
    for (const auto& v : values)
        if (v) sum += *v, ++n;
    return n ? std::optional<double>(sum / double(n)) : std::nullopt;
}

MetricsSummary summarizeMetrics(const std::vector<SceneResult>& scenes,
                                const std::set<std::string>& excluded_from_mean) {
    MetricsSummary out;
    out.scenes = scenes.size();
    std::map<std::string, std::size_t> index;
    std::vector<std::vector<Ratios>> per_scene;
    for (const auto& scene : scenes)
        for (const auto& c : scene.classes) {
            auto it = index.find(c.name);
            if (it == index.end()) {
                it = index.emplace(c.name, out.classes.size()).first;
                ClassSummary fresh;
                fresh.name = c.name;
                out.classes.push_back(fresh);
                per_scene.emplace_back();
            }
            ClassSummary& s = out.classes[it->second];
            s.tp += c.tp, s.fp += c.fp, s.fn += c.fn;
            per_scene[it->second].push_back(ratiosOf(c.tp, c.fp, c.fn));
        }
    std::vector<std::optional<double>> pooled, scene_mean;
    for (std::size_t k = 0; k < out.classes.size(); ++k) {
        ClassSummary& s = out.classes[k];
        s.pooled = ratiosOf(s.tp, s.fp, s.fn);
        std::vector<std::optional<double>> iou, precision, recall;
        for (const auto& r : per_scene[k]) {
            iou.push_back(r.iou), precision.push_back(r.precision), recall.push_back(r.recall);
            s.scenes_with_iou += r.iou.has_value();
        }
        s.scene_mean = {meanOfDefined(iou), meanOfDefined(precision), meanOfDefined(recall)};
        if (excluded_from_mean.count(s.name) || s.name == kTargetClass) continue;
        out.mean_classes.push_back(s.name);
        pooled.push_back(s.pooled.iou);
        scene_mean.push_back(s.scene_mean.iou);
    }
    out.pooled_miou = meanOfDefined(pooled);
    out.scene_mean_miou = meanOfDefined(scene_mean);
    return out;
}

std::optional<double> sceneValue(const SceneResult& scene, const MetricSpec& metric) {
    if (metric.class_name != "miou") {
        const ClassCounts* c = scene.find(metric.class_name);
        return c ? ratiosOf(c->tp, c->fp, c->fn).iou : std::nullopt;
    }
    std::vector<std::optional<double>> values;
    for (const auto& c : scene.classes)
        if (!metric.excluded_from_mean.count(c.name) && c.name != kTargetClass)
            values.push_back(ratiosOf(c.tp, c.fp, c.fn).iou);
    return meanOfDefined(values);
}

void resolveMetricClass(MetricSpec& metric, const std::vector<SceneResult>& scenes) {
    if (!metric.class_name.empty()) return;
    const bool targets = std::any_of(scenes.begin(), scenes.end(),
                                     [](const SceneResult& s) { return s.find(kTargetClass); });
    metric.class_name = targets ? kTargetClass : "car";
}

std::vector<LevelRobustness> robustnessByLevel(const std::vector<SceneResult>& scenes,
                                               const std::string& dimension,
                                               const nlohmann::json& clean_level,
                                               const MetricSpec& metric,
                                               const std::vector<SceneResult>* baseline) {
    const auto levels = valuesByLevel(scenes, dimension, metric);
    std::map<nlohmann::json, std::vector<std::optional<double>>> base_levels;
    if (baseline) base_levels = valuesByLevel(*baseline, dimension, metric);
    const auto clean = levels.find(clean_level);
    const std::optional<double> clean_value =
        clean == levels.end() ? std::nullopt : meanOfDefined(clean->second);
    std::vector<LevelRobustness> out;
    for (const auto& [level, values] : levels) {
        LevelRobustness r{level, values.size(), meanOfDefined(values), std::nullopt, std::nullopt};
        r.resilience_rate = divide(r.value, clean_value);
        const auto base = base_levels.find(level);
        if (r.value && base != base_levels.end()) {
            const auto b = meanOfDefined(base->second);
            if (b) r.corruption_error = divide(1.0 - *r.value, 1.0 - *b);
        }
        out.push_back(r);
    }
    return out;
}

nlohmann::json jsonNumber(const std::optional<double>& v) {
    return v ? nlohmann::json(*v) : nlohmann::json();
}

nlohmann::json toJson(const MetricsSummary& s) {
    nlohmann::json classes = nlohmann::json::array();
    for (const auto& c : s.classes)
        classes.push_back({{"class", c.name},
                           {"tp", c.tp},
                           {"fp", c.fp},
                           {"fn", c.fn},
                           {"pooled", ratiosJson(c.pooled)},
                           {"scene_mean", ratiosJson(c.scene_mean)},
                           {"scenes_with_iou", c.scenes_with_iou}});
    return {{"scenes", s.scenes},
            {"classes", classes},
            {"mean_classes", s.mean_classes},
            {"pooled_miou", jsonNumber(s.pooled_miou)},
            {"scene_mean_miou", jsonNumber(s.scene_mean_miou)}};
}

nlohmann::json toJson(const std::vector<LevelRobustness>& levels) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& l : levels)
        out.push_back({{"level", l.level},
                       {"scenes", l.scenes},
                       {"value", jsonNumber(l.value)},
                       {"resilience_rate", jsonNumber(l.resilience_rate)},
                       {"corruption_error", jsonNumber(l.corruption_error)}});
    return out;
}

}  // namespace blindspot

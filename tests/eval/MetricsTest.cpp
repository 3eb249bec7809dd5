// Metrics against hand-computed confusion counts, including the empty-class cases.
#include <gtest/gtest.h>

#include "eval/Metrics.hpp"

namespace blindspot {
namespace {

SceneResult scene(const std::string& id, std::vector<ClassCounts> classes,
                  nlohmann::json sample = nlohmann::json::object()) {
    SceneResult s;
    s.scene_id = id;
    s.sample = std::move(sample);
    s.classes = std::move(classes);
    return s;
}

TEST(Metrics, RatiosOfHandCountedConfusion) {
    const Ratios r = ratiosOf(3, 1, 2);
    EXPECT_DOUBLE_EQ(*r.iou, 3.0 / 6.0);
    EXPECT_DOUBLE_EQ(*r.precision, 3.0 / 4.0);
    EXPECT_DOUBLE_EQ(*r.recall, 3.0 / 5.0);
}

TEST(Metrics, EmptyDenominatorsAreUndefinedNotZero) {
    const Ratios absent = ratiosOf(0, 0, 0);  // class in neither truth nor prediction
    EXPECT_FALSE(absent.iou);
    EXPECT_FALSE(absent.precision);
    EXPECT_FALSE(absent.recall);
    const Ratios hallucinated = ratiosOf(0, 2, 0);  // predicted, never true
    EXPECT_DOUBLE_EQ(*hallucinated.iou, 0.0);
    EXPECT_DOUBLE_EQ(*hallucinated.precision, 0.0);
    EXPECT_FALSE(hallucinated.recall);
    const Ratios missed = ratiosOf(0, 0, 5);  // true, never predicted
    EXPECT_FALSE(missed.precision);
    EXPECT_DOUBLE_EQ(*missed.recall, 0.0);
}

TEST(Metrics, PooledAndSceneMeanAreKeptApart) {
    // Scene a: car TP 8, FP 2 -> IoU 0.8; scene b: TP 1, FP 1, FN 2 -> IoU 0.25; scene c has no
    // car at all (undefined, left out). Pedestrian never appears.
    const std::vector<SceneResult> scenes = {
        scene("a", {{"unknown", 90, 0, 2}, {"car", 8, 2, 0}, {"pedestrian", 0, 0, 0}}),
        scene("b", {{"unknown", 50, 2, 1}, {"car", 1, 1, 2}, {"pedestrian", 0, 0, 0}}),
        scene("c", {{"unknown", 70, 0, 0}, {"car", 0, 0, 0}, {"pedestrian", 0, 0, 0}}),
    };
    const MetricsSummary m = summarizeMetrics(scenes);
    ASSERT_EQ(m.classes.size(), 3u);
    const ClassSummary& car = m.classes[1];
    EXPECT_EQ(car.name, "car");
    EXPECT_EQ(car.tp, 9);
    EXPECT_EQ(car.fp, 3);
    EXPECT_EQ(car.fn, 2);
    EXPECT_DOUBLE_EQ(*car.pooled.iou, 9.0 / 14.0);
    EXPECT_DOUBLE_EQ(*car.pooled.precision, 9.0 / 12.0);
    EXPECT_DOUBLE_EQ(*car.scene_mean.iou, (0.8 + 0.25) / 2.0);
    EXPECT_DOUBLE_EQ(*car.scene_mean.recall, (1.0 + 1.0 / 3.0) / 2.0);
    EXPECT_EQ(car.scenes_with_iou, 2u);
    EXPECT_FALSE(m.classes[2].pooled.iou);
    EXPECT_FALSE(m.classes[2].scene_mean.iou);
    // mIoU leaves out the background class and the undefined pedestrian: car alone.
    EXPECT_EQ(m.mean_classes, (std::vector<std::string>{"car", "pedestrian"}));
    EXPECT_DOUBLE_EQ(*m.pooled_miou, 9.0 / 14.0);
    EXPECT_DOUBLE_EQ(*m.scene_mean_miou, 0.525);
}

TEST(Metrics, SceneValueOfAClassOrTheMean) {
    const SceneResult s =
        scene("a", {{"unknown", 90, 0, 0}, {"car", 1, 1, 2}, {"pedestrian", 1, 0, 0}});
    EXPECT_DOUBLE_EQ(*sceneValue(s, MetricSpec{"car", {}}), 0.25);
    EXPECT_DOUBLE_EQ(*sceneValue(s, MetricSpec{"miou", {"unknown"}}), (0.25 + 1.0) / 2.0);
    EXPECT_FALSE(sceneValue(s, MetricSpec{"cyclist", {}}));
}

TEST(Metrics, ResilienceRateAndCorruptionError) {
    // Car IoU: clear 0.8 and 0.6 (mean 0.7), fog 0.35; baseline fog 0.3.
    auto row = [](const std::string& id, const std::string& weather, std::int64_t tp,
                  std::int64_t fn) {
        return scene(id, {{"car", tp, 0, fn}}, {{"weather", weather}});
    };
    const std::vector<SceneResult> run = {row("a", "clear", 8, 2), row("b", "clear", 6, 4),
                                          row("c", "fog", 7, 13)};
    const std::vector<SceneResult> base = {row("a", "clear", 9, 1), row("c", "fog", 3, 7)};
    const auto levels = robustnessByLevel(run, "weather", "clear", MetricSpec{}, &base);
    ASSERT_EQ(levels.size(), 2u);
    EXPECT_EQ(levels[0].level, "clear");
    EXPECT_DOUBLE_EQ(*levels[0].value, 0.7);
    EXPECT_DOUBLE_EQ(*levels[0].resilience_rate, 1.0);
    EXPECT_EQ(levels[1].level, "fog");
    EXPECT_DOUBLE_EQ(*levels[1].value, 0.35);
    EXPECT_DOUBLE_EQ(*levels[1].resilience_rate, 0.5);
    EXPECT_NEAR(*levels[1].corruption_error, 0.65 / 0.7, 1e-12);
}

}  // namespace
}  // namespace blindspot

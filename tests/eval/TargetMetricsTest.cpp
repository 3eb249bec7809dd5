// The target metric on a hand-built scan: a target car, a parked car right beside it and road,
// with predictions set cell by cell, so every count is known by hand.
#include <gtest/gtest.h>

#include <cmath>

#include "core/lidar/LidarSpec.hpp"
#include "eval/Metrics.hpp"
#include "eval/TargetMetrics.hpp"

using namespace blindspot;

namespace {

constexpr std::uint16_t kCarLabel = 10, kRoadLabel = 7;
constexpr int kTarget = 5, kParked = 7;

struct Fixture {
    ScanGrid scan = makeEmptyScan(lidarPreset("squeezeseg-front"), Eigen::Isometry3d::Identity());
    std::vector<int> predicted = std::vector<int>(scan.cellCount(), 0);

    void put(int row, int col, std::uint16_t label, int instance, int prediction) {
        const std::size_t i = scan.index(row, col);
        scan.range_m[i] = 10.0f;
        scan.label[i] = label;
        scan.instance[i] = std::uint16_t(instance);
        predicted[i] = prediction;
    }
};

int classOf(std::uint16_t label) { return label == kCarLabel ? 1 : 0; }

}  // namespace

TEST(TargetMetrics, OnlyTheTargetCountsNotTheParkedCarBesideIt) {
    Fixture f;
    // Road under everything, rows 8..20, columns 90..150 and a far patch at column 300.
    for (int r = 8; r <= 20; ++r)
        for (int c = 90; c <= 150; ++c) f.put(r, c, kRoadLabel, 0, 0);
    f.put(12, 300, kRoadLabel, 0, 1);  // far from the target: a car FP, but not the target's
    f.put(17, 105, kRoadLabel, 0, 1);  // below the target's neighbourhood (rows 8..15)
    // Target: rows 10..13 x columns 100..119 = 80 returns; the first 60 predicted car.
    int n = 0;
    for (int r = 10; r <= 13; ++r)
        for (int c = 100; c <= 119; ++c) f.put(r, c, kCarLabel, kTarget, n++ < 60 ? 1 : 0);
    // Parked car beside it, columns 125..140, all predicted car: right, so not a target FP; and
    // 6 of its returns missed: not the target's FN either.
    for (int r = 10; r <= 13; ++r)
        for (int c = 125; c <= 140; ++c)
            f.put(r, c, kCarLabel, kParked, c < 131 && r == 10 ? 0 : 1);
    // Road just below the target predicted car: 10 target FPs (row 14 is inside its box grown by
    // max(2, 4 / 2) = 2 rows; columns 100..109 inside 100..119 grown by 10).
    for (int c = 100; c <= 109; ++c) f.put(14, c, kRoadLabel, 0, 1);

    const TargetCounts t = scoreTargets(f.scan, f.predicted, {kTarget}, classOf);
    EXPECT_EQ(t.tp, 60);
    EXPECT_EQ(t.fn, 20);
    EXPECT_EQ(t.fp, 10);
    EXPECT_EQ(t.target_returns, 80);
    EXPECT_DOUBLE_EQ(t.in_grid_fraction(), 1.0);
    const Ratios r = ratiosOf(t.tp, t.fp, t.fn);
    EXPECT_DOUBLE_EQ(*r.iou, 60.0 / 90.0);
    EXPECT_DOUBLE_EQ(*r.recall, 0.75);  // the detection rate
    EXPECT_DOUBLE_EQ(*r.precision, 60.0 / 70.0);

    // The same scene by the plain car class: the parked car and the far FP count too.
    std::int64_t tp = 0, fp = 0, fn = 0;
    for (std::size_t i = 0; i < f.scan.cellCount(); ++i) {
        if (!f.scan.valid(i)) continue;
        const bool truth = classOf(f.scan.label[i]) == 1, said = f.predicted[i] == 1;
        tp += truth && said, fp += !truth && said, fn += truth && !said;
    }
    EXPECT_EQ(tp, 60 + 58);
    EXPECT_EQ(fn, 20 + 6);
    EXPECT_EQ(fp, 10 + 2);

    // A target half outside the network's grid (predicted -1 where not scored): 40 of 80 scored.
    for (int r = 10; r <= 13; ++r)
        for (int c = 110; c <= 119; ++c) f.predicted[f.scan.index(r, c)] = -1;
    const TargetCounts half = scoreTargets(f.scan, f.predicted, {kTarget}, classOf);
    EXPECT_EQ(half.tp + half.fn, 40);
    EXPECT_DOUBLE_EQ(half.in_grid_fraction(), 0.5);
    // No targets: nothing to score.
    EXPECT_TRUE(std::isnan(scoreTargets(f.scan, f.predicted, {}, classOf).in_grid_fraction()));
}

TEST(TargetMetrics, TargetAcrossTheAzimuthSeamKeepsItsNeighbourhood) {
    // A 360-degree scan: the target covers the last and first columns; an FP just past column 0
    // is near it, one half a turn away is not.
    ScanGrid scan = makeEmptyScan(lidarPreset("hdl64e"), Eigen::Isometry3d::Identity());
    std::vector<int> predicted(scan.cellCount(), 0);
    const int w = scan.cols();
    auto put = [&](int row, int col, std::uint16_t label, int instance, int prediction) {
        const std::size_t i = scan.index(row, col);
        scan.range_m[i] = 10.0f;
        scan.label[i] = label;
        scan.instance[i] = std::uint16_t(instance);
        predicted[i] = prediction;
    };
    for (int c : {w - 3, w - 2, w - 1, 0, 1, 2}) put(20, c, kCarLabel, kTarget, 1);
    put(20, 4, kRoadLabel, 0, 1);      // 2 columns past the target: inside its margin (3)
    put(20, w / 2, kRoadLabel, 0, 1);  // opposite side
    const TargetCounts t = scoreTargets(scan, predicted, {kTarget}, classOf);
    EXPECT_EQ(t.tp, 6);
    EXPECT_EQ(t.fp, 1);
}

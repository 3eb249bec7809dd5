#include <gtest/gtest.h>

#include "core/segmentation/ConfusionMatrix.hpp"

using namespace blindspot;

TEST(ConfusionMatrix, MatchesHandComputedCounts) {
    // 3 classes (0 background, 1 car, 2 pedestrian). Ground truth -> prediction counts:
    //   gt 0: 50 -> 0, 5 -> 1        gt 1: 20 -> 1, 4 -> 0, 1 -> 2       gt 2: 0 points
    ConfusionMatrix m(3);
    m.add(0, 0, 50);
    m.add(0, 1, 5);
    m.add(1, 1, 20);
    m.add(1, 0, 4);
    m.add(1, 2, 1);
    EXPECT_EQ(m.truePositives(1), 20);
    EXPECT_EQ(m.falsePositives(1), 5);
    EXPECT_EQ(m.falseNegatives(1), 5);
    EXPECT_DOUBLE_EQ(*m.iou(1), 20.0 / 30.0);
    EXPECT_DOUBLE_EQ(*m.precision(1), 20.0 / 25.0);
    EXPECT_DOUBLE_EQ(*m.recall(1), 20.0 / 25.0);
    EXPECT_DOUBLE_EQ(*m.iou(0), 50.0 / 59.0);
    // Pedestrian: never in the ground truth, predicted once: IoU 0, precision 0, recall undefined.
    EXPECT_DOUBLE_EQ(*m.iou(2), 0.0);
    EXPECT_DOUBLE_EQ(*m.precision(2), 0.0);
    EXPECT_FALSE(m.recall(2).has_value());
    EXPECT_DOUBLE_EQ(*m.meanIou(), (50.0 / 59.0 + 20.0 / 30.0 + 0.0) / 3);
}

TEST(ConfusionMatrix, EmptyClassIsUndefinedAndLeftOutOfMeans) {
    ConfusionMatrix m(3);
    m.add(0, 0, 10);
    m.add(1, 1, 10);
    EXPECT_FALSE(m.iou(2).has_value());
    EXPECT_FALSE(m.precision(2).has_value());
    EXPECT_FALSE(m.recall(2).has_value());
    EXPECT_DOUBLE_EQ(*m.meanIou(), 1.0);  // mean of the two defined classes
    EXPECT_FALSE(ConfusionMatrix(2).meanIou().has_value());
}

TEST(ConfusionMatrix, IgnoreClassIsNotCounted) {
    ConfusionMatrix m(3, 0);
    m.add(0, 1, 100);  // ignored ground truth
    m.add(1, 1, 10);
    m.add(2, 1, 10);
    EXPECT_EQ(m.falsePositives(1), 10);
    EXPECT_DOUBLE_EQ(*m.iou(1), 0.5);
    EXPECT_DOUBLE_EQ(*m.meanIou(), (0.5 + 0.0) / 2);
    ConfusionMatrix other(3, 0);
    other.add(1, 1, 10);
    m.merge(other);
    EXPECT_EQ(m.truePositives(1), 20);
    EXPECT_THROW(m.add(3, 0), std::out_of_range);
}

// The gate against a window of nights, on hand-computed values.
#include <gtest/gtest.h>

#include "eval/WindowGate.hpp"

using namespace blindspot;

TEST(WindowGate, MedianAndBestOfTheDefinedValues) {
    EXPECT_DOUBLE_EQ(*windowReference({0.8, std::nullopt, 0.6, 0.7}, WindowReference::Median), 0.7);
    EXPECT_DOUBLE_EQ(*windowReference({0.8, 0.6, 0.7, 0.5}, WindowReference::Median), 0.65);
    EXPECT_DOUBLE_EQ(*windowReference({0.8, 0.6, 0.7, 0.5}, WindowReference::Best), 0.8);
    EXPECT_FALSE(windowReference({std::nullopt}, WindowReference::Median));
}

TEST(WindowGate, FailsTheCellsThatFellMoreThanTheDrop) {
    // Three nights, two cells. Cell 0: median 0.80, best 0.82; cell 1: median 0.60, best 0.70.
    const std::vector<NightValues> window = {
        {0.70, {0.80, 0.70}, {5, 5}}, {0.72, {0.82, 0.60}, {5, 5}}, {0.68, {0.78, 0.55}, {5, 5}}};
    WindowGateOptions o;
    o.max_drop = 0.05;
    // Cell 0 at 0.76 (drop 0.04 vs median: passes); cell 1 at 0.50 (drop 0.10: fails).
    const NightValues tonight{0.69, {0.76, 0.50}, {5, 5}};
    const WindowGateResult median = windowGate(tonight, window, o);
    EXPECT_FALSE(median.passed);
    ASSERT_EQ(median.failed_cells.size(), 1u);
    EXPECT_EQ(median.failed_cells[0].cell, 1u);
    EXPECT_DOUBLE_EQ(median.failed_cells[0].reference, 0.60);
    EXPECT_DOUBLE_EQ(*median.overall_reference, 0.70);
    EXPECT_EQ(median.nights, 3u);
    // Against the best night, cell 0 fails too (0.82 - 0.76 = 0.06) and the overall passes
    // (0.72 - 0.69 = 0.03).
    o.reference = WindowReference::Best;
    const WindowGateResult best = windowGate(tonight, window, o);
    ASSERT_EQ(best.failed_cells.size(), 2u);
    EXPECT_DOUBLE_EQ(*best.overall_reference, 0.72);
    // A cell with fewer scenes than required cannot fail.
    o.min_cell_samples = 6;
    EXPECT_TRUE(windowGate(tonight, window, o).passed);
}

TEST(WindowGate, FailsOnTheOverallDropAndPassesAnEmptyWindow) {
    WindowGateOptions o;
    o.max_drop = 0.02;
    const NightValues tonight{0.60, {}, {}};
    EXPECT_FALSE(windowGate(tonight, {{0.65, {}, {}}}, o).passed);
    EXPECT_TRUE(windowGate(tonight, {{0.61, {}, {}}}, o).passed);
    const WindowGateResult none = windowGate(tonight, {}, o);
    EXPECT_TRUE(none.passed);
    EXPECT_NE(none.message.find("no earlier night"), std::string::npos);
}

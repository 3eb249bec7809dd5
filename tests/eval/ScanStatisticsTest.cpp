#include <gtest/gtest.h>

#include "eval/ScanStatistics.hpp"

using namespace blindspot;

// Two 2 x 3 scans, counted by hand: row 0 has 2 + 3 returns of 6 cells, row 1 has 1 + 0.
TEST(ScanStatistics, RowFractionsAndHistogramsByHand) {
    ScanStatistics s;
    s.add({2, 3, {1, 0, 1, 0, 1, 0}, {0.1f, 0, 0.3f, 0, 0.5f, 0}, {5, 0, 15, 0, 79, 0}});
    s.add({2, 3, {1, 1, 1, 0, 0, 0}, {0.1f, 0.1f, 0.91f, 0, 0, 0}, {5, 5, 200, 0, 0, 0}});
    EXPECT_EQ(s.scans, 2u);
    EXPECT_EQ(s.validFractionPerRow(), (std::vector<double>{5.0 / 6.0, 1.0 / 6.0}));
    EXPECT_DOUBLE_EQ(s.validFraction(), 6.0 / 12.0);
    EXPECT_NEAR(s.intensityMean(), (0.1 + 0.3 + 0.5 + 0.1 + 0.1 + 0.91) / 6.0, 1e-6);
    // Intensity bins are 0.02 wide: 0.1 -> bin 5 (three times), 0.3 -> 15, 0.5 -> 25, 0.91 -> 45.
    EXPECT_EQ(s.intensity.counts[5], 3);
    EXPECT_EQ(s.intensity.counts[45], 1);
    // Range bins are 2 m wide over [0, 80): 5 m -> bin 2 (three times), 200 m -> the last bin.
    EXPECT_EQ(s.range_m.counts[2], 3);
    EXPECT_EQ(s.range_m.counts[39], 2);  // 79 m and 200 m
    EXPECT_DOUBLE_EQ(s.range_m.density()[2], 0.5);
}

// Issue 53, item 5: the report's first screen on a hand-made 3 x 2 map whose cells are known: the
// colour scale spans the run's own range, rounded outward to 0.05, and the three worst cells the
// summary names are the ones outlined.
#include <gtest/gtest.h>

#include "reports/FirstScreen.hpp"
#include "reports/MapSummary.hpp"

namespace blindspot {
namespace {

MiouMap handMadeMap(const std::vector<double>& values) {
    MiouMap map;
    map.metric = "target IoU";
    map.dims = {"x_m", "y_m"};
    map.titles = {"x [m]", "y [m]"};
    map.x_levels = {5, 10, 15};
    map.y_levels = {-4, 2};
    map.cells.resize(6);
    for (std::size_t i = 0; i < 6; ++i)
        if (values[i] >= 0) map.cells[i].mean = values[i];
    return map;
}

TEST(FirstScreen, TheScaleSpansTheRunAndTheWorstThreeAreOutlined) {
    const MiouMap map = handMadeMap({0.91, 0.43, 0.62, 0.97, 0.8, -1.0});
    EXPECT_EQ(worstCells(map, 3), (std::vector<std::size_t>{1, 2, 4}));
    const HeatmapSpec s = ownRangeHeatmap(map, "t");
    EXPECT_DOUBLE_EQ(s.value_min, 0.40);
    EXPECT_DOUBLE_EQ(s.value_max, 1.00);
    EXPECT_EQ(s.outlined, (std::vector<bool>{false, true, true, false, true, false}));
    // Cells within 0.05 of each other keep the absolute scale (one colour either way).
    const HeatmapSpec flat = ownRangeHeatmap(handMadeMap({0.95, 0.96, 0.97, 0.95, 0.96, 0.97}), "t");
    EXPECT_DOUBLE_EQ(flat.value_min, 0.0);
    EXPECT_DOUBLE_EQ(flat.value_max, 1.0);
    const std::string html = firstScreen(map, {}, "target IoU");
    EXPECT_NE(html.find("absolute scale"), std::string::npos);
    EXPECT_EQ(html.find("Worst scene"), std::string::npos);  // no scene given: no box
}

}  // namespace
}  // namespace blindspot

// Issue 53, item 5: the report's summary in words, on a hand-made 3 x 2 map whose cells are known.
#include <gtest/gtest.h>

#include "reports/MapSummary.hpp"

namespace blindspot {
namespace {

TEST(MapSummary, SaysWhereAndHowBadly) {
    MiouMap map;
    map.metric = "target IoU";
    map.x_levels = {5, 10, 15};
    map.y_levels = {-4, 2};
    map.cells.resize(6);
    const double values[] = {0.9, 0.45, 0.62,   // y -4: x 5, 10, 15
                             0.95, 0.8, -1.0};  // y 2 (x 15 has no value)
    for (std::size_t i = 0; i < 6; ++i)
        if (values[i] >= 0) map.cells[i].mean = values[i];
    EXPECT_EQ(mapSummary(map),
              "target IoU ranges from 0.45 to 0.95 over 5 cells. 1 cell below 0.5 and 2 cells "
              "below 0.7, at x_m 10 to 15 and y_m -4. Worst: (x_m 10, y_m -4) 0.45; (x_m 15, y_m "
              "-4) 0.62; (x_m 10, y_m 2) 0.80.");
    EXPECT_EQ(mapSummary(MiouMap{}), "");
}

}  // namespace
}  // namespace blindspot

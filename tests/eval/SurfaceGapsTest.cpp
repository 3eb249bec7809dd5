// Surface gaps on clouds whose counts are known by construction: points placed exactly on the
// hdl64e-kitti lasers' lines, a car column with two missing lasers and a whole wall column.
#include <gtest/gtest.h>

#include <cmath>

#include "eval/SurfaceGaps.hpp"

using namespace blindspot;

namespace {

// A point of laser `row` at horizontal distance d_m and azimuth az_deg.
void addOnLaser(LabelledCloud& c, const LidarSpec& lasers, int row, double d_m, double az_deg,
                float intensity, std::uint16_t id) {
    const double el = lasers.elevation_deg[std::size_t(row)] * M_PI / 180.0;
    const double z = d_m * std::tan(el) + lasers.originZM(row), az = az_deg * M_PI / 180.0;
    c.xyzi.insert(c.xyzi.end(),
                  {float(d_m * std::cos(az)), float(d_m * std::sin(az)), float(z), intensity});
    c.semantickitti_id.push_back(id);
}

}  // namespace

TEST(SurfaceGaps, EmptyCellsInsideEachColumnSpanAndZeroRemissions) {
    const LidarSpec lasers = lidarPreset("hdl64e-kitti");
    ASSERT_EQ(lasers.rows(), 64);
    LabelledCloud c;
    // A car (SemanticKITTI 10) 8 m ahead at 5.05 deg: lasers 30..39 minus 33 and 36, so its span
    // has 10 cells and 2 empty; 3 of its 8 returns read 0.
    int n = 0;
    for (int row = 30; row <= 39; ++row)
        if (row != 33 && row != 36)
            addOnLaser(c, lasers, row, 8.0, 5.05, n++ < 3 ? 0.0f : 0.2f, 10);
    // A building (50) 20 m away at -10.05 deg, every laser 10..29: no gap.
    for (int row = 10; row <= 29; ++row) addOnLaser(c, lasers, row, 20.0, -10.05, 0.3f, 50);
    // A road point (40) in the car's gap on laser 36, 5 m away: it fills the
    // cell, as any return does, whatever its class.
    addOnLaser(c, lasers, 36, 5.0, 5.05, 0.2f, 40);
    // Outside the view or the range: a car behind the sensor and one 40 m away.
    addOnLaser(c, lasers, 35, 8.0, 170.0, 0.0f, 10);
    addOnLaser(c, lasers, 20, 40.0, 1.0, 0.0f, 10);
    SurfaceGaps gaps;
    addScanGaps(gaps, c, lasers);
    EXPECT_EQ(gaps.scans, 1u);
    const SurfaceGapCounts& car = gaps.by_class.at("car");
    EXPECT_EQ(car.span_cells, 10u);
    EXPECT_EQ(car.empty_cells, 1u);  // laser 33; laser 36's cell holds the road's return
    EXPECT_EQ(car.returns, 8u);
    EXPECT_EQ(car.zero_remission, 3u);
    const SurfaceGapCounts& building = gaps.by_class.at("building");
    EXPECT_EQ(building.span_cells, 20u);
    EXPECT_EQ(building.empty_cells, 0u);
    EXPECT_EQ(building.zero_remission, 0u);
    const nlohmann::json j = toJson(gaps);
    EXPECT_DOUBLE_EQ(j["car"]["empty_share"].get<double>(), 0.1);
    EXPECT_DOUBLE_EQ(j["car"]["zero_remission_share"].get<double>(), 3.0 / 8.0);
    EXPECT_DOUBLE_EQ(j["road"]["empty_share"].get<double>(), 0.0);
}

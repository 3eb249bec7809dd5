// Per-class statistics on clouds whose answers are known by construction: a line, a plane and a
// cube for the shape features; a flat road and a pole of points for shares, heights and ranges.
#include <gtest/gtest.h>

#include <cmath>

#include "eval/ClassStatistics.hpp"

using namespace blindspot;

namespace {

void addPoint(LabelledCloud& c, float x, float y, float z, float intensity, std::uint16_t id) {
    c.xyzi.insert(c.xyzi.end(), {x, y, z, intensity});
    c.semantickitti_id.push_back(id);
}

// A flat road (SemanticKITTI 40) 1.73 m below the sensor on a 0.5 m grid, x 4.25..14.25 m,
// y -5..5 m (no point on the front view's 45 deg edges),
// and a vertical line of "car" (10) points at (10, 0) from 0.5 to 1.95 m above it.
LabelledCloud roadAndPole() {
    LabelledCloud c;
    for (int i = 0; i <= 20; ++i)
        for (int j = 0; j <= 20; ++j)
            addPoint(c, 4.25f + 0.5f * i, -5.0f + 0.5f * j, -1.73f, 0.25f, 40);
    for (int k = 0; k < 30; ++k) addPoint(c, 10.0f, 0.0f, -1.73f + 0.5f + 0.05f * k, 0.1f, 10);
    addPoint(c, -10.0f, 0.0f, -1.0f, 0.1f, 10);  // behind the sensor: outside the front view
    addPoint(c, 10.0f, 30.0f, -1.0f, 0.1f, 10);  // at 71.6 deg azimuth: outside
    addPoint(c, 12.0f, 1.0f, -1.0f, 0.5f, 0);    // unlabeled: left out
    addPoint(c, 12.0f, -1.0f, -1.0f, 0.5f, 1);   // outlier: left out
    return c;
}

}  // namespace

TEST(ClassStatistics, ShapeFeaturesOfALinePlaneAndCube) {
    std::vector<Eigen::Vector3f> line, plane, cube;
    for (int i = 0; i < 10; ++i) line.emplace_back(0.1f * i, 0.2f * i, 0.0f);
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j) plane.emplace_back(float(i), 0.0f, float(j));
    for (int i = 0; i < 8; ++i) cube.emplace_back(float(i & 1), float((i >> 1) & 1), float(i >> 2));
    const ShapeFeatures l = shapeFeatures(line), p = shapeFeatures(plane), c = shapeFeatures(cube);
    EXPECT_NEAR(l.linearity, 1.0, 1e-6);
    EXPECT_NEAR(l.planarity, 0.0, 1e-6);
    // A square grid: l1 = l2 (planarity 1), l3 = 0.
    EXPECT_NEAR(p.linearity, 0.0, 1e-6);
    EXPECT_NEAR(p.planarity, 1.0, 1e-6);
    EXPECT_NEAR(p.scattering, 0.0, 1e-6);
    // A cube's corners: l1 = l2 = l3.
    EXPECT_NEAR(c.scattering, 1.0, 1e-6);
    const ShapeFeatures two = shapeFeatures({Eigen::Vector3f(0, 0, 0), Eigen::Vector3f(1, 0, 0)});
    EXPECT_EQ(two.linearity + two.planarity + two.scattering, 0.0f);
}

TEST(ClassStatistics, SharesHeightsAndRangesOfARoadAndAPole) {
    ClassStatistics s;
    addScan(s, roadAndPole());
    // The front view (|azimuth| <= 45 deg) keeps road points with |y| <= x: count them.
    std::size_t road = 0;
    for (int i = 0; i <= 20; ++i)
        for (int j = 0; j <= 20; ++j) road += std::fabs(-5.0 + 0.5 * j) < 4.25 + 0.5 * i ? 1 : 0;
    ASSERT_EQ(s.by_class.count("road"), 1u);
    ASSERT_EQ(s.by_class.count("car"), 1u);
    EXPECT_EQ(s.by_class.size(), 2u);  // unlabeled and outliers are not classes
    EXPECT_EQ(s.by_class.at("road").points, road);
    EXPECT_EQ(s.by_class.at("car").points, 30u);
    EXPECT_EQ(s.points, road + 30);
    EXPECT_DOUBLE_EQ(s.share("car"), 30.0 / double(road + 30));
    EXPECT_EQ(s.scans, 1u);

    const ClassSample& car = s.by_class.at("car");
    // Heights 0.5, 0.55, ..., 1.95 above a flat ground: nearest-rank median is the 15th, 1.2 m.
    EXPECT_NEAR(quartiles(car.values[kHeight]).median, 1.2, 1e-4);
    EXPECT_NEAR(quartiles(s.by_class.at("road").values[kHeight]).q3, 0.0, 1e-6);
    const Quartiles range = quartiles(car.values[kRange]);
    EXPECT_GT(range.q1, 10.0);
    EXPECT_LT(range.q3, std::hypot(10.0, 1.23));  // z from -1.23 to 0.22 m
    EXPECT_NEAR(quartiles(car.values[kIntensity]).median, 0.1, 1e-6);
    // The pole's points see each other along the line (0.05 m apart) before the road (>= 0.5 m).
    EXPECT_GT(quartiles(car.values[kLinearity]).median, 0.99);
    EXPECT_GT(quartiles(s.by_class.at("road").values[kPlanarity]).median, 0.5);
}

TEST(ClassStatistics, QuartilesByNearestRankAndJson) {
    const Quartiles q = quartiles({8, 1, 7, 2, 6, 3, 5, 4});
    EXPECT_EQ(q.q1, 2.0);
    EXPECT_EQ(q.median, 4.0);
    EXPECT_EQ(q.q3, 6.0);
    EXPECT_EQ(quartiles({}).median, 0.0);

    ClassStatistics s;
    addScan(s, roadAndPole());
    const nlohmann::json j = toJson(s);
    EXPECT_EQ(j.at("scans"), 1);
    EXPECT_EQ(j.at("classes").at("car").at("points"), 30);
    EXPECT_NEAR(j.at("classes").at("car").at("height_m").at("median").get<double>(), 1.2, 1e-4);
    for (int f = 0; f < kClassFeatureCount; ++f)
        EXPECT_TRUE(j.at("classes").at("road").contains(classFeatureName(f)));
}

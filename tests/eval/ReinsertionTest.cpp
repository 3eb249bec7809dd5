// Issue 52's re-insertion gate: the bins, ratios, differences and shortfalls on hand-computed
// pairs, and the box fitted to a hand-built car instance.
#include <gtest/gtest.h>

#include <cmath>

#include "eval/Reinsertion.hpp"
#include "scenes/RealCars.hpp"
#include "tests/TestPaths.hpp"

using namespace blindspot;

namespace {

InstancePair pair(double range_m, ObjectScore real, ObjectScore inserted) {
    InstancePair p;
    p.range_m = range_m;
    p.real = real;
    p.inserted = inserted;
    return p;
}

}  // namespace

TEST(Reinsertion, BinsRatiosAndDifferencesAreTheHandComputedOnes) {
    const std::vector<InstancePair> pairs = {
        pair(5, {100, 80, 0}, {90, 81, 9}),      // IoU 0.8 -> 0.818181...
        pair(8, {200, 100, 50}, {210, 105, 0}),  // IoU 0.4 -> 0.5
        pair(12, {100, 50, 0}, {50, 25, 0}),     // ratio 0.5 in 10-20 m
        pair(55, {10, 10, 0}, {10, 10, 0}),      // beyond 40 m: left out
    };
    const auto bins = reinsertionBins(pairs, 1);
    ASSERT_EQ(bins.size(), 3u);
    EXPECT_EQ(bins[0].instances, 2u);
    EXPECT_DOUBLE_EQ(*bins[0].points_ratio, 300.0 / 300.0);
    EXPECT_DOUBLE_EQ(bins[0].real_points, 150.0);
    EXPECT_NEAR(*bins[0].real_iou, (0.8 + 0.4) / 2, 1e-12);
    EXPECT_NEAR(*bins[0].inserted_iou, (81.0 / 99 + 0.5) / 2, 1e-12);
    EXPECT_NEAR(*bins[0].iou_difference, (81.0 / 99 - 0.8 + 0.1) / 2, 1e-12);
    EXPECT_NEAR(*bins[0].recall_difference, (0.9 - 0.8 + 0.5 - 0.5) / 2, 1e-12);
    ASSERT_TRUE(bins[0].points_ratio_ci.low && bins[0].points_ratio_ci.high);
    EXPECT_LE(*bins[0].points_ratio_ci.low, 1.0);
    EXPECT_GE(*bins[0].points_ratio_ci.high, 1.0);
    EXPECT_EQ(bins[1].instances, 1u);
    EXPECT_DOUBLE_EQ(*bins[1].points_ratio, 0.5);
    EXPECT_FALSE(bins[1].points_ratio_ci.low);  // one car: no interval
    EXPECT_EQ(bins[2].instances, 0u);
    const auto short_of = reinsertionShortfalls(bins);
    ASSERT_EQ(short_of.size(), 1u);
    EXPECT_EQ(short_of[0],
              "10-20 m: inserted cars get 0.500 x the real cars' points, 0.300 below 0.8");
}

// The points ratio per third of the height sums each third over the bin's instances.
TEST(Reinsertion, EachThirdOfTheHeightHasItsOwnRatio) {
    ObjectScore real_a{60, 60, 0}, inserted_a{60, 60, 0}, real_b{40, 40, 0}, inserted_b{40, 40, 0};
    real_a.band_points = {30, 20, 10};
    inserted_a.band_points = {30, 20, 10};
    real_b.band_points = {10, 20, 10};
    inserted_b.band_points = {10, 10, 20};
    const auto bins = reinsertionBins({pair(4, real_a, inserted_a), pair(6, real_b, inserted_b)}, 1);
    ASSERT_TRUE(bins[0].band_ratio[0] && bins[0].band_ratio[1] && bins[0].band_ratio[2]);
    EXPECT_DOUBLE_EQ(*bins[0].band_ratio[0], 40.0 / 40.0);
    EXPECT_DOUBLE_EQ(*bins[0].band_ratio[1], 30.0 / 40.0);
    EXPECT_DOUBLE_EQ(*bins[0].band_ratio[2], 30.0 / 20.0);
    EXPECT_FALSE(bins[1].band_ratio[0]);  // no car there
    const auto json = toJson(bins);
    EXPECT_DOUBLE_EQ(json[0]["band_ratio"]["upper"].get<double>(), 1.5);
}

// Two sides of a 4.4 x 1.8 m car at yaw 30 deg around (10, 5), seen from the origin, on a road.
TEST(RealCars, TheBoxFitsAnLShapedInstanceAndTheLibraryCarKeepsItsNearFaces) {
    RealFrame frame;
    frame.labelled = true;
    auto add = [&](double x, double y, double z, std::uint16_t label, std::uint16_t instance) {
        frame.points.xyzi.insert(frame.points.xyzi.end(), {float(x), float(y), float(z), 0.2f});
        frame.points.label.push_back(label);
        frame.points.instance.push_back(instance);
    };
    const double yaw = 30.0 * M_PI / 180.0;
    const Eigen::Vector2d c(10, 5), a(std::cos(yaw), std::sin(yaw)), b(-a.y(), a.x());
    for (int k = 0; k <= 44; ++k)
        for (double z : {-1.2, -0.8, -0.4}) {
            const Eigen::Vector2d side = c + a * (k / 10.0 - 2.2) - b * 0.9;  // the side facing -b
            const Eigen::Vector2d back = c - a * 2.2 + b * (k / 44.0 * 1.8 - 0.9);  // the near end
            add(side.x(), side.y(), z, 10, 7);
            add(back.x(), back.y(), z, 10, 7);
        }
    for (int i = -10; i <= 10; ++i)
        for (int j = -10; j <= 10; ++j) add(10 + i * 0.4, 5 + j * 0.4, -1.73, 40, 0);
    const auto cars = realCars(frame, 20);
    ASSERT_EQ(cars.size(), 1u);
    const FittedBox& box = cars[0].box;
    const double yaw_error = std::remainder(box.yaw_deg - 30.0, 180.0);
    EXPECT_NEAR(yaw_error, 0.0, 0.5);
    EXPECT_NEAR(box.length_m, 4.4, 0.02);
    EXPECT_NEAR(box.width_m, 1.8, 0.02);
    EXPECT_NEAR(box.ground_z_m, -1.73, 1e-5);
    EXPECT_NEAR(box.height_m, 1.73 - 0.4, 1e-5);
    EXPECT_NEAR((box.centre_m - c).norm(), 0.0, 0.02);
    const auto models = loadCarModels(std::string(BLINDSPOT_SOURCE_DIR) + "/scenes/cars");
    const ScenarioCar car = libraryCarAt(box, models);
    const CarModelSpec& spec = carModelNamed(models, car.model);
    for (const auto& m : models)  // the nearest in size
        EXPECT_LE(std::pow(spec.length_m - 4.4, 2) + std::pow(spec.width_m - 1.8, 2) +
                      std::pow(spec.height_m - 1.33, 2),
                  std::pow(m.length_m - 4.4, 2) + std::pow(m.width_m - 1.8, 2) +
                      std::pow(m.height_m - 1.33, 2) + 1e-12);
    // Its faces nearest the sensor stay where the real car's are: its centre moves away from the
    // sensor by half of what it is longer and wider.
    const Eigen::Vector2d placed(car.x_m, car.y_m);
    const double along = (placed - c).dot(a), across = (placed - c).dot(b);
    EXPECT_NEAR(std::fabs(along), std::max(0.0, spec.length_m - 4.4) / 2, 1e-6);
    EXPECT_NEAR(std::fabs(across), std::max(0.0, spec.width_m - 1.8) / 2, 1e-6);
    EXPECT_GE((placed).norm(), c.norm() - 1e-9);
}

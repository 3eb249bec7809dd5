// People as traffic (scenes/Traffic.hpp, addTrafficPeople): where they stand, what they are, and
// that they keep clear of the ego, the placed cars, one another and the street's obstacles.
#include <gtest/gtest.h>

#include <cmath>

#include "core/geometry/Mounting.hpp"
#include "scenes/BackgroundCatalogue.hpp"
#include "scenes/Traffic.hpp"
#include "tests/TestData.hpp"

using namespace blindspot;
using blindspot::testing::carModels;

TEST(TrafficPeople, WalkersAndCyclistsOnAndBesideTheRoadKeepClear) {
    const Background bg = generateBackground("kitti-01", carModels());
    const Rect road = bg.drivable.front();
    const TrafficPolicy policy{5.0, 45.0, 15.0, 0.25, 100, true};  // generate --traffic area
    int people = 0, cyclists = 0, on_road = 0;
    for (int k = 0; k < 300; ++k) {
        Scenario s;
        s.background = "kitti-01";
        Rng rng(std::uint64_t(500 + k));
        addTrafficCars(s, 2, bg, carModels(), rng, policy);
        const std::size_t cars = s.cars.size();
        const int added = addTrafficPeople(s, 3, bg, carModels(), rng, policy);
        ASSERT_EQ(s.cars.size(), cars + std::size_t(added));
        for (std::size_t i = cars; i < s.cars.size(); ++i) {
            const ScenarioCar& p = s.cars[i];
            ASSERT_TRUE(p.target_type == "pedestrian" || p.target_type == "cyclist");
            EXPECT_GE(p.x_m, 5.0);
            EXPECT_LE(p.x_m, 45.0);
            EXPECT_GE(p.y_m, road.y_min - 3.0);
            EXPECT_LE(p.y_m, road.y_max + 3.0);
            on_road += p.y_m > road.y_min && p.y_m < road.y_max;
            ++people;
            if (p.target_type != "cyclist") continue;
            ++cyclists;
            // With the traffic on its side: yaw 0 right of the centre line (y < 0), 180 left.
            const double along = p.y_m < 0 ? p.yaw_deg : p.yaw_deg - 180.0;
            EXPECT_LE(std::fabs(along), 15.0);
        }
        // Nothing overlaps: the ego at the origin, the cars, the other people, the obstacles.
        const EgoVehicle ego;
        for (std::size_t i = cars; i < s.cars.size(); ++i) {
            const Footprint a{{s.cars[i].x_m, s.cars[i].y_m}, {0.3, 0.3}, 0.0, "person"};
            EXPECT_FALSE(overlaps(a, {{0, 0}, {ego.length_m / 2, ego.width_m / 2}, 0, "ego"}));
            for (const auto& o : bg.obstacles) EXPECT_FALSE(overlaps(a, o)) << o.kind;
            for (std::size_t j = 0; j < s.cars.size(); ++j) {
                if (j == i) continue;
                EXPECT_GT(std::hypot(s.cars[i].x_m - s.cars[j].x_m, s.cars[i].y_m - s.cars[j].y_m),
                          0.6);
            }
        }
    }
    EXPECT_GT(people, 600);  // of 900 asked for; obstacles reject some spots
    // One in three is a cyclist: 0.33 +- 0.05 is about 3 binomial sigmas at this count.
    EXPECT_NEAR(double(cyclists) / people, 1.0 / 3.0, 0.05);
    EXPECT_GT(on_road, people / 4);  // crossing, not only on the sidewalks
}

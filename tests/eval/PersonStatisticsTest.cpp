// Issue 56, item 2: per-instance people statistics on hand-built instances whose counts, extents
// and intensities are known by construction.
#include <gtest/gtest.h>

#include <cmath>

#include "eval/PersonStatistics.hpp"

namespace blindspot {
namespace {

struct Cloud {
    std::vector<float> xyzi;
    std::vector<std::uint16_t> id, instance;
    // A vertical grid facing the sensor at (x, y): `cols` x `rows` points spanning width x height.
    void sheet(float x, float y, float width, float height, int cols, int rows, std::uint16_t sk,
               std::uint16_t inst, float intensity) {
        for (int c = 0; c < cols; ++c)
            for (int r = 0; r < rows; ++r) {
                xyzi.insert(xyzi.end(), {x, y - width / 2 + width * float(c) / float(cols - 1),
                                         -1.7f + height * float(r) / float(rows - 1), intensity});
                id.push_back(sk);
                instance.push_back(inst);
            }
    }
};

TEST(PersonStatistics, InstancesHaveTheirPointsExtentsAndIntensity) {
    Cloud cloud;
    cloud.sheet(10, 0, 0.5f, 1.7f, 5, 18, 30, 1, 0.4f);    // a person 10 m ahead
    cloud.sheet(25, 3, 0.3f, 1.2f, 3, 7, 254, 2, 0.2f);    // a moving person, 25.2 m
    cloud.sheet(15, -2, 1.6f, 1.5f, 9, 9, 31, 3, 0.3f);    // a bicyclist
    cloud.sheet(12, 0, 4.0f, 1.5f, 20, 8, 10, 4, 0.1f);    // a car: not a person
    cloud.sheet(-10, 0, 0.5f, 1.7f, 5, 18, 30, 5, 0.4f);   // behind: outside the front view
    cloud.sheet(20, 0, 0.2f, 0.2f, 2, 2, 30, 6, 0.4f);     // 4 points: too few
    const auto people = personInstances(cloud.xyzi, cloud.id, cloud.instance);
    ASSERT_EQ(people.size(), 3u);
    const PersonInstance& p = people[1];  // sorted by (kind, instance): bicyclist, person 1, 2
    EXPECT_EQ(people[0].kind, "bicyclist");
    EXPECT_EQ(p.kind, "person");
    EXPECT_EQ(p.points, 90u);
    EXPECT_NEAR(p.range_m, 10.0, 1e-4);
    EXPECT_NEAR(p.height_m, 1.7, 1e-5);
    EXPECT_NEAR(p.width_m, 0.5, 1e-5);
    EXPECT_FLOAT_EQ(float(p.intensity), 0.4f);
    EXPECT_NEAR(p.scattering, 0.0, 1e-3);  // a plane has no third dimension
    EXPECT_NEAR(people[2].range_m, std::hypot(25.0, 3.0), 1e-4);
    EXPECT_NEAR(people[2].width_m, 0.3 * 25 / std::hypot(25.0, 3.0), 1e-3);  // seen at an angle
    const nlohmann::json bins = summariseByRange(people);
    EXPECT_FALSE(bins["person"].contains("0-10 m"));
    EXPECT_EQ(bins["person"]["10-20 m"]["instances"], 1);
    EXPECT_DOUBLE_EQ(bins["person"]["10-20 m"]["points_at_10m"].get<double>(), 90.0);
    EXPECT_NEAR(bins["person"]["20-35 m"]["points_at_10m"].get<double>(),
                21 * std::pow(std::hypot(25.0, 3.0) / 10, 2), 1e-3);  // float centroid
    EXPECT_EQ(bins["bicyclist"]["10-20 m"]["instances"], 1);
}

}  // namespace
}  // namespace blindspot

#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "core/base/Error.hpp"
#include "core/geometry/Mounting.hpp"
#include "scenes/Background.hpp"
#include "scenes/BackgroundCatalogue.hpp"
#include "scenes/GroundSurface.hpp"
#include "scenes/SceneAssembly.hpp"
#include "tests/TestData.hpp"

using namespace blindspot;

namespace {
using blindspot::testing::carModels;
std::vector<std::string> sweepIds() {
    std::vector<std::string> ids;
    for (const auto& id : backgroundIds())
        if (id.rfind("urban-", 0) == 0) ids.push_back(id);
    return ids;
}
}  // namespace

TEST(Background, FifteenDeterministicAndDistinct) {
    const auto ids = sweepIds();
    ASSERT_EQ(ids.size(), 15u);
    std::set<std::uint64_t> hashes;
    std::set<std::string> types;
    for (const auto& id : ids) {
        const Background a = generateBackground(id, carModels());
        const Background b = generateBackground(id, carModels());
        EXPECT_EQ(backgroundHash(a), backgroundHash(b)) << id;
        hashes.insert(backgroundHash(a));
        types.insert(a.type);
        EXPECT_GT(a.ground.triangleCount(), 1000u) << id;
        EXPECT_GT(a.fixtures.triangleCount(), 100u) << id;
        EXPECT_FALSE(a.drivable.empty()) << id;
    }
    EXPECT_EQ(hashes.size(), 15u);
    EXPECT_EQ(types.size(), 7u);
}

TEST(Background, TrainingIdsAreDisjointFromSweepIds) {
    std::set<std::uint64_t> sweep;
    for (const auto& id : sweepIds())
        sweep.insert(backgroundHash(generateBackground(id, carModels())));
    for (const auto& id : backgroundIds())
        if (id.rfind("train-", 0) == 0) {
            EXPECT_FALSE(sweep.count(backgroundHash(generateBackground(id, carModels())))) << id;
        }
}

TEST(Background, ContentCarriesPaletteLabels) {
    const Background bg = generateBackground("urban-04", carModels());  // intersection
    std::set<std::uint16_t> labels;
    for (const auto& mesh : {bg.ground, bg.fixtures})
        for (auto p : mesh.triangle_part) labels.insert(bg.materials[p].label);
    for (auto l : {label::kRoad, label::kLaneMarking, label::kSidewalk, label::kCurb,
                   label::kBuilding, label::kVegetation, label::kPole, label::kTrafficSignal})
        EXPECT_TRUE(labels.count(l)) << l;
    const Background highway = generateBackground("urban-05", carModels());
    bool rail = false;
    for (auto p : highway.fixtures.triangle_part)
        rail = rail || highway.materials[p].label == label::kGuardRail;
    EXPECT_TRUE(rail);
}

TEST(Background, UnknownIdIsAConfigError) {
    EXPECT_THROW(generateBackground("urban-16", carModels()), ConfigError);
    EXPECT_THROW(generateBackground("moon:3", carModels()), ConfigError);
    EXPECT_NO_THROW(generateBackground("alley:42", carModels()));
}

TEST(Footprint, SeparatingAxisOverlap) {
    const Footprint a{{0, 0}, {2, 1}, 0, "car"};
    EXPECT_TRUE(overlaps(a, {{3.9, 0}, {2, 1}, 0, "car"}));
    EXPECT_FALSE(overlaps(a, {{4.1, 0}, {2, 1}, 0, "car"}));
    // Turned 90 deg, the other box's long side no longer reaches.
    EXPECT_FALSE(overlaps(a, {{3.1, 0}, {2, 1}, M_PI / 2, "car"}));
    EXPECT_TRUE(overlaps(a, {{2.9, 0}, {2, 1}, M_PI / 2, "car"}));
}

TEST(Background, EgoStandsOnTheRoadWithAllFourWheels) {
    // The ego pitches and rolls with the grade and camber under it, as a real car does, so the
    // sensor sees the road ahead level where the grade does not change (world-5).
    const EgoVehicle ego;
    for (const std::string id : {"urban-01", "urban-02", "urban-05", "kitti-01", "train-13"}) {
        const Background bg = generateBackground(id, carModels());
        const GroundSurface surface(bg.ground, 1);
        const Eigen::Isometry3d world_from_ego = bg.world_from_ego.parentFromLocal();
        for (const double sx : {-1.0, 1.0})
            for (const double sy : {-1.0, 1.0}) {
                const Eigen::Vector3d wheel =
                    world_from_ego *
                    Eigen::Vector3d(sx * ego.wheelbase_m / 2, sy * ego.track_m / 2, 0.0);
                EXPECT_NEAR(wheel.z(), surface.heightAt(wheel.x(), wheel.y()), 0.01) << id;
            }
        const double tilt_deg =
            std::abs(bg.world_from_ego.pitch_deg) + std::abs(bg.world_from_ego.roll_deg);
        EXPECT_GT(tilt_deg, 0.0) << id << ": generated roads have a grade and a camber";
    }
}

TEST(GroundSurface, FollowsASlope) {
    // A plane rising 10% along x and 5% along y: z = 0.1 x + 0.05 y.
    TriangleMesh ground = makePlane(100, 100, 10);
    for (auto& v : ground.vertices_m) v.z() = 0.1f * v.x() + 0.05f * v.y();
    const GroundSurface surface(ground, 1);
    EXPECT_NEAR(surface.heightAt(10, 4), 1.2, 1e-4);
    CarModelSpec sedan;
    for (const auto& m : carModels())
        if (m.name == "sedan") sedan = m;
    const Pose facing_x = surface.placeCar(sedan, 10, 4, 0);
    EXPECT_NEAR(facing_x.translation_m.z(), 1.2, 1e-4);
    EXPECT_NEAR(facing_x.pitch_deg, -std::atan(0.1) * 180 / M_PI, 5e-3);  // nose up the slope
    EXPECT_NEAR(facing_x.roll_deg, std::atan(0.05 / std::sqrt(1.01)) * 180 / M_PI,
                5e-3);  // left higher
    const Pose facing_y = surface.placeCar(sedan, 10, 4, 90);
    EXPECT_NEAR(facing_y.pitch_deg, -std::atan(0.05) * 180 / M_PI, 5e-3);
    EXPECT_NEAR(facing_y.roll_deg, -std::atan(0.1 / std::sqrt(1.0025)) * 180 / M_PI,
                5e-3);  // left is -x
    const Eigen::Vector3d side_wheel = facing_y.parentFromLocal() * Eigen::Vector3d(-1.4, 0.8, 0.0);
    EXPECT_NEAR(side_wheel.z(), 0.1 * side_wheel.x() + 0.05 * side_wheel.y(), 2e-3);
    // The wheels then touch the plane: the car's own frame maps (x, y, 0) onto it.
    const Eigen::Vector3d wheel = facing_x.parentFromLocal() * Eigen::Vector3d(1.4, 0.8, 0.0);
    EXPECT_NEAR(wheel.z(), 0.1 * wheel.x() + 0.05 * wheel.y(), 2e-3);
    EXPECT_THROW(surface.placeCar(sedan, 60, 0, 0), ConfigError);  // off the ground
}

TEST(SceneAssembly, ScanOfCarHitsVehicleWithItsInstance) {
    SceneAssembler assembler(carModels(), lidarPreset("hdl64e"));
    Scenario sample = placedCars("urban-01", {ScenarioCar{"sedan", 10.0, -2.0, 30.0, "white"}});
    const AssembledScene scene = assembler.assemble(sample);
    const ScanGrid scan = castScan(*scene.geometry, assembler.lidar(), scene.world_from_sensor);
    // Cells whose beam points at the car's centre region: mostly vehicle, instance 1.
    std::size_t on_car = 0, vehicle = 0;
    const Eigen::Isometry3d sensor_from_world = scan.world_from_sensor.inverse();
    const Eigen::Vector3d centre =
        sensor_from_world *
        (scene.cars[0].world_from_car.parentFromLocal() * Eigen::Vector3d(0, 0, 0.8));
    for (std::size_t i = 0; i < scan.cellCount(); ++i) {
        if (!scan.valid(i)) continue;
        const Eigen::Vector3d p(scan.xyz_sensor_m[3 * i], scan.xyz_sensor_m[3 * i + 1],
                                scan.xyz_sensor_m[3 * i + 2]);
        if ((p - centre).head<2>().norm() > 1.2 || p.z() < centre.z() - 0.6) continue;
        ++on_car;
        if (scan.label[i] == label::kVehicle && scan.instance[i] == 1) ++vehicle;
    }
    ASSERT_GT(on_car, 200u);
    EXPECT_GT(double(vehicle) / on_car, 0.95);
    const auto vis = assembler.visibility(scene, scan);
    ASSERT_EQ(vis.size(), 1u);
    EXPECT_GT(vis[0].visible_points, 1000u);
    EXPECT_GT(vis[0].visibility, 0.95);
    EXPECT_FALSE(vis[0].fully_occluded);
}

TEST(SceneAssembly, OcclusionAndOverlapsAreReported) {
    SceneAssembler assembler(carModels(), lidarPreset("hdl64e"));
    // A van right in front hides a small car behind it; a third car overlaps the first.
    Scenario sample = placedCars("urban-01", {ScenarioCar{"van", 7.0, 0.0, 0.0, "white"},
                                              ScenarioCar{"microcar", 16.0, 0.0, 0.0, "red"},
                                              ScenarioCar{"sedan", 8.0, 1.0, 0.0, "black"},
                                              ScenarioCar{"sedan", 1.0, 0.0, 0.0, "blue"}});
    const AssembledScene scene = assembler.assemble(sample);
    const ScanGrid scan = castScan(*scene.geometry, assembler.lidar(), scene.world_from_sensor);
    const auto vis = assembler.visibility(scene, scan);
    EXPECT_GT(vis[1].unoccluded_points, 100u);
    EXPECT_LT(vis[1].visibility, 0.2);
    auto has = [&](int car, const std::string& with, int other) {
        for (const auto& c : scene.collisions)
            if (c.car == car && c.with == with && (other < 0 || c.other == other)) return true;
        return false;
    };
    EXPECT_TRUE(has(2, "car", 0));
    EXPECT_FALSE(has(1, "car", -1));
    EXPECT_TRUE(has(3, "ego", -1));  // placed on top of the ego vehicle
    // The ego vehicle is never in its own scan: apart from car 3 parked on top of it, no return
    // comes from closer than the roof's edge.
    for (std::size_t i = 0; i < scan.cellCount(); ++i)
        if (scan.valid(i) && scan.instance[i] != 4) {
            ASSERT_GT(scan.range_m[i], 1.0f);
        }
    Scenario building = placedCars("urban-01", {ScenarioCar{"sedan", 10.0, 20.0, 0.0, "white"}});
    bool hit_building = false;
    for (const auto& c : assembler.assemble(building).collisions)
        hit_building = hit_building || c.with == "building" || c.with == "off_road";
    EXPECT_TRUE(hit_building);
}

TEST(SceneAssembly, BadInputNamesTheCar) {
    SceneAssembler assembler(carModels(), lidarPreset("vlp16"));
    auto error = [&](const Scenario& s) {
        try {
            assembler.assemble(s);
        } catch (const ConfigError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    EXPECT_NE(error(placedCars("urban-01", {ScenarioCar{"tank", 10, 0, 0, "white"}}))
                  .find("/cars/0/model: unknown car model \"tank\""),
              std::string::npos);
    EXPECT_NE(error(placedCars("urban-01", {ScenarioCar{"sedan", 10, 0, 0, "plaid"}}))
                  .find("/cars/0/color: unknown colour"),
              std::string::npos);
    EXPECT_NE(error(placedCars("urban-01", {ScenarioCar{"sedan", 500, 0, 0, "red"}}))
                  .find("is outside background urban-01"),
              std::string::npos);
    EXPECT_NE(error(placedCars("urban-99", {})).find("unknown background \"urban-99\""),
              std::string::npos);
}

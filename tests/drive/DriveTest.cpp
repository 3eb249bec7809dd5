// Drive mode's geometry and motion on analytic cases: the lane network's turns, routes that close,
// and the longitudinal controller's limits and stops.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>

#include "core/scan/ScanIo.hpp"
#include "drive/DriveRecording.hpp"
#include "drive/DriveSample.hpp"
#include "drive/DriveSimulation.hpp"
#include "drive/Longitudinal.hpp"
#include "drive/Route.hpp"
#include "scenes/BackgroundCatalogue.hpp"
#include "scenes/CarModel.hpp"
#include "scenes/Town.hpp"
#include "tests/TestPaths.hpp"

using namespace blindspot;

namespace {

// A plus-shaped crossing at the origin with arms of 100 m.
RoadNetwork crossing() {
    return buildRoadNetwork({{0, 0}, {-100, 0}, {100, 0}, {0, -100}, {0, 100}},
                            {{1, 0}, {0, 2}, {3, 0}, {0, 4}}, kTownLaneOffsetM, kTownStopSetbackM);
}

}  // namespace

TEST(RoadNetwork, RightTurnIsAQuarterCircleClearOfTheCorner) {
    const RoadNetwork net = crossing();
    // Eastbound (y = -2) turning right onto southbound (x = -2): centre (-12, -12), radius 10.
    int found = 0;
    for (const auto& lane : net.lanes) {
        if (lane.kind != LaneKind::Connector) continue;
        const Eigen::Vector2d a = lane.centre.points_m.front(), b = lane.centre.points_m.back();
        if ((a - Eigen::Vector2d(-12, -2)).norm() > 1e-9 ||
            (b - Eigen::Vector2d(-2, -12)).norm() > 1e-9)
            continue;
        ++found;
        for (const auto& p : lane.centre.points_m)
            EXPECT_NEAR((p - Eigen::Vector2d(-12, -12)).norm(), 10.0, 0.003);
        EXPECT_NEAR(lane.centre.length(), M_PI / 2 * 10.0, 0.01);
        EXPECT_NEAR(lane.centre.headingAt(0), 0.0, 1e-9);
        EXPECT_NEAR(lane.centre.headingAt(lane.centre.length()), -M_PI / 2, 1e-9);
    }
    EXPECT_EQ(found, 1);
    // 4 arms x 3 turns (no U-turns), plus 8 road lanes.
    EXPECT_EQ(net.lanes.size(), 8u + 12u);
}

TEST(Route, AutoLoopEndsWhereItStarts) {
    const RoadNetwork net = crossing();
    RouteSpec spec;
    spec.loop = true;
    // A plus has no loops without U-turns: the route must say so.
    EXPECT_THROW(planRoute(net, spec, {-50, -2}, 100.0), ConfigError);
    const Background town = generateBackground("town:1", {});
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
        spec.seed = seed;
        const Route r = planRoute(town.roads, spec, {20, -2}, 400.0);
        EXPECT_GE(r.path.length(), 200.0);
        EXPECT_EQ(r.path.points_m.front(), r.path.points_m.back()) << seed;
        EXPECT_NEAR(
            std::remainder(r.path.headingAt(0) - r.path.headingAt(r.path.length()), 2 * M_PI), 0.0,
            1e-9);
    }
}

TEST(Longitudinal, LimitsHoldAndTheStopIsExact) {
    MotionLimits limits;
    LongitudinalState s;
    const double dt = 0.005, stop_at = 120.0;
    double a_prev = 0.0, v_max = 0.0;
    for (int n = 0; n < 60000; ++n) {
        s = stepLongitudinal(s, 12.0, 0.0, stop_at - s.s_m, limits, dt);
        EXPECT_LE(std::fabs(s.a_mps2 - a_prev), limits.max_jerk_mps3 * dt + 1e-12);
        EXPECT_LE(s.a_mps2, limits.max_accel_mps2);
        EXPECT_GE(s.a_mps2, -limits.max_decel_mps2);
        a_prev = s.a_mps2;
        v_max = std::max(v_max, s.v_mps);
    }
    EXPECT_NEAR(v_max, 12.0, 0.05);
    EXPECT_EQ(s.v_mps, 0.0);
    EXPECT_NEAR(s.s_m, stop_at, 1e-3);  // the loop-closure tolerance of issue 14
}

TEST(DriveSimulation, FollowerKeepsItsGapBehindAStandingCar) {
    const RoadNetwork net = crossing();
    RouteSpec spec;
    spec.automatic = false;
    spec.waypoints_m = {{-95, -2}, {-20, -2}};
    SimVehicle follower;
    follower.route = planRoute(net, spec, {}, 0.0);
    follower.cruise_mps = 12.0;
    follower.stop_at_end = false;
    SimVehicle standing = follower;
    standing.start_s_m = 60.0;
    standing.cruise_mps = 1e-6;  // it barely moves
    SimulationEnd end;
    end.duration_s = 30.0;
    const DriveSimulation sim = simulateDrive({follower, standing}, net, end);
    double closest = 1e9;
    for (const auto& st : sim.states) closest = std::min(closest, st[1].s_m - st[0].s_m);
    // 4.7 m car lengths and the 2 m standing gap.
    EXPECT_GE(closest, 4.7 + 2.0 - 0.05);
    EXPECT_LE(closest, 4.7 + 2.0 + 0.5);
}

TEST(DriveSample, SweepFramesEqualTheRecordedSequence) {
    namespace fs = std::filesystem;
    const auto models = loadCarModels(std::string(BLINDSPOT_SOURCE_DIR) + "/scenes/cars");
    Scenario s;
    s.background = "town:1";
    s.sensor.lidar = "vlp16";
    s.drive.frames = 3;
    s.drive.motion = "ego+traffic";
    s.drive.speed_mps = 12.0;
    s.drive.traffic_cars = 6;
    const DriveConfig config = driveConfigOf(s, 7);
    DriveSampleScanner scanner(models, LidarEffects{});
    const std::vector<ScanGrid> frames = scanner.scan(s, 7);
    ASSERT_EQ(frames.size(), 3u);
    const fs::path dir = fs::temp_directory_path() / "blindspot-drive-sample-test";
    fs::remove_all(dir);
    DriveRecordOptions o;
    o.output = dir.string();
    o.jobs = 2;
    EXPECT_EQ(recordDrive(config, "test", models, o).frames, 3u);
    for (std::size_t k = 0; k < frames.size(); ++k) {
        const PointList written = readKittiScan(
            (dir / "sequences" / "00" / "velodyne" / (kittiFrameName(k) + ".bin")).string());
        EXPECT_GT(written.xyzi.size(), 4000u);
        EXPECT_EQ(written.xyzi, validPoints(frames[k]).xyzi) << k;
    }
    fs::remove_all(dir);
}

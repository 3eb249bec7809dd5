// Issue 56: a generated person has the height and width drawn, stands on the ground, and returns
// the number of points its silhouette predicts at every range. The silhouette's area comes from
// an orthographic raster of the mesh done here (2-D point in triangle), independent of Embree.
#include <gtest/gtest.h>

#include <cmath>

#include "core/lidar/ScanGrid.hpp"
#include "core/raycast/RayCaster.hpp"
#include "scenes/HumanBody.hpp"
#include "scenes/People.hpp"

namespace blindspot {
namespace {

constexpr double kDeg = M_PI / 180.0;

// Area (m^2) of the mesh's shadow on the y-z plane, on a `cell_m` raster.
double silhouetteArea(const TriangleMesh& m, double cell_m) {
    const auto b = bounds(m);
    long inside = 0;
    for (double y = b[0].y() + cell_m / 2; y < b[1].y(); y += cell_m)
        for (double z = b[0].z() + cell_m / 2; z < b[1].z(); z += cell_m) {
            for (const auto& t : m.triangles) {
                const Eigen::Vector2d p(y, z), a = m.vertices_m[t[0]].tail<2>().cast<double>(),
                                         c1 = m.vertices_m[t[1]].tail<2>().cast<double>(),
                                         c2 = m.vertices_m[t[2]].tail<2>().cast<double>();
                auto side = [](const Eigen::Vector2d& u, const Eigen::Vector2d& v,
                               const Eigen::Vector2d& q) {
                    return (v.x() - u.x()) * (q.y() - u.y()) - (v.y() - u.y()) * (q.x() - u.x());
                };
                const double s0 = side(a, c1, p), s1 = side(c1, c2, p), s2 = side(c2, a, p);
                if ((s0 >= 0 && s1 >= 0 && s2 >= 0) || (s0 <= 0 && s1 <= 0 && s2 <= 0)) {
                    ++inside;
                    break;
                }
            }
        }
    return inside * cell_m * cell_m;
}

LidarSpec uniformSpec(double step_deg) {
    LidarSpec spec;
    spec.vertical.form = AxisDefinition::Form::Symmetric;
    spec.vertical.fov_deg = 30;
    spec.vertical.resolution_deg = step_deg;
    spec.horizontal.form = AxisDefinition::Form::Symmetric;
    spec.horizontal.fov_deg = 20;
    spec.horizontal.resolution_deg = step_deg;
    return resolveLidarSpec(spec);
}

int returnsAt(const TriangleMesh& person, double range_m, const LidarSpec& spec) {
    RayScene scene;
    MeshInstance inst;
    inst.mesh = scene.addMesh(person);
    inst.part_materials = std::vector<SurfaceMaterial>(3, SurfaceMaterial{4, 0.5f, 0.0f, 16});
    Eigen::Isometry3d T = Eigen::Isometry3d::Identity();
    T.translation() = Eigen::Vector3d(range_m, 0, -1.0);  // the sensor 1 m above the ground
    inst.world_from_mesh = T;
    scene.addInstance(inst);
    scene.commit();
    const ScanGrid scan = castScan(scene, spec, Eigen::Isometry3d::Identity());
    int n = 0;
    for (std::size_t i = 0; i < scan.cellCount(); ++i) n += scan.valid(i);
    return n;
}

TEST(People, StandingPeopleHaveTheHeightAndWidthDrawn) {
    for (double h : {1.05, 1.3, 1.65, 1.95})
        for (double girth : {0.85, 1.25}) {
            PersonShape shape{h, girth, 0.0, Gait::kStanding};
            const auto b = bounds(makePedestrian(shape, {0, 1, 2}));
            EXPECT_NEAR(b[1].z(), h, 0.01 * h) << h;  // the top of the head
            EXPECT_NEAR(b[0].z(), 0.0, 0.005) << h;   // the soles on the ground
            // Across: the shoulders' joints, their 0.032 h g caps, and the arms hanging 8 deg out
            // (upper arm, forearm and hand: 0.44 h) to the hand's 0.008 h half-thickness.
            const BodyLengths L = bodyLengths({h, girth});
            const double arm = (L.upper_arm + L.forearm + L.hand) * std::sin(8 * kDeg);
            const double half = std::max(L.shoulder_half_width + 0.032 * h * girth,
                                         L.shoulder_half_width + arm + 0.008 * h);
            EXPECT_NEAR(b[1].y() - b[0].y(), 2 * half, 0.02 * h) << h << " " << girth;
            EXPECT_NEAR(b[1].y(), -b[0].y(), 1e-3);  // standing square: symmetric
        }
}

TEST(People, GaitsKeepFeetOnTheGroundAndStrideLengthens) {
    for (Gait gait : {Gait::kWalking, Gait::kRunning, Gait::kTurning, Gait::kCarrying})
        for (double phase : {0.0, 0.3, 0.6, 0.9}) {
            const auto b = bounds(makePedestrian({1.75, 1.0, phase, gait}, {0, 1, 2}));
            EXPECT_NEAR(b[0].z(), 0.0, 0.005);
            EXPECT_LT(b[1].z(), 1.75 + 0.01);
            EXPECT_GT(b[1].z(), 1.55);  // a runner leans and bends but stays tall
        }
    // At heel strike the feet are furthest apart: a walker's step about 0.4 h (Winter 2009),
    // a runner's longer.
    const Skeleton walk = posedSkeleton({1.75, 1.0}, gaitPose(Gait::kWalking, 0.0));
    const Skeleton run = posedSkeleton({1.75, 1.0}, gaitPose(Gait::kRunning, 0.0));
    const double walk_step = walk.ankle[1].x() - walk.ankle[0].x();
    EXPECT_NEAR(walk_step, 0.4 * 1.75, 0.12);
    EXPECT_GT(run.ankle[1].x() - run.ankle[0].x(), walk_step);
}

TEST(People, PointsPerMetreOfRangeFollowTheSilhouette) {
    // Facing the sensor: a standing adult returns area / (r^2 * step^2) points at range r.
    const TriangleMesh person = makePedestrian({1.75, 1.0, 0.0, Gait::kStanding}, {0, 1, 2});
    const double area = silhouetteArea(person, 0.004), step_deg = 0.1;
    EXPECT_GT(area, 0.45);  // an adult's frontal area, about 0.5-0.6 m^2
    EXPECT_LT(area, 0.75);
    const LidarSpec spec = uniformSpec(step_deg);
    for (double r : {6.0, 10.0, 15.0}) {
        const double expected = area / std::pow(r * step_deg * kDeg, 2);
        EXPECT_NEAR(returnsAt(person, r, spec), expected, 0.08 * expected) << r;
    }
}

TEST(People, RidersSitOnTheirTwoWheelers) {
    const TriangleMesh bike = makeCyclist({1.8, 1.0, 0.3}, {0, 1, 1, 2});
    const auto b = bounds(bike);
    EXPECT_NEAR(b[0].z(), 0.0, 0.005);            // tyres on the ground
    EXPECT_NEAR(b[1].x() - b[0].x(), 1.73, 0.1);  // wheelbase 1.05 m plus a 0.68 m wheel
    EXPECT_GT(b[1].z(), 1.55);                    // the rider's head above the bar
    EXPECT_LT(b[1].z(), 1.9);
    const auto m = bounds(makeMotorcyclist({1.8, 1.0, 0.0}, {0, 1, 1, 2, 3}));
    EXPECT_NEAR(m[1].x() - m[0].x(), 1.42 + 0.62, 0.15);
    EXPECT_NEAR(m[0].z(), 0.0, 0.005);
}

}  // namespace
}  // namespace blindspot

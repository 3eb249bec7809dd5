#include <gtest/gtest.h>

#include <cmath>

#include "core/base/Error.hpp"
#include "core/geometry/Pose.hpp"
#include "core/raycast/RayCaster.hpp"

using namespace blindspot;

namespace {

constexpr double kDeg = M_PI / 180.0;

LidarSpec customSpec(std::vector<double> elevations, std::vector<double> azimuths,
                     double max_range = 120) {
    LidarSpec spec;
    spec.vertical.form = AxisDefinition::Form::Custom;
    spec.vertical.angles_deg = std::move(elevations);
    spec.horizontal.form = AxisDefinition::Form::Custom;
    spec.horizontal.angles_deg = std::move(azimuths);
    spec.max_range_m = max_range;
    return resolveLidarSpec(spec);
}

MeshInstance placed(MeshId mesh, const Pose& pose, SurfaceMaterial material,
                    std::uint16_t instance = 0) {
    MeshInstance inst;
    inst.mesh = mesh;
    inst.world_from_mesh = pose.parentFromLocal();
    inst.part_materials = {material};
    inst.instance_id = instance;
    return inst;
}

Pose at(double x, double y, double z, double pitch = 0, double yaw = 0) {
    Pose p;
    p.translation_m = {x, y, z};
    p.pitch_deg = pitch;
    p.yaw_deg = yaw;
    return p;
}

// A wall facing the sensor: the plane's +z normal turned to -x by pitching -90 deg.
RayScene wallAt(double x_m, SurfaceMaterial material = {label::kBuilding, 0.5f, 0.0f, 16.0f}) {
    RayScene scene(1);
    const MeshId plane = scene.addMesh(makePlane(400, 400));
    scene.addInstance(placed(plane, at(x_m, 0, 0, -90), material));
    scene.commit();
    return scene;
}

std::vector<double> range(double from, double to, double step) {
    std::vector<double> v;
    for (double a = from; a <= to + 1e-9; a += step) v.push_back(a);
    return v;
}

}  // namespace

TEST(RayCaster, WallRangesAreExactToQuantisation) {
    const double wall_x = 10.0;
    const RayScene scene = wallAt(wall_x);
    const LidarSpec spec = customSpec(range(-20, 20, 2.5), range(-60, 60, 7.5));
    const ScanGrid scan = castScan(scene, spec, Eigen::Isometry3d::Identity());
    for (int r = 0; r < scan.rows(); ++r) {
        for (int c = 0; c < scan.cols(); ++c) {
            const std::size_t i = scan.index(r, c);
            const double el = scan.elevationDeg(r, c) * kDeg, az = scan.azimuthDeg(r, c) * kDeg;
            const double expected = wall_x / (std::cos(el) * std::cos(az));
            ASSERT_TRUE(scan.valid(i));
            // Quantised to 2 mm: within half a step (plus float rounding of the hit distance).
            EXPECT_NEAR(scan.range_m[i], expected, spec.range_resolution_m / 2 + 1e-5);
            // ... and an exact multiple of the step.
            const double steps = scan.range_m[i] / spec.range_resolution_m;
            EXPECT_NEAR(steps, std::round(steps), 1e-3);
            EXPECT_NEAR(scan.xyz_sensor_m[3 * i], wall_x, 2e-3);
            EXPECT_EQ(scan.label[i], label::kBuilding);
        }
    }
}

TEST(RayCaster, BoxFrontFaceAtKnownDistance) {
    RayScene scene(1);
    const MeshId box = scene.addMesh(makeBox(2, 2, 2));
    scene.addInstance(placed(box, at(20, 0, 0), {label::kVehicle, 0.5f, 0, 16}, 3));
    scene.commit();
    const LidarSpec spec = customSpec({0, 2}, {0, 2});
    const ScanGrid scan = castScan(scene, spec, Eigen::Isometry3d::Identity());
    for (int r = 0; r < 2; ++r)
        for (int c = 0; c < 2; ++c) {
            const std::size_t i = scan.index(r, c);
            const double el = scan.elevationDeg(r, c) * kDeg, az = scan.azimuthDeg(r, c) * kDeg;
            EXPECT_NEAR(scan.range_m[i], 19.0 / (std::cos(el) * std::cos(az)), 0.001 + 1e-5);
            EXPECT_EQ(scan.instance[i], 3);
        }
}

TEST(RayCaster, BeyondMaxRangeIsNaN) {
    const LidarSpec spec = customSpec({-1, 0, 1}, {-1, 0, 1}, 120);
    const ScanGrid far = castScan(wallAt(150), spec, Eigen::Isometry3d::Identity());
    EXPECT_EQ(far.validCount(), 0u);
    for (std::size_t i = 0; i < far.cellCount(); ++i) {
        EXPECT_TRUE(std::isnan(far.range_m[i]));
        EXPECT_TRUE(std::isnan(far.xyz_sensor_m[3 * i]));
        EXPECT_TRUE(std::isnan(far.reflectivity[i]));
        EXPECT_EQ(far.label[i], 0);
    }
    const ScanGrid near = castScan(wallAt(100), spec, Eigen::Isometry3d::Identity());
    EXPECT_EQ(near.validCount(), near.cellCount());
}

TEST(RayCaster, LabelsAndInstancesMatchObjectsHit) {
    RayScene scene(1);
    const MeshId box = scene.addMesh(makeBox(4, 2, 2));
    scene.addInstance(placed(box, at(15, 5, 0), {label::kVehicle, 0.5f, 0, 16}, 7));  // left
    scene.addInstance(placed(box, at(15, -5, 0), {label::kPole, 0.5f, 0, 16}, 9));    // right
    scene.commit();
    const double left = std::atan2(5, 13) / kDeg, right = -left;
    const LidarSpec spec = customSpec({0}, {left, 0.0, right});
    const ScanGrid scan = castScan(scene, spec, Eigen::Isometry3d::Identity());
    EXPECT_EQ(scan.label[0], label::kVehicle);  // column 0 is the leftmost azimuth
    EXPECT_EQ(scan.instance[0], 7);
    EXPECT_FALSE(scan.valid(1));  // straight ahead: between the boxes
    EXPECT_EQ(scan.label[2], label::kPole);
    EXPECT_EQ(scan.instance[2], 9);
}

TEST(RayCaster, PerPartMaterials) {
    TriangleMesh two = makeBox(1, 1, 1);
    two.triangle_part.assign(two.triangleCount(), 0);
    TriangleMesh other = makeBox(1, 1, 1);
    for (auto& v : other.vertices_m) v.y() += 3.0f;
    two.append(other, 1);
    RayScene scene(1);
    const MeshId mesh = scene.addMesh(two);
    MeshInstance inst = placed(mesh, at(10, 0, 0), {label::kVehicle, 0.5f, 0, 16}, 1);
    EXPECT_THROW(scene.addInstance(inst), BackendError);  // two parts, one material
    inst.part_materials.push_back({label::kLaneMarking, 0.9f, 0, 16});
    scene.addInstance(inst);
    scene.commit();
    const auto hit0 = scene.intersect({0, 0, 0}, {1, 0, 0}, 100);
    const auto hit1 = scene.intersect({0, 3, 0}, {1, 0, 0}, 100);
    ASSERT_TRUE(hit0 && hit1);
    EXPECT_EQ(hit0->material.label, label::kVehicle);
    EXPECT_EQ(hit1->material.label, label::kLaneMarking);
    EXPECT_NEAR(hit0->distance_m, 9.5, 1e-5);
    EXPECT_NEAR((hit0->normal_world - Eigen::Vector3d(-1, 0, 0)).norm(), 0, 1e-6);
}

TEST(RayCaster, ReflectivityFollowsLambertAndPhong) {
    // Diffuse only: rho * cos(theta).
    const LidarSpec spec = customSpec({0}, {0, 60});
    const ScanGrid diffuse =
        castScan(wallAt(10, {label::kBuilding, 0.5f, 0, 16}), spec, Eigen::Isometry3d::Identity());
    EXPECT_NEAR(diffuse.reflectivity[1], 0.5, 1e-5);  // az 0: normal incidence
    EXPECT_NEAR(diffuse.reflectivity[0], 0.5 * std::cos(60 * kDeg), 1e-5);  // az 60
    // With a specular lobe: + ks * cos(2 theta)^n, and cos(120 deg) < 0 gives no lobe.
    const ScanGrid shiny = castScan(wallAt(10, {label::kBuilding, 0.5f, 0.3f, 4}), spec,
                                    Eigen::Isometry3d::Identity());
    EXPECT_NEAR(shiny.reflectivity[1], 0.8, 1e-5);
    EXPECT_NEAR(shiny.reflectivity[0], 0.25, 1e-5);
    const SurfaceMaterial m{0, 0.4f, 0.5f, 2};
    EXPECT_FLOAT_EQ(phongReflectivity(SurfaceMaterial{0, 0.9f, 0.5f, 2}, 1.0f), 1.0f);  // clamped
    EXPECT_NEAR(phongReflectivity(m, std::cos(20 * kDeg)),
                0.4 * std::cos(20 * kDeg) + 0.5 * std::pow(std::cos(40 * kDeg), 2), 1e-6);
}

TEST(RayCaster, SensorPoseMovesTheScan) {
    // The same wall seen from a sensor 4 m closer and turned 90 deg: x in the sensor frame stays
    // the forward distance.
    RayScene scene(1);
    const MeshId plane = scene.addMesh(makePlane(100, 100));
    Pose wall = at(0, 10, 0);
    wall.roll_deg = 90;  // the plane's +z normal turns to -y, facing a sensor on the y axis
    scene.addInstance(placed(plane, wall, {label::kBuilding, 0.5f, 0, 16}));
    scene.commit();
    const LidarSpec spec = customSpec({0}, {0});
    const Eigen::Isometry3d world_from_sensor = at(0, 4, 1, 0, 90).parentFromLocal();
    const ScanGrid scan = castScan(scene, spec, world_from_sensor);
    ASSERT_TRUE(scan.valid(0));
    EXPECT_NEAR(scan.range_m[0], 6.0, 1e-3);
    EXPECT_NEAR(scan.xyz_sensor_m[0], 6.0, 1e-3);
}

TEST(RayCaster, InstancesShareOneMesh) {
    RayScene scene(1);
    const MeshId box = scene.addMesh(makeBox(1, 1, 1));
    for (int i = 0; i < 5; ++i)
        scene.addInstance(placed(box, at(10, -4.0 + 2 * i, 0), {label::kVehicle, 0.5f, 0, 16},
                                 std::uint16_t(i + 1)));
    scene.commit();
    EXPECT_EQ(scene.meshCount(), 1);
    EXPECT_EQ(scene.instanceCount(), 5);
    for (int i = 0; i < 5; ++i) {
        const auto hit = scene.intersect({0, -4.0 + 2 * i, 0}, {1, 0, 0}, 50);
        ASSERT_TRUE(hit);
        EXPECT_EQ(hit->instance_id, i + 1);
    }
    scene.clearInstances();
    scene.commit();
    EXPECT_FALSE(scene.intersect({0, 0, 0}, {1, 0, 0}, 50));
}

TEST(RayCaster, CastBeforeCommitIsAnError) {
    RayScene scene(1);
    scene.addInstance(placed(scene.addMesh(makeBox(1, 1, 1)), at(5, 0, 0), {}));
    EXPECT_THROW(castScan(scene, customSpec({0}, {0}), Eigen::Isometry3d::Identity()),
                 BackendError);
}

namespace {
RayScene busyScene(int build_threads) {
    RayScene scene(build_threads);
    const MeshId ground = scene.addMesh(makePlane(200, 200, 50));
    const MeshId sphere = scene.addMesh(makeSphere(1.0, 24, 48));
    const MeshId box = scene.addMesh(makeBox(4.5, 1.8, 1.5));
    scene.addInstance(placed(ground, at(0, 0, 0), {label::kRoad, 0.2f, 0.1f, 8}));
    for (int i = 0; i < 30; ++i) {
        const double a = i * 0.7;
        scene.addInstance(placed(sphere, at(8 * std::cos(a) + i, 8 * std::sin(a), 1),
                                 {label::kVegetation, 0.6f, 0, 16}));
        scene.addInstance(placed(box, at(-20 + 1.5 * i, (i % 2 ? 4 : -4), 0.75, 0, 12.0 * i),
                                 {label::kVehicle, 0.7f, 0.4f, 32}, std::uint16_t(i + 1)));
    }
    scene.commit();
    return scene;
}
std::string scanBytes(const ScanGrid& s) {
    auto bytes = [](const auto& v) {
        return std::string(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(v[0]));
    };
    return bytes(s.xyz_sensor_m) + bytes(s.range_m) + bytes(s.reflectivity) + bytes(s.label) +
           bytes(s.instance);
}
}  // namespace

TEST(RayCaster, OneAndTwoThreadsGiveByteIdenticalScans) {
    Pose sensor = at(0, 0, 1.73);
    sensor.yaw_deg = 17;
    const LidarSpec spec = lidarPreset("hdl64e");
    const RayScene scene1 = busyScene(1);
    const RayScene scene2 = busyScene(2);
    const ScanGrid a = castScan(scene1, spec, sensor.parentFromLocal(), CastOptions{1});
    const ScanGrid b = castScan(scene2, spec, sensor.parentFromLocal(), CastOptions{2});
    const ScanGrid c = castScan(scene2, spec, sensor.parentFromLocal(), CastOptions{0});
    EXPECT_GT(a.validCount(), a.cellCount() / 2);
    EXPECT_EQ(scanBytes(a), scanBytes(b));
    EXPECT_EQ(scanBytes(a), scanBytes(c));
    // The reuse path overwrites every cell.
    ScanGrid reused = castScan(scene1, spec, at(5, 5, 1.73).parentFromLocal(), CastOptions{2});
    castScanInto(scene1, spec, sensor.parentFromLocal(), CastOptions{2}, reused);
    EXPECT_EQ(scanBytes(a), scanBytes(reused));
}

TEST(RayCaster, RowAzimuthOffsetTurnsThatRowsBeams) {
    // Row 1 fires 0.5 deg left of the column azimuths: on a wall 10 m ahead its point at column
    // azimuth 0 lies at y = 10 tan(0.5 deg); row 0 (no offset) stays at y = 0.
    const double wall_x = 10.0;
    LidarSpec spec;
    spec.vertical.form = AxisDefinition::Form::Custom;
    spec.vertical.angles_deg = {0.0, -2.0};
    spec.horizontal.form = AxisDefinition::Form::Custom;
    spec.horizontal.angles_deg = {10.0, 0.0, -10.0};
    spec.row_azimuth_offset_deg = {0.0, 0.5};
    spec = resolveLidarSpec(spec);
    const ScanGrid scan = castScan(wallAt(wall_x), spec, Eigen::Isometry3d::Identity());
    for (int r = 0; r < 2; ++r)
        for (int c = 0; c < 3; ++c) {
            const std::size_t i = scan.index(r, c);
            ASSERT_TRUE(scan.valid(i));
            const double az = (spec.azimuth_deg[std::size_t(c)] + (r == 1 ? 0.5 : 0.0)) * kDeg;
            EXPECT_DOUBLE_EQ(scan.azimuthDeg(r, c), az / kDeg);
            EXPECT_NEAR(scan.xyz_sensor_m[3 * i + 1], wall_x * std::tan(az), 2e-3) << r << c;
            EXPECT_NEAR(
                scan.range_m[i],
                wall_x / (std::cos(spec.elevation_deg[std::size_t(r)] * kDeg) * std::cos(az)),
                spec.range_resolution_m / 2 + 1e-5);
        }
}

TEST(RayCaster, RaisedLaserStartsAboveTheOrigin) {
    // A laser h = 0.2 m above the origin at elevation -5 deg hits a wall 8 m ahead at
    // z = h + 8 tan(-5 deg), range 8 / cos(-5 deg) from the laser; seen from the origin the point
    // sits atan(z / 8) = -3.57 deg, 1.43 deg above the beam. Row 0 (no offset) is unchanged.
    const double wall_x = 8.0, h = 0.2, el = -5.0;
    LidarSpec spec;
    spec.vertical.form = AxisDefinition::Form::Custom;
    spec.vertical.angles_deg = {el, el - 1.0};
    spec.horizontal.form = AxisDefinition::Form::Custom;
    spec.horizontal.angles_deg = {0.0};
    spec.row_origin_z_m = {h, 0.0};
    spec = resolveLidarSpec(spec);
    const ScanGrid scan = castScan(wallAt(wall_x), spec, at(0, 0, 1.73).parentFromLocal());
    ASSERT_TRUE(scan.valid(0) && scan.valid(1));
    EXPECT_NEAR(scan.xyz_sensor_m[0], wall_x, 2e-3);
    EXPECT_NEAR(scan.xyz_sensor_m[2], h + wall_x * std::tan(el * kDeg), 2e-3);
    EXPECT_NEAR(scan.range_m[0], wall_x / std::cos(el * kDeg), spec.range_resolution_m / 2 + 1e-5);
    EXPECT_NEAR(std::atan2(scan.xyz_sensor_m[2], scan.xyz_sensor_m[0]) / kDeg, -3.57, 0.01);
    EXPECT_NEAR(scan.xyz_sensor_m[5], wall_x * std::tan((el - 1.0) * kDeg), 2e-3);
}

#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "core/lidar/LidarSpec.hpp"
#include "core/lidar/SensorReturns.hpp"
#include "scenes/CarModel.hpp"
#include "scenes/PaintColor.hpp"
#include "tests/TestData.hpp"

using namespace blindspot;

namespace {
using blindspot::testing::carModels;
}  // namespace

TEST(CarModel, AtLeastEightDistinctModels) {
    const auto all = carModels();
    std::set<std::string> names;
    for (const auto& m : all) names.insert(m.name);
    EXPECT_GE(names.size(), 8u);
    for (const char* required :
         {"sedan", "hatchback", "suv", "pickup", "van", "coupe", "wagon", "microcar"})
        EXPECT_TRUE(names.count(required)) << required;
}

TEST(CarModel, MeshesAreClosedOutwardAndLifeSized) {
    for (const auto& spec : carModels()) {
        const TriangleMesh mesh = buildCarMesh(spec);
        EXPECT_TRUE(isClosedAndOriented(mesh)) << spec.name;
        EXPECT_GT(signedVolume(mesh), 0.0) << spec.name;  // outward normals
        EXPECT_GE(mesh.triangleCount(), 2000u) << spec.name;
        const auto [lo, hi] = bounds(mesh);
        const Eigen::Vector3f size = hi - lo;
        EXPECT_GE(size.x(), spec.length_range_m[0]) << spec.name;
        EXPECT_LE(size.x(), spec.length_range_m[1]) << spec.name;
        EXPECT_GE(size.y(), spec.width_range_m[0]) << spec.name;
        EXPECT_LE(size.y(), spec.width_range_m[1]) << spec.name;
        EXPECT_GE(size.z(), spec.height_range_m[0]) << spec.name;
        EXPECT_LE(size.z(), spec.height_range_m[1]) << spec.name;
        // Origin on the ground at the geometric centre.
        EXPECT_NEAR(lo.z(), 0.0f, 1e-3) << spec.name;
        EXPECT_NEAR((lo.x() + hi.x()) / 2, 0.0f, 1e-3) << spec.name;
        EXPECT_NEAR((lo.y() + hi.y()) / 2, 0.0f, 1e-3) << spec.name;
        // Every part is present.
        std::set<int> parts(mesh.triangle_part.begin(), mesh.triangle_part.end());
        EXPECT_EQ(parts.size(), std::size_t(kCarPartCount)) << spec.name;
    }
}

TEST(CarModel, SedanMatchesItsNominalSize) {
    for (const auto& spec : carModels()) {
        if (spec.name != "sedan" && spec.name != "microcar") continue;
        const auto [lo, hi] = bounds(buildCarMesh(spec));
        EXPECT_NEAR(hi.x() - lo.x(), spec.length_m, 0.01) << spec.name;
        EXPECT_NEAR(hi.y() - lo.y(), spec.width_m, 0.01) << spec.name;
        EXPECT_NEAR(hi.z() - lo.z(), spec.height_m, 0.02) << spec.name;
    }
}

TEST(Primitives, AreClosedAndOutward) {
    for (const TriangleMesh& m :
         {makeBox(1, 2, 3), makeCylinder(0.5, 2, 16), makeSphere(1, 8, 16)}) {
        EXPECT_TRUE(isClosedAndOriented(m));
        EXPECT_GT(signedVolume(m), 0.0);
    }
    EXPECT_NEAR(signedVolume(makeBox(1, 2, 3)), 6.0, 1e-6);
}

TEST(TriangleMesh, AppendKeepsPartsIntoAnEmptyMesh) {
    TriangleMesh target;
    TriangleMesh box = makeBox(1, 1, 1);
    box.triangle_part.assign(box.triangleCount(), 3);
    target.append(box);
    target.append(makeBox(1, 1, 1), 5);
    ASSERT_EQ(target.triangle_part.size(), 24u);
    EXPECT_EQ(target.triangle_part.front(), 3);
    EXPECT_EQ(target.triangle_part.back(), 5);
    EXPECT_EQ(target.partCount(), 6);
}

// Window glass passes the pulse or mirrors it away (issue 52): no diffuse return, so under
// hdl64e-kitti's response it returns only its glint, within about 15 deg of normal incidence.
TEST(CarModel, WindowGlassReturnsOnlyItsGlint) {
    const SurfaceMaterial glass = carMaterials(paintColor("white"))[kGlass];
    EXPECT_EQ(glass.nir_reflectance, 0.0f);
    EXPECT_FLOAT_EQ(phongReflectivity(glass, 1.0f), 0.5f);
    const float cos_20deg = float(std::cos(20.0 * M_PI / 180.0));
    EXPECT_LT(phongReflectivity(glass, cos_20deg), 1e-6f);  // 0.5 cos(40 deg)^64
    const SensorResponse kitti = lidarPreset("hdl64e-kitti").response;
    const float cos_30deg = float(std::cos(30.0 * M_PI / 180.0));
    const CleanReturn at_30deg{20, double(phongReflectivity(glass, cos_30deg)), 8.0,
                               label::kVehicle, 1};
    for (std::uint64_t key = 0; key < 100; ++key)
        EXPECT_FALSE(senseReturn(kitti, at_30deg, 1, key));
}

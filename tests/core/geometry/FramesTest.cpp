#include <gtest/gtest.h>

#include "core/base/Error.hpp"
#include "core/geometry/Mounting.hpp"
#include "core/geometry/Pose.hpp"

using namespace blindspot;

namespace {
Pose makePose(double x, double y, double z, double r, double p, double yaw) {
    Pose pose;
    pose.translation_m = {x, y, z};
    pose.roll_deg = r;
    pose.pitch_deg = p;
    pose.yaw_deg = yaw;
    return pose;
}
void expectPoseNear(const Pose& a, const Pose& b) {
    EXPECT_NEAR((a.translation_m - b.translation_m).norm(), 0.0, 1e-12);
    EXPECT_NEAR(a.roll_deg, b.roll_deg, 1e-9);
    EXPECT_NEAR(a.pitch_deg, b.pitch_deg, 1e-9);
    EXPECT_NEAR(a.yaw_deg, b.yaw_deg, 1e-9);
}
}  // namespace

TEST(Pose, YawIsCounterClockwiseSeenFromAbove) {
    const Eigen::Vector3d x_forward =
        makePose(0, 0, 0, 0, 0, 90).parentFromLocal() * Eigen::Vector3d::UnitX();
    EXPECT_NEAR((x_forward - Eigen::Vector3d::UnitY()).norm(), 0.0, 1e-12);  // forward turns left
}

TEST(Pose, PositivePitchTiltsNoseDown) {
    const Eigen::Vector3d f =
        makePose(0, 0, 0, 0, 30, 0).parentFromLocal() * Eigen::Vector3d::UnitX();
    EXPECT_NEAR(f.z(), -0.5, 1e-12);
}

TEST(Pose, RollThenPitchThenYaw) {
    // Applying roll, then pitch, then yaw to a vector equals Rz * Ry * Rx.
    const Pose p = makePose(0, 0, 0, 90, 90, 0);
    // Roll 90 takes y to z; pitch 90 then takes z to x.
    const Eigen::Vector3d v = p.parentFromLocal().linear() * Eigen::Vector3d::UnitY();
    EXPECT_NEAR((v - Eigen::Vector3d::UnitX()).norm(), 0.0, 1e-12);
}

TEST(Pose, IsometryRoundTrip) {
    const Pose p = makePose(1, -2, 3, 10, -20, 135);
    expectPoseNear(Pose::fromIsometry(p.parentFromLocal()), p);
}

TEST(Frames, IsoUnrealSaeRoundTripIsIdentity) {
    const Pose iso = makePose(4.5, -1.25, 1.73, 3, -7, 42);
    expectPoseNear(isoFromUnreal(unrealFromIso(iso)), iso);
    expectPoseNear(isoFromSae(saeFromIso(iso)), iso);
    // ISO -> Unreal -> ISO -> SAE -> ISO.
    expectPoseNear(isoFromSae(saeFromIso(isoFromUnreal(unrealFromIso(iso)))), iso);
}

TEST(Frames, UnrealFlipsYAndPitchOnly) {
    const UnrealPose u = unrealFromIso(makePose(1, 2, 3, 4, 5, 6));
    EXPECT_EQ(u.translation_m, Eigen::Vector3d(1, -2, 3));
    EXPECT_EQ(u.roll_deg, 4);
    EXPECT_EQ(u.pitch_deg, -5);
    EXPECT_EQ(u.yaw_deg, 6);
}

TEST(Frames, SaeTransformMapsTheSamePhysicalPoint) {
    // The SAE frame is the ISO frame turned 180 deg about x: a point expressed through either pose
    // lands in the same physical place once the axes are flipped back.
    const Pose iso = makePose(1, 2, 3, 10, 20, 30);
    const SaePose sae = saeFromIso(iso);
    Pose sae_as_pose;
    sae_as_pose.translation_m = sae.translation_m;
    sae_as_pose.roll_deg = sae.roll_deg;
    sae_as_pose.pitch_deg = sae.pitch_deg;
    sae_as_pose.yaw_deg = sae.yaw_deg;
    const Eigen::Vector3d local_iso(0.3, -0.7, 1.1);
    const Eigen::Vector3d flip(1, -1, -1);
    const Eigen::Vector3d world_iso = iso.parentFromLocal() * local_iso;
    const Eigen::Vector3d world_sae = sae_as_pose.parentFromLocal() * local_iso.cwiseProduct(flip);
    EXPECT_NEAR((world_sae.cwiseProduct(flip) - world_iso).norm(), 0.0, 1e-12);
}

TEST(Mounting, RearBumperFacesBackwards) {
    SensorMounting m;
    m.location = "rear_bumper";
    const EgoVehicle ego;
    const Pose p = parentFromSensor(m, ego);
    EXPECT_DOUBLE_EQ(p.yaw_deg, 180);
    EXPECT_DOUBLE_EQ(p.translation_m.x(), -ego.length_m / 2);
}

TEST(Mounting, OffsetAddsToMountForTranslationAndAngles) {
    // MATLAB's example: rear bumper (yaw 180) plus a relative yaw of 90 gives yaw 270.
    SensorMounting m;
    m.location = "rear_bumper";
    m.offset = makePose(0.1, 0.2, 0.3, 1, 2, 90);
    const EgoVehicle ego;
    const Pose p = parentFromSensor(m, ego);
    EXPECT_DOUBLE_EQ(p.yaw_deg, 270);
    EXPECT_DOUBLE_EQ(p.roll_deg, 1);
    EXPECT_DOUBLE_EQ(p.pitch_deg, 2);
    EXPECT_NEAR((p.translation_m - Eigen::Vector3d(-ego.length_m / 2 + 0.1, 0.2, 0.5 + 0.3)).norm(),
                0, 1e-12);
}

TEST(Mounting, RoofCentreIsAtKittiHeightAndComposesWithEgoPose) {
    SensorMounting m;  // ego, roof_center
    const Pose world_from_ego = makePose(10, 5, 0, 0, 0, 90);
    const Eigen::Isometry3d w = worldFromSensor(m, EgoVehicle{}, world_from_ego);
    EXPECT_NEAR((w.translation() - Eigen::Vector3d(10, 5, 1.73)).norm(), 0, 1e-12);
    EXPECT_NEAR((w.linear() * Eigen::Vector3d::UnitX() - Eigen::Vector3d::UnitY()).norm(), 0,
                1e-12);
}

TEST(Mounting, SceneOriginAcceptsOnlyOrigin) {
    SensorMounting m;
    m.parent = MountParent::SceneOrigin;
    m.location = "roof_center";
    EXPECT_THROW(parentFromSensor(m, EgoVehicle{}), ConfigError);
    m.location = "origin";
    m.offset = makePose(1, 2, 3, 0, 0, 45);
    const Eigen::Isometry3d w = worldFromSensor(m, EgoVehicle{}, makePose(100, 0, 0, 0, 0, 0));
    EXPECT_NEAR((w.translation() - Eigen::Vector3d(1, 2, 3)).norm(), 0, 1e-12);  // ego pose ignored
}

TEST(Mounting, SensorPitchTiltsAboutOwnAxis) {
    const Eigen::Isometry3d w = tiltSensor(makePose(0, 0, 2, 0, 0, 90).parentFromLocal(), 10);
    const Eigen::Vector3d forward = w.linear() * Eigen::Vector3d::UnitX();
    EXPECT_NEAR(forward.y(), std::cos(10 * M_PI / 180), 1e-12);
    EXPECT_NEAR(forward.z(), -std::sin(10 * M_PI / 180), 1e-12);
}

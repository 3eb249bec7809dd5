#include "core/geometry/Pose.hpp"

#include <algorithm>
#include <cmath>

namespace blindspot {
namespace {
constexpr double kDegPerRad = 180.0 / M_PI;
constexpr double kRadPerDeg = M_PI / 180.0;
}  // namespace

Eigen::Matrix3d rotationFromRpyDeg(double roll_deg, double pitch_deg, double yaw_deg) {
    using Eigen::AngleAxisd;
    using Eigen::Vector3d;
    return (AngleAxisd(yaw_deg * kRadPerDeg, Vector3d::UnitZ()) *
            AngleAxisd(pitch_deg * kRadPerDeg, Vector3d::UnitY()) *
            AngleAxisd(roll_deg * kRadPerDeg, Vector3d::UnitX()))
        .toRotationMatrix();
}

Eigen::Isometry3d Pose::parentFromLocal() const {
    Eigen::Isometry3d t = Eigen::Isometry3d::Identity();
    t.linear() = rotationFromRpyDeg(roll_deg, pitch_deg, yaw_deg);
    t.translation() = translation_m;
    return t;
}

Pose Pose::fromIsometry(const Eigen::Isometry3d& parent_from_local) {
    // Z-Y-X Euler decomposition of R = Rz(yaw) Ry(pitch) Rx(roll).
    const Eigen::Matrix3d r = parent_from_local.linear();
    Pose pose;
    pose.translation_m = parent_from_local.translation();
    pose.pitch_deg = std::asin(std::clamp(-r(2, 0), -1.0, 1.0)) * kDegPerRad + 0.0;  // no -0
    pose.roll_deg = std::atan2(r(2, 1), r(2, 2)) * kDegPerRad;
    pose.yaw_deg = std::atan2(r(1, 0), r(0, 0)) * kDegPerRad;
    return pose;
}

Pose isoFromUnreal(const UnrealPose& unreal) {
    Pose iso;
    iso.translation_m = {unreal.translation_m.x(), -unreal.translation_m.y(),
                         unreal.translation_m.z()};
    iso.roll_deg = unreal.roll_deg;
    iso.pitch_deg = -unreal.pitch_deg;
    iso.yaw_deg = unreal.yaw_deg;
    return iso;
}

UnrealPose unrealFromIso(const Pose& iso) {
    UnrealPose unreal;
    unreal.translation_m = {iso.translation_m.x(), -iso.translation_m.y(), iso.translation_m.z()};
    unreal.roll_deg = iso.roll_deg;
    unreal.pitch_deg = -iso.pitch_deg;
    unreal.yaw_deg = iso.yaw_deg;
    return unreal;
}

Pose isoFromSae(const SaePose& sae) {
    Pose iso;
    iso.translation_m = {sae.translation_m.x(), -sae.translation_m.y(), -sae.translation_m.z()};
    iso.roll_deg = sae.roll_deg;
    iso.pitch_deg = -sae.pitch_deg;
    iso.yaw_deg = -sae.yaw_deg;
    return iso;
}

SaePose saeFromIso(const Pose& iso) {
    SaePose sae;
    sae.translation_m = {iso.translation_m.x(), -iso.translation_m.y(), -iso.translation_m.z()};
    sae.roll_deg = iso.roll_deg;
    sae.pitch_deg = -iso.pitch_deg;
    sae.yaw_deg = -iso.yaw_deg;
    return sae;
}

}  // namespace blindspot

#pragma once
// Poses in the ISO 8855 frame (x forward, y left, z up; metres, degrees) and conversions to the
// Unreal Editor and SAE J670 frames.
#include <Eigen/Geometry>

namespace blindspot {

/// A rigid pose in ISO 8855: translation in metres, roll/pitch/yaw in degrees.
/// Rotations are right-handed about x, y and z (yaw counter-clockwise seen from above) and are
/// applied roll first, then pitch, then yaw: R = Rz(yaw) * Ry(pitch) * Rx(roll).
struct Pose {
    Eigen::Vector3d translation_m = Eigen::Vector3d::Zero();
    double roll_deg = 0.0;
    double pitch_deg = 0.0;
    double yaw_deg = 0.0;

    /// The transform target_from_this: maps points in this pose's frame into its parent frame.
    Eigen::Isometry3d parentFromLocal() const;
    /// Recovers roll/pitch/yaw (pitch in [-90, 90]) from a rigid transform.
    static Pose fromIsometry(const Eigen::Isometry3d& parent_from_local);
};

Eigen::Matrix3d rotationFromRpyDeg(double roll_deg, double pitch_deg, double yaw_deg);

/// A pose as typed in the Unreal Editor: left-handed, x forward, y right, z up, metres, degrees.
struct UnrealPose {
    Eigen::Vector3d translation_m = Eigen::Vector3d::Zero();
    double roll_deg = 0.0;
    double pitch_deg = 0.0;
    double yaw_deg = 0.0;
};

/// A pose in SAE J670: x forward, y right, z down, metres, degrees (right-handed rotations).
struct SaePose {
    Eigen::Vector3d translation_m = Eigen::Vector3d::Zero();
    double roll_deg = 0.0;
    double pitch_deg = 0.0;
    double yaw_deg = 0.0;
};

/// Unreal Editor <-> ISO 8855: flip the sign of y and of pitch; x, z, roll and yaw are the same
/// (MATLAB, "Coordinate Systems for Unreal Engine Simulation", seed 002).
Pose isoFromUnreal(const UnrealPose& unreal);
UnrealPose unrealFromIso(const Pose& iso);

/// SAE <-> ISO 8855: a 180 degree turn about x, so y and z flip, and so do pitch and yaw.
Pose isoFromSae(const SaePose& sae);
SaePose saeFromIso(const Pose& iso);

}  // namespace blindspot

#pragma once
// Joint angles of a person and the gaits that drive them. Walking follows the sagittal joint
// angles of normal gait (Winter 2009, "Biomechanics and Motor Control of Human Movement", ch. 4:
// hip about +30 deg flexed at heel strike to -10 deg at toe-off, knee about 15 deg in loading
// and 60 deg in swing, arms swinging opposite the legs); running follows Novacheck 1998 ("The
// biomechanics of running", Gait & Posture 7: hip about +45 to -10 deg, knee to 90-100 deg in
// swing, trunk leaning about 10 deg forward, elbows about 90 deg). Angles in degrees; flexion
// swings a limb forward (+x, ISO 8855), knee and elbow flexion bend the lower segment.
#include <array>

namespace blindspot {

enum class Gait { kStanding, kWalking, kRunning, kTurning, kCarrying };
constexpr int kGaitCount = 5;

struct LimbAngles {
    double hip_flex_deg = 0.0;
    double hip_abduct_deg = 0.0;  ///< the leg swung out sideways
    double knee_flex_deg = 3.0;
    double shoulder_flex_deg = 0.0;
    double shoulder_abduct_deg = 8.0;  ///< the arm held out sideways, clear of the trunk
    double elbow_flex_deg = 12.0;
};

struct HumanPose {
    double trunk_lean_deg = 0.0;   ///< forward
    double trunk_twist_deg = 0.0;  ///< shoulders turned left (counter-clockwise) of the hips
    double head_yaw_deg = 0.0;
    std::array<LimbAngles, 2> limbs;  ///< [0] left (+y), [1] right
};

/// The pose of `gait` at `phase` in [0, 1) of its cycle; the right heel strikes at 0, the left
/// at 0.5. Standing and carrying ignore the phase's cycle but shift the weight with it.
HumanPose gaitPose(Gait gait, double phase);

}  // namespace blindspot

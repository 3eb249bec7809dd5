#include "scenes/HumanPose.hpp"

#include <cmath>

namespace blindspot {
namespace {

// A bump of height 1 at `centre` of a cyclic phase, `width` its standard deviation.
double bump(double phase, double centre, double width) {
    double d = std::fmod(phase - centre + 1.5, 1.0) - 0.5;
    return std::exp(-0.5 * d * d / (width * width));
}

double wrap(double phase) { return phase - std::floor(phase); }

// One leg's sagittal angles at `phase` (its own heel strike at 0), and its arm's opposite swing.
LimbAngles walkingLimb(double phase) {
    LimbAngles l;
    l.hip_flex_deg = 10 + 20 * std::cos(2 * M_PI * phase);
    l.knee_flex_deg = 5 + 12 * bump(phase, 0.15, 0.07) + 55 * bump(phase, 0.72, 0.11);
    l.shoulder_flex_deg = -0.6 * (l.hip_flex_deg - 10);
    l.elbow_flex_deg = 18 + 10 * bump(phase, 0.5, 0.15);
    return l;
}

LimbAngles runningLimb(double phase) {
    LimbAngles l;
    l.hip_flex_deg = 17 + 28 * std::cos(2 * M_PI * phase);
    l.knee_flex_deg = 20 + 20 * bump(phase, 0.2, 0.08) + 75 * bump(phase, 0.7, 0.13);
    l.shoulder_flex_deg = -1.0 * (l.hip_flex_deg - 17);
    l.elbow_flex_deg = 85;
    return l;
}

LimbAngles standingLimb(double weight) {  // weight in [0, 1]: the share this leg carries
    LimbAngles l;
    l.knee_flex_deg = 2 + 10 * (1 - weight);
    l.hip_flex_deg = 3 * (1 - weight);
    l.hip_abduct_deg = 3;
    return l;
}

}  // namespace

HumanPose gaitPose(Gait gait, double phase) {
    phase = wrap(phase);
    HumanPose p;
    const double weight = 0.5 + 0.5 * std::sin(2 * M_PI * phase);
    switch (gait) {
        case Gait::kWalking:
            p.limbs = {walkingLimb(wrap(phase + 0.5)), walkingLimb(phase)};
            p.trunk_lean_deg = 3;
            p.trunk_twist_deg = 6 * std::cos(2 * M_PI * phase);  // shoulders counter the hips
            break;
        case Gait::kRunning:
            p.limbs = {runningLimb(wrap(phase + 0.5)), runningLimb(phase)};
            p.trunk_lean_deg = 10;
            p.trunk_twist_deg = 10 * std::cos(2 * M_PI * phase);
            break;
        case Gait::kTurning:  // mid-step while turning left: trunk and head lead the hips
            p.limbs = {walkingLimb(wrap(phase + 0.5)), walkingLimb(phase)};
            p.limbs[1].hip_abduct_deg = 12;
            p.trunk_lean_deg = 4;
            p.trunk_twist_deg = 25;
            p.head_yaw_deg = 30;
            break;
        case Gait::kCarrying:  // a box held at the waist with both hands
            p.limbs = {standingLimb(weight), standingLimb(1 - weight)};
            for (auto& l : p.limbs) {
                l.shoulder_flex_deg = 25;
                l.shoulder_abduct_deg = 12;
                l.elbow_flex_deg = 80;
            }
            p.trunk_lean_deg = -3;  // leaning back against the load
            break;
        case Gait::kStanding:
            p.limbs = {standingLimb(weight), standingLimb(1 - weight)};
            p.head_yaw_deg = 40 * (phase - 0.5);
            break;
    }
    return p;
}

}  // namespace blindspot

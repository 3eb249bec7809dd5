#pragma once
// Longitudinal motion of a vehicle along its path: arc length s (m), speed v (m/s) and
// acceleration a (m/s^2), stepped in small time steps. Speed, acceleration and jerk stay within
// MotionLimits by construction (every step clamps them); the controller aims at a reference speed
// that is the lowest of the cruise speed, the speed the curves allow ahead, and the speed from
// which the vehicle can still stop, jerk-limited, before the next stop point.
#include <vector>

namespace blindspot {

struct MotionLimits {
    double max_speed_mps = 13.9;  ///< 50 km/h
    double max_accel_mps2 = 2.0;
    double max_decel_mps2 = 3.5;
    double max_jerk_mps3 = 4.0;
    double max_lateral_accel_mps2 = 2.5;  ///< for speed in curves
};

struct LongitudinalState {
    double s_m = 0.0;
    double v_mps = 0.0;
    double a_mps2 = 0.0;
};

/// The highest speed (m/s) from which the vehicle can still stop within `distance_m`, braking with
/// a comfortable share of max_decel and easing the braking off at the end at half the jerk limit,
/// so that it stops without a jolt.
double stoppingSpeed(double distance_m, const MotionLimits& limits);

/// The speed allowed along a path (m/s per sample every `step_m`): the cruise speed, lowered in
/// curves to keep lateral acceleration within its limit when `slow_in_turns`, and lowered before
/// each curve so that braking for it stays comfortable.
std::vector<double> curveSpeedLimits(const std::vector<double>& curvature_per_m, double step_m,
                                     double cruise_mps, bool slow_in_turns,
                                     const MotionLimits& limits);

/// One step of `dt_s`. `reference_mps` is the speed the vehicle should drive at its current place
/// and `reference_slope` its derivative along s (1/s), for feed-forward; `stop_distance_m` is the
/// distance to the next point where it must stand (infinite for none). At a stop closer than
/// 0.1 mm below 1 mm/s the vehicle stands still; it stops within 1 mm of the point.
LongitudinalState stepLongitudinal(const LongitudinalState& state, double reference_mps,
                                   double reference_slope, double stop_distance_m,
                                   const MotionLimits& limits, double dt_s);

}  // namespace blindspot

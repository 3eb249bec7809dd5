#include "drive/Longitudinal.hpp"

#include <algorithm>
#include <cmath>

namespace blindspot {
namespace {

// Comfortable shares of the limits: the reference leaves room for the controller's own lag.
constexpr double kBrakeShare = 0.6;
constexpr double kJerkShare = 0.5;
constexpr double kStopJerkShare = 0.35;  // below kJerkShare: the stop's reference stays trackable
constexpr double kSpeedGainPerS = 4.0;   // proportional gain on the speed error (1/s)

}  // namespace

double stoppingSpeed(double distance_m, const MotionLimits& limits) {
    if (!(distance_m > 0)) return 0.0;
    if (std::isinf(distance_m)) return distance_m;
    const double b = kBrakeShare * limits.max_decel_mps2;
    const double j = kStopJerkShare * limits.max_jerk_mps3;
    // Braking at b, or, near the stop, a braking that fades linearly to zero at jerk j:
    // a(t) = -j t before the stop gives v = j t^2 / 2 and d = j t^3 / 6.
    const double constant = std::sqrt(2 * b * distance_m);
    const double fading = j / 2 * std::pow(6 * distance_m / j, 2.0 / 3.0);
    return std::min(constant, fading);
}

std::vector<double> curveSpeedLimits(const std::vector<double>& curvature_per_m, double step_m,
                                     double cruise_mps, bool slow_in_turns,
                                     const MotionLimits& limits) {
    std::vector<double> v(curvature_per_m.size(), std::min(cruise_mps, limits.max_speed_mps));
    if (slow_in_turns)
        for (std::size_t i = 0; i < v.size(); ++i) {
            const double k = std::fabs(curvature_per_m[i]);
            if (k > 1e-9) v[i] = std::min(v[i], std::sqrt(limits.max_lateral_accel_mps2 / k));
        }
    const double b = kBrakeShare * limits.max_decel_mps2;
    for (std::size_t i = v.size(); i-- > 1;)
        v[i - 1] = std::min(v[i - 1], std::sqrt(v[i] * v[i] + 2 * b * step_m));
    return v;
}

LongitudinalState stepLongitudinal(const LongitudinalState& state, double reference_mps,
                                   double reference_slope, double stop_distance_m,
                                   const MotionLimits& limits, double dt_s) {
    const double jerk_step = limits.max_jerk_mps3 * dt_s;
    if (stop_distance_m < 1e-4 && state.v_mps < 1e-3 && std::fabs(state.a_mps2) <= jerk_step)
        return {state.s_m, 0.0, 0.0};
    double v_ref = std::min(reference_mps, limits.max_speed_mps);
    double slope = reference_slope;
    const double stop_v = stoppingSpeed(stop_distance_m, limits);
    if (stop_v < v_ref) {
        const double h = 1e-3;
        v_ref = stop_v;
        slope = -(stop_v - stoppingSpeed(std::max(0.0, stop_distance_m - h), limits)) / h;
    }
    // A car can brake only as hard as it can still ease off by the time it stands:
    // |a| <= sqrt(2 j v) brings the acceleration to 0 with the speed. Half the jerk limit in j
    // leaves the controller room to catch up with that bound from harder braking.
    const double brake_max = std::min(
        limits.max_decel_mps2, std::sqrt(2 * kJerkShare * limits.max_jerk_mps3 * state.v_mps));
    const double a_wanted = std::clamp(state.v_mps * slope + kSpeedGainPerS * (v_ref - state.v_mps),
                                       -brake_max, limits.max_accel_mps2);
    LongitudinalState next;
    next.a_mps2 = state.a_mps2 + std::clamp(a_wanted - state.a_mps2, -jerk_step, jerk_step);
    next.v_mps = std::clamp(state.v_mps + next.a_mps2 * dt_s, 0.0, limits.max_speed_mps);
    if (next.v_mps == 0.0 && next.a_mps2 < 0.0) next.a_mps2 = 0.0;  // standing: within j dt
    next.s_m = state.s_m + 0.5 * (state.v_mps + next.v_mps) * dt_s;
    return next;
}

}  // namespace blindspot

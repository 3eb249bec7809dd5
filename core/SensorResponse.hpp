#pragma once
// The sensor's own response, part of a LiDAR spec (docs/lidar-spec.md): which beams come back,
// with what intensity and how noisy the range is. The environment (weather, fog) is separate
// (core/LidarEffects). Every draw is seeded per cell, so scans do not depend on the thread count.
//
// Detection. A return of reflectivity rho (ScanGrid::reflectivity: albedo, incidence and specular
// lobe, so glass away from the normal and grazing asphalt are weak) at range R has power
// P = rho / R^2. With P_th = 0.1 / R10^2 (R10: the range of a 10 % Lambertian target) a return is
// kept with probability  p = 1 / (1 + exp(-ln(P / P_th) / w))  (w: threshold_width; w -> 0 is a
// hard threshold), times (1 - drop_probability), times (1 - row_drop[row]).
//
// Intensity (KITTI remission): I = clamp(offset + gain * rho^gamma + sigma_I * N(0, 1), 0, 1).
// Range: R + sigma_R * N(0, 1), re-quantised.
#include <cstdint>
#include <vector>

#include "core/Rng.hpp"

namespace blindspot {

struct ScanGrid;

struct SensorResponse {
    bool enabled = false;
    double range_10pct_m = 50.0;    ///< detection range of a 10 % Lambertian target (m)
    double threshold_width = 0.5;   ///< softness of the threshold, in ln(P / P_th)
    double drop_probability = 0.0;  ///< random loss of any return
    std::vector<double> row_drop;   ///< extra loss per row (0 = top), empty: none
    double range_noise_m = 0.0;     ///< sigma of the range noise
    double intensity_offset = 0.0;
    double intensity_gain = 1.0;
    double intensity_gamma = 1.0;
    double intensity_noise = 0.0;  ///< sigma of the intensity noise
};

/// Probability that a return of reflectivity `rho` at `range_m` is detected (before random and
/// per-row drop). Rises with rho, falls with range.
double detectionProbability(const SensorResponse& response, double rho, double range_m);
/// The remission the sensor reports for reflectivity `rho` (no noise).
double remission(const SensorResponse& response, double rho);

/// Domain randomisation for training data: the response with drop_probability raised by U(0,
/// 0.06), range_10pct_m and intensity_gain scaled by U(0.8, 1.2), intensity_offset moved by
/// U(-0.05, 0.05) and range_noise_m scaled by U(0.5, 2). A disabled response stays disabled.
SensorResponse randomizedResponse(SensorResponse response, Rng& rng);

/// Applies the response to a clean scan in place; a no-op unless enabled.
void applySensorResponse(ScanGrid& scan, const SensorResponse& response, std::uint64_t seed);

}  // namespace blindspot

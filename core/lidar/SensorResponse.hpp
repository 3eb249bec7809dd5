#pragma once
// The sensor's own response, part of a LiDAR spec (docs/lidar-spec.md): which beams come back,
// with what intensity and how noisy the range is. The environment (weather, fog) is separate
// (core/lidar/LidarEffects). Every draw is seeded per cell, so scans do not depend on the thread
// count.
//
// Detection. A return of reflectivity rho (ScanGrid::reflectivity: albedo, incidence and specular
// lobe, so glass away from the normal and grazing asphalt are weak) at range R has power
// P = rho^k / R^2 (k: reflectivity_exponent; 1 is Lambertian). Rough surfaces such as asphalt and
// grass backscatter far more at grazing incidence than Lambert's cos law says, which is why a real
// HDL-64E keeps the road 40 m ahead (real lidar_2d: 94 % of the road cells at -1.8 deg); k < 1
// models that. With P_th = 0.1^k / R10^2 (R10: the range at which a 10 % target head on is kept
// with p = 1/2, whatever k) a return is
// kept with probability  p = 1 / (1 + exp(-ln(P / P_th) / w))  (w: threshold_width; w -> 0 is a
// hard threshold), times (1 - drop_probability), times (1 - row_drop[row]).
//
// Intensity (KITTI remission): I = clamp((offset + gain * rho^gamma + sigma_I * N(0, 1)) * g_row,
// 0, 1) (g_row: row_intensity_gain, each laser's own gain), rounded to intensity_step, and 0 for a
// weak return, one with ln(P / P_th) below weak_return_margin (real KITTI scans report 0 for
// 6 % of the returns within 10 m and for 70 % of those beyond 40 m).
// Range: R + sigma_R * N(0, 1), re-quantised.
//
// Vehicle surfaces. Clear-coated paint and glass mirror most of the pulse away, so a car's
// returns are weak and patchy: in SemanticKITTI 00's labelled front view (<= 30 m) 36 % of the
// cells inside a car's silhouette are empty and 70 % of its returns read remission 0; in drive
// 0001's lidar_2d scans 12-22 % and 31-73 %. Cars cast with the Phong model above give 2 % and
// 0 % (docs/fidelity.md, network 11). A vehicle return (label::kVehicle) is therefore lost with
// vehicle_drop_probability, and a kept one reads 0 with vehicle_weak_share (hdl64e-kitti: 0.35 and
// 0.65, core/lidar/Hdl64eCalibration.cpp, from same-pose re-insertion; 0 elsewhere). A network
// trained on whole, bright cars calls real cars vegetation and real hedges car; one trained on
// patchy ones no longer finds whole cars, so the sweeps' sensor has them too.
#include <cstdint>
#include <limits>
#include <vector>

#include "core/base/Rng.hpp"

namespace blindspot {

struct SensorResponse {
    bool enabled = false;
    double range_10pct_m = 50.0;         ///< range of p = 1/2 for a 10 % target head on (m)
    double reflectivity_exponent = 1.0;  ///< k in P = rho^k / R^2, (0, 1]
    double threshold_width = 0.5;        ///< softness of the threshold, in ln(P / P_th)
    double drop_probability = 0.0;       ///< random loss of any return
    std::vector<double> row_drop;        ///< extra loss per row (0 = top), empty: none
    double range_noise_m = 0.0;          ///< sigma of the range noise
    double intensity_offset = 0.0;
    double intensity_gain = 1.0;
    double intensity_gamma = 1.0;
    double intensity_noise = 0.0;  ///< sigma of the intensity noise
    /// Returns with ln(P / P_th) below this report intensity 0; -infinity: none.
    double weak_return_margin = -std::numeric_limits<double>::infinity();
    std::vector<double> row_intensity_gain;  ///< remission scale per row (0 = top), empty: 1
    double intensity_step = 0.0;             ///< quantum of the reported remission, 0: none
    double vehicle_drop_probability = 0.0;   ///< extra loss of a vehicle surface's returns
    double vehicle_weak_share = 0.0;         ///< share of vehicle returns that read remission 0
    /// Each vehicle instance scales both shares by its own U(1 - spread, 1 + spread), in [0, 1]:
    /// real cars differ within one scan (drive 0001 frame 10's van reads 0 in 18 % of its
    /// returns and is nearly whole; frame 30's cars in 73 %), so a network must not take
    /// "patchy" for "car". 0: every car of a scan alike.
    double vehicle_instance_spread = 0.0;
};

/// Domain randomisation for training data: the response with drop_probability raised by U(0,
/// 0.03), range_10pct_m scaled by U(0.8, 1.2), intensity_gain by U(0.6, 1.5) and intensity_gamma
/// by U(0.75, 1.4), intensity_offset moved by U(-0.05, 0.05), range_noise_m scaled by U(0.5, 2),
/// and each of the `rows` lasers' gain scaled by exp(0.2 N(0, 1)) and, for one laser in 12, by
/// U(0.1, 0.4) (a dim laser, as KITTI's rows 36 and 51), vehicle_drop_probability drawn from
/// U(0, 2 p) and vehicle_weak_share from U(0.4 s, 1.9 s) around the nominal p and s (clamped to
/// 1; U(0, 0.4) and U(0.2, 0.95) for hdl64e-kitti, the span of the real drives above);
/// vehicle_instance_spread is kept as the spec sets it. A disabled response stays disabled.
SensorResponse randomizedResponse(SensorResponse response, int rows, Rng& rng);

}  // namespace blindspot

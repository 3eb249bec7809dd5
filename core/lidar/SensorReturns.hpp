#pragma once
// The sensor response (core/lidar/SensorResponse.hpp) applied: whether one return is detected and
// the remission it reports, and the pass over a whole clean scan: which returns come back, with
// what remission and range noise. Every draw is seeded per cell, so a scan does not depend on the
// thread count.
#include <cstdint>
#include <optional>

#include "core/lidar/SensorResponse.hpp"

namespace blindspot {

struct ScanGrid;

/// ln(P / P_th) of a return of reflectivity `rho` > 0 at `range_m`: 0 on the threshold.
double detectionMargin(const SensorResponse& response, double rho, double range_m);

/// Probability that a return of reflectivity `rho` at `range_m` is detected (before random and
/// per-row drop). Rises with rho, falls with range.
double detectionProbability(const SensorResponse& response, double rho, double range_m);
/// The remission the sensor reports for reflectivity `rho` (no noise).
double remission(const SensorResponse& response, double rho);

/// One return as the ray-caster finds it, before the response.
struct CleanReturn {
    int row = 0;                ///< the laser (per-row drop and gain)
    double reflectivity = 0.0;  ///< ScanGrid::reflectivity
    double range_m = 0.0;
    std::uint16_t label = 0;     ///< palette id (vehicles have their own loss)
    std::uint16_t instance = 0;  ///< a vehicle's own shares are drawn per instance
};
/// What the sensor reports of it.
struct SensedReturn {
    double range_m = 0.0;  ///< with the range noise (not re-quantised)
    float remission = 0.0f;
};
/// One return through the response, with the draws of key `key` under `seed` (applySensorResponse
/// uses the cell index): nothing when it is lost. A disabled response keeps it as it is.
std::optional<SensedReturn> senseReturn(const SensorResponse& response, const CleanReturn& clean,
                                        std::uint64_t seed, std::uint64_t key);

/// Applies the response to a clean scan in place; a no-op unless enabled.
void applySensorResponse(ScanGrid& scan, const SensorResponse& response, std::uint64_t seed);

}  // namespace blindspot

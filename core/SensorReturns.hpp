#pragma once
// The sensor response (core/SensorResponse.hpp) applied: whether one return is detected and the
// remission it reports, and the pass over a whole clean scan: which returns come back, with what
// remission and range noise. Every draw is seeded per cell, so a scan does not
// depend on the thread count.
#include <cstdint>

#include "core/SensorResponse.hpp"

namespace blindspot {

struct ScanGrid;

/// ln(P / P_th) of a return of reflectivity `rho` > 0 at `range_m`: 0 on the threshold.
double detectionMargin(const SensorResponse& response, double rho, double range_m);

/// Probability that a return of reflectivity `rho` at `range_m` is detected (before random and
/// per-row drop). Rises with rho, falls with range.
double detectionProbability(const SensorResponse& response, double rho, double range_m);
/// The remission the sensor reports for reflectivity `rho` (no noise).
double remission(const SensorResponse& response, double rho);

/// Applies the response to a clean scan in place; a no-op unless enabled.
void applySensorResponse(ScanGrid& scan, const SensorResponse& response, std::uint64_t seed);

}  // namespace blindspot

#include "core/lidar/SensorReturns.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "core/geometry/Material.hpp"
#include "core/lidar/ScanCells.hpp"
#include "core/lidar/ScanGrid.hpp"

namespace blindspot {
namespace {

// The cell stream of the response (LidarEffects uses 1..4), and the stream of a vehicle
// instance's own shares (keyed by its instance id instead of a cell).
constexpr std::uint64_t kResponseStream = 11;
constexpr std::uint64_t kVehicleInstanceStream = 12;

// The remission as the sensor stores it: clamped to [0, 1] and rounded to its step (inverse given:
// a division per cell was a tenth of the response's time).
double reported(const SensorResponse& r, double inverse_step, double intensity) {
    const double clamped = std::clamp(intensity, 0.0, 1.0);
    return r.intensity_step > 0.0
               ? double(std::int64_t(clamped * inverse_step + 0.5)) * r.intensity_step
               : clamped;
}

// Single-precision logarithm and exponential: a scan's ranges and reflectivities are floats, and
// glibc's float functions cost half the double ones (the response was most of an hdl64e-kitti
// scan's cost).
double logSingle(double x) { return double(std::log(float(x))); }
double expSingle(double x) { return double(std::exp(float(x))); }

// ln(P / P_th) = k ln(rho) + c - 2 ln(R), with c = 2 ln(R10) - k ln(0.1) computed once per scan.
double marginConstant(const SensorResponse& r) {
    return 2.0 * std::log(r.range_10pct_m) - r.reflectivity_exponent * std::log(0.1);
}
double margin(const SensorResponse& r, double margin_constant, double log_rho, double range_m) {
    return r.reflectivity_exponent * log_rho + margin_constant - 2.0 * logSingle(range_m);
}

// exp(-margin / w); for a hard threshold, infinity below it and 0 above it.
double missOdds(const SensorResponse& r, double inverse_width, double margin) {
    if (r.threshold_width <= 0.0)
        return margin >= 0.0 ? 0.0 : std::numeric_limits<double>::infinity();
    return expSingle(-margin * inverse_width);
}

// A draw that keeps the return with probability keep / (1 + missOdds), compared without dividing.
// Most returns are strong (margin / w > 4.7, so missOdds < 0.0091) and their draw u < keep / 1.01
// keeps them whatever missOdds is: the same decision without the exponential.
bool kept(const SensorResponse& r, double inverse_width, double margin, double keep, Rng& rng) {
    const double u = rng.uniform(0.0, 1.0);
    if (r.threshold_width > 0.0 && margin * inverse_width > 4.7 && u * 1.01 < keep) return true;
    return u * (1.0 + missOdds(r, inverse_width, margin)) < keep;
}

// offset + gain * rho^gamma from ln(rho), which the margin needs anyway (a power costs two logs).
double remissionFromLog(const SensorResponse& r, double log_rho) {
    return std::clamp(
        r.intensity_offset + r.intensity_gain * expSingle(r.intensity_gamma * log_rho), 0.0, 1.0);
}

// Clear-coated paint and glass (core/lidar/SensorResponse.hpp): whether a vehicle return is lost,
// and else whether it reads 0. Draws only where the response asks, so other scans keep their bits.
struct VehicleShares {
    double drop = 0.0, weak = 0.0;
};
bool vehicleReturnLost(const VehicleShares& s, Rng& rng) {
    return s.drop > 0.0 && rng.chance(s.drop);
}
bool vehicleReturnWeak(const VehicleShares& s, Rng& rng) {
    return s.weak > 0.0 && rng.chance(s.weak);
}

// The shares of one vehicle instance: the scan's, each scaled by the instance's own factor,
// drawn from the scan's seed and the instance id, so every return of a car agrees.
VehicleShares vehicleShares(const SensorResponse& r, std::uint64_t seed, std::uint16_t instance) {
    VehicleShares s{r.vehicle_drop_probability, r.vehicle_weak_share};
    if (!(r.vehicle_instance_spread > 0.0)) return s;
    Rng rng = cellRng(seed, instance, kVehicleInstanceStream);
    const double lo = 1.0 - r.vehicle_instance_spread, hi = 1.0 + r.vehicle_instance_spread;
    s.drop = std::min(1.0, s.drop * rng.uniform(lo, hi));
    s.weak = std::min(1.0, s.weak * rng.uniform(lo, hi));
    return s;
}

double rowValue(const std::vector<double>& per_row, int row, double fallback) {
    return std::size_t(row) < per_row.size() ? per_row[std::size_t(row)] : fallback;
}

}  // namespace

double detectionMargin(const SensorResponse& r, double rho, double range_m) {
    return margin(r, marginConstant(r), logSingle(rho), range_m);
}

double detectionProbability(const SensorResponse& r, double rho, double range_m) {
    return rho > 0.0
               ? 1.0 /
                     (1.0 + missOdds(r, 1.0 / r.threshold_width, detectionMargin(r, rho, range_m)))
               : 0.0;
}

double remission(const SensorResponse& r, double rho) {
    return rho > 0.0 ? remissionFromLog(r, logSingle(rho))
                     : std::clamp(r.intensity_offset, 0.0, 1.0);
}

namespace {

// What the per-return draw needs from the response, computed once per scan (a division or a log
// per cell was a tenth of the response's time).
struct ResponseConstants {
    double margin_constant, inverse_width, inverse_step;
    explicit ResponseConstants(const SensorResponse& r)
        : margin_constant(marginConstant(r)),
          inverse_width(1.0 / r.threshold_width),
          inverse_step(1.0 / r.intensity_step) {}
};

std::optional<SensedReturn> sense(const SensorResponse& r, const ResponseConstants& k,
                                  const CleanReturn& clean, std::uint64_t seed, std::uint64_t key) {
    const double rho = clean.reflectivity, range = clean.range_m;
    if (!(rho > 0.0)) return std::nullopt;
    const double row_keep =
        (1.0 - r.drop_probability) * (1.0 - rowValue(r.row_drop, clean.row, 0.0));
    Rng rng = cellRng(seed, key, kResponseStream);
    const double log_rho = logSingle(rho);
    const double m = margin(r, k.margin_constant, log_rho, range);
    if (!kept(r, k.inverse_width, m, row_keep, rng)) return std::nullopt;
    SensedReturn out{range, 0.0f};
    if (r.range_noise_m > 0.0) out.range_m = std::max(0.5, range + r.range_noise_m * gaussian(rng));
    const double noise = r.intensity_noise > 0.0 ? r.intensity_noise * gaussian(rng) : 0.0;
    bool weak = m < r.weak_return_margin;
    if (clean.label == label::kVehicle) {
        const VehicleShares v = vehicleShares(r, seed, clean.instance);
        if (vehicleReturnLost(v, rng)) return std::nullopt;
        weak = vehicleReturnWeak(v, rng) || weak;
    }
    const double row_gain = rowValue(r.row_intensity_gain, clean.row, 1.0);
    out.remission =
        weak
            ? 0.0f
            : float(reported(r, k.inverse_step, (remissionFromLog(r, log_rho) + noise) * row_gain));
    return out;
}

}  // namespace

std::optional<SensedReturn> senseReturn(const SensorResponse& response, const CleanReturn& clean,
                                        std::uint64_t seed, std::uint64_t key) {
    if (!response.enabled) return SensedReturn{clean.range_m, float(clean.reflectivity)};
    return sense(response, ResponseConstants(response), clean, seed, key);
}

void applySensorResponse(ScanGrid& scan, const SensorResponse& r, std::uint64_t seed) {
    if (!r.enabled) return;
    const ResponseConstants constants(r);
    for (int row = 0; row < scan.rows(); ++row) {
        for (int col = 0; col < scan.cols(); ++col) {
            const std::size_t i = scan.index(row, col);
            if (!scan.valid(i)) continue;
            const auto sensed =
                sense(r, constants,
                      {row, scan.reflectivity[i], scan.range_m[i], scan.label[i], scan.instance[i]},
                      seed, i);
            if (!sensed) {
                clearCell(scan, i);
                continue;
            }
            if (r.range_noise_m > 0.0) rescaleRange(scan, i, sensed->range_m);
            scan.reflectivity[i] = sensed->remission;
        }
    }
}

}  // namespace blindspot

#include "core/SensorResponse.hpp"

#include <algorithm>
#include <cmath>

#include "core/ScanCells.hpp"
#include "core/ScanGrid.hpp"

namespace blindspot {
namespace {

// Cell streams of the response (LidarEffects uses 1..4).
constexpr std::uint64_t kDetectStream = 11, kRangeStream = 12, kIntensityStream = 13;

// The remission as the sensor stores it: clamped to [0, 1] and rounded to its step.
double reported(const SensorResponse& r, double intensity) {
    const double clamped = std::clamp(intensity, 0.0, 1.0);
    return r.intensity_step > 0.0 ? std::round(clamped / r.intensity_step) * r.intensity_step
                                  : clamped;
}

}  // namespace

double detectionMargin(const SensorResponse& r, double rho, double range_m) {
    // ln(P / P_th) with P = rho^k / R^2 and P_th = 0.1^k / R10^2.
    return r.reflectivity_exponent * std::log(rho / 0.1) +
           2.0 * std::log(r.range_10pct_m / range_m);
}

double detectionProbability(const SensorResponse& r, double rho, double range_m) {
    if (rho <= 0.0) return 0.0;
    const double margin = detectionMargin(r, rho, range_m);
    if (r.threshold_width <= 0.0) return margin >= 0.0 ? 1.0 : 0.0;
    return 1.0 / (1.0 + std::exp(-margin / r.threshold_width));
}

double remission(const SensorResponse& r, double rho) {
    return std::clamp(
        r.intensity_offset + r.intensity_gain * std::pow(std::max(rho, 0.0), r.intensity_gamma),
        0.0, 1.0);
}

SensorResponse randomizedResponse(SensorResponse r, int rows, Rng& rng) {
    if (!r.enabled) return r;
    r.row_intensity_gain.resize(std::size_t(rows), 1.0);
    for (double& g : r.row_intensity_gain) {
        g *= std::exp(0.2 * gaussian(rng));
        if (rng.chance(1.0 / 12.0)) g *= rng.uniform(0.1, 0.4);
    }
    r.drop_probability = std::min(1.0, r.drop_probability + rng.uniform(0.0, 0.03));
    r.range_10pct_m *= rng.uniform(0.8, 1.2);
    r.intensity_gain *= rng.uniform(0.8, 1.2);
    r.intensity_offset += rng.uniform(-0.05, 0.05);
    r.range_noise_m *= rng.uniform(0.5, 2.0);
    return r;
}

void applySensorResponse(ScanGrid& scan, const SensorResponse& r, std::uint64_t seed) {
    if (!r.enabled) return;
    for (int row = 0; row < scan.rows(); ++row) {
        const double row_drop =
            std::size_t(row) < r.row_drop.size() ? r.row_drop[std::size_t(row)] : 0.0;
        const double row_gain = std::size_t(row) < r.row_intensity_gain.size()
                                    ? r.row_intensity_gain[std::size_t(row)]
                                    : 1.0;
        for (int col = 0; col < scan.cols(); ++col) {
            const std::size_t i = scan.index(row, col);
            if (!scan.valid(i)) continue;
            const double rho = scan.reflectivity[i], range = scan.range_m[i];
            const double keep =
                detectionProbability(r, rho, range) * (1.0 - r.drop_probability) * (1.0 - row_drop);
            if (!cellRng(seed, i, kDetectStream).chance(keep)) {
                clearCell(scan, i);
                continue;
            }
            if (r.range_noise_m > 0.0) {
                Rng rng = cellRng(seed, i, kRangeStream);
                writeRange(scan, i, row, col,
                           std::max(0.5, range + r.range_noise_m * gaussian(rng)));
            }
            Rng rng = cellRng(seed, i, kIntensityStream);
            const double noise = r.intensity_noise > 0.0 ? r.intensity_noise * gaussian(rng) : 0.0;
            const bool weak = detectionMargin(r, rho, range) < r.weak_return_margin;
            scan.reflectivity[i] =
                weak ? 0.0f : float(reported(r, (remission(r, rho) + noise) * row_gain));
        }
    }
}

}  // namespace blindspot

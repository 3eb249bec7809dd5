#include "core/lidar/LidarEffects.hpp"

#include <algorithm>
#include <cmath>

#include "core/base/Error.hpp"
#include "core/base/Hash.hpp"
#include "core/base/Rng.hpp"
#include "core/geometry/Material.hpp"
#include "core/lidar/ScanCells.hpp"

namespace blindspot {
namespace {

constexpr double kPi = 3.14159265358979323846;
// Returns closer than this are not reported (HDL-64E: about 0.9 m); weather returns start here.
constexpr double kMinRangeM = 1.0;
// Range depth of one pulse, c * tau / 2 for a 5 ns pulse: the fog volume seen as one soft target.
constexpr double kPulseDepthM = 0.75;
// Soft-target returns sit within this distance beyond kMinRangeM (Hahner et al.: the response of
// fog peaks within the first metres).
constexpr double kSoftTargetSpreadM = 10.0;
// Particle sizes are drawn up to the quantile 1 - kSizeTail; larger ones are negligible.
constexpr double kSizeTail = 1e-6;

// Poisson draw by inversion (the means here are small).
int poisson(Rng& rng, double mean) {
    const double limit = std::exp(-mean);
    double p = rng.uniform(0.0, 1.0);
    int k = 0;
    while (p > limit && k < 10000) {
        p *= rng.uniform(0.0, 1.0);
        ++k;
    }
    return k;
}

struct Return {
    double range_m = 0.0;
    double power = 0.0;  // 0: none
    double reflectance = 0.0;
    bool weather = false;
};

double power(double rho, double alpha, double r) {
    return rho * std::exp(-2.0 * alpha * r) / (r * r);
}

// The strongest fog soft target in front of `limit_m`, or none.
Return fogReturn(double alpha, double threshold, double limit_m, Rng rng) {
    const double mor = std::log(20.0) / alpha;
    const double beta = 0.046 / mor;  // backscatter coefficient [1/(m sr)]
    const double rho = kPi * beta * kPulseDepthM;
    const double r =
        kMinRangeM + rng.uniform(0.0, std::min(kSoftTargetSpreadM, 1.0 / (2.0 * alpha)));
    if (r >= limit_m) return {};
    const double p = power(rho, alpha, r);
    return p >= threshold ? Return{r, p, rho, true} : Return{};
}

// The strongest detectable rain or snow particle in the beam in front of `limit_m`, or none.
Return particleReturn(const DropSizeDistribution& dsd, double alpha, double threshold,
                      double divergence_rad, double limit_m, Rng rng) {
    // Beyond r_cap not even the largest drawn particle is detectable.
    const double d_max_m = -std::log(kSizeTail) / dsd.lambda_per_mm * 1e-3;
    const double r_cap =
        std::min(limit_m, std::pow(dsd.reflectance * d_max_m * d_max_m /
                                       (divergence_rad * divergence_rad * threshold),
                                   0.25));
    if (r_cap <= kMinRangeM) return {};
    const double r0 = kMinRangeM * kMinRangeM * kMinRangeM, r1 = r_cap * r_cap * r_cap;
    const double half = divergence_rad / 2.0;
    const double mean = dsd.totalPerM3() * kPi * half * half * (r1 - r0) / 3.0;
    Return best;
    for (int k = poisson(rng, mean); k > 0; --k) {
        const double r = std::cbrt(r0 + rng.uniform(0.0, 1.0) * (r1 - r0));
        const double d_m = -std::log(1.0 - rng.uniform(0.0, 1.0)) / dsd.lambda_per_mm * 1e-3;
        const double cover =
            std::min(1.0, (d_m / (divergence_rad * r)) * (d_m / (divergence_rad * r)));
        const double rho = dsd.reflectance * cover;
        const double p = power(rho, alpha, r);
        if (p >= threshold && p > best.power) best = {r, p, rho, true};
    }
    return best;
}

}  // namespace

Weather parseWeather(const std::string& text, const ErrorSource& source) {
    if (text == "clear") return {};
    const auto colon = text.find(':');
    const std::string type = text.substr(0, colon);
    Weather w;
    if (type == "fog")
        w.type = Weather::Type::Fog;
    else if (type == "rain")
        w.type = Weather::Type::Rain;
    else if (type == "snow")
        w.type = Weather::Type::Snow;
    char* end = nullptr;
    const char* start = colon == std::string::npos ? nullptr : text.c_str() + colon + 1;
    if (start) w.severity = std::strtod(start, &end);
    if (w.type == Weather::Type::Clear || !start || end == start || *end != '\0' ||
        !(w.severity >= 0.0))
        throw ConfigError(source,
                          "expected clear, fog:ALPHA_PER_M, rain:MM_PER_H or "
                          "snow:MM_PER_H with a value >= 0, got \"" +
                              text + "\"");
    return w;
}

DropSizeDistribution dropSizes(const Weather& w) {
    if (w.severity <= 0.0) return {};
    if (w.type == Weather::Type::Rain)  // Marshall-Palmer 1948; water: Fresnel reflectance 0.02
        return {8000.0, 4.1 * std::pow(w.severity, -0.21), 0.02};
    if (w.type == Weather::Type::Snow)  // Gunn-Marshall 1958; ice crystals scatter more
        return {3800.0 * std::pow(w.severity, -0.87), 2.55 * std::pow(w.severity, -0.48), 0.3};
    return {};
}

double extinctionPerM(const Weather& w) {
    if (w.type == Weather::Type::Fog) return w.severity;
    const DropSizeDistribution d = dropSizes(w);
    if (d.lambda_per_mm <= 0.0) return 0.0;
    // (pi / 2) * int D^2 n0 exp(-lambda D) dD = pi * n0 / lambda^3 [mm^2 / m^3] -> 1e-6 m^2 / m^3.
    return kPi * d.n0_per_m3_mm / (d.lambda_per_mm * d.lambda_per_mm * d.lambda_per_mm) * 1e-6;
}

double detectionThreshold(const LidarEffects& e) {
    return 0.1 / (e.range_10pct_m * e.range_10pct_m);
}

void applyLidarEffects(ScanGrid& scan, const Weather& weather, const LidarEffects& e,
                       std::uint64_t seed) {
    if (e.paper_mode) return;
    const double alpha = extinctionPerM(weather);
    const double threshold = detectionThreshold(e);
    const DropSizeDistribution dsd = dropSizes(weather);
    const bool fog = weather.type == Weather::Type::Fog && alpha > 0.0 && e.fog_backscatter;
    const bool particles = dsd.lambda_per_mm > 0.0 && e.precipitation_returns;
    std::vector<bool> missing(std::size_t(scan.rows()), false);
    for (int r : e.missing_beams)
        if (r >= 0 && r < scan.rows()) missing[std::size_t(r)] = true;
    for (int row = 0; row < scan.rows(); ++row)
        for (int col = 0; col < scan.cols(); ++col) {
            const std::size_t i = scan.index(row, col);
            if (missing[std::size_t(row)]) {
                clearCell(scan, i);
                continue;
            }
            Return best;
            const double hard_range =
                scan.valid(i) ? double(scan.range_m[i]) : scan.spec.max_range_m;
            if (scan.valid(i)) {
                const double p = power(scan.reflectivity[i], alpha, hard_range);
                if (p >= threshold) best = {hard_range, p, scan.reflectivity[i], false};
            }
            if (fog) {
                const Return soft = fogReturn(alpha, threshold, hard_range, cellRng(seed, i, 1));
                if (soft.power > best.power) best = soft;
            }
            if (particles) {
                const Return drop = particleReturn(dsd, alpha, threshold, e.beam_divergence_rad,
                                                   hard_range, cellRng(seed, i, 2));
                if (drop.power > best.power) best = drop;
            }
            if (best.power > 0.0 && e.dropout > 0.0 && cellRng(seed, i, 3).chance(e.dropout))
                best = {};
            if (best.power <= 0.0) {
                clearCell(scan, i);
                continue;
            }
            if (best.weather) {
                scan.label[i] = label::kWeather;
                scan.instance[i] = 0;
                scan.reflectivity[i] = float(std::min(1.0, best.reflectance));
            }
            double range = best.range_m;
            if (e.range_noise_m > 0.0) {
                Rng rng = cellRng(seed, i, 4);
                range = std::max(kMinRangeM, range + e.range_noise_m * gaussian(rng));
            }
            if (best.weather || e.range_noise_m > 0.0) writeRange(scan, i, row, col, range);
        }
}

}  // namespace blindspot

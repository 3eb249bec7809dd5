#pragma once
// What the environment does to a LiDAR scan, applied to the clean ray-cast scan (docs/weather.md
// has every formula with its source). All effects are seeded and deterministic: cell i draws
// from a generator seeded by (seed, i) only, so the result does not depend on threads.
//
// Received power of a return at range R (LISA, Kilic et al. 2021):
//     P = rho * exp(-2 * alpha * R) / R^2
// with rho the surface's reflectivity for the beam (ScanGrid::reflectivity: albedo, incidence and
// specular lobe) and alpha the extinction coefficient of the air (fog plus rain or snow). A
// return is detected when P >= P_th, with P_th = 0.1 / R10^2 from the sensor's range for a 10 %
// Lambertian target (HDL-64E: 50 m). So paint matters: a black car (albedo 0.05) disappears
// beyond 35 m, a white one (0.80) is seen to 140 m.
//
// paper_mode turns every effect off: colour, weather and time of day then change the camera image
// only, exactly as in Yue et al.
#include <cstdint>
#include <string>
#include <vector>

#include "core/base/Error.hpp"
#include "core/lidar/ScanGrid.hpp"

namespace blindspot {

struct Weather {
    enum class Type { Clear, Fog, Rain, Snow };
    Type type = Type::Clear;
    /// Fog: extinction coefficient alpha [1/m] (Hahner et al.: 0.005 light .. 0.06 dense;
    /// visibility MOR = ln(20) / alpha). Rain and snow: precipitation rate [mm/h] (snow as
    /// melted water).
    double severity = 0.0;
};
/// "clear", "fog:0.03", "rain:10", "snow:2". Throws ConfigError naming `where`.
Weather parseWeather(const std::string& text,
                     const ErrorSource& source = ErrorSource::value("/weather"));

struct LidarEffects {
    bool paper_mode = true;             ///< every effect off
    double range_10pct_m = 50.0;        ///< detection range of a 10 % Lambertian target (sets P_th)
    bool fog_backscatter = true;        ///< soft-target returns in fog (Hahner et al. 2021)
    bool precipitation_returns = true;  ///< rain/snow particle returns (LISA)
    double beam_divergence_rad = 0.003;  ///< full angle (LISA default 3 mrad)
    double range_noise_m = 0.0;          ///< Gaussian sigma added to every range
    double dropout = 0.0;                ///< probability that any return is lost
    std::vector<int> missing_beams;      ///< rows (0 = top beam) that return nothing
};

/// Extinction coefficient [1/m] of the weather: alpha itself for fog; for rain and snow the
/// geometric-optics extinction of the drop size distribution, alpha = (pi / 2) * int D^2 N(D) dD
/// (extinction efficiency 2), Marshall-Palmer for rain, Gunn-Marshall for snow.
double extinctionPerM(const Weather& weather);

/// Particles of rain or snow: exponential size distribution N(D) = n0 * exp(-lambda * D), D in mm.
struct DropSizeDistribution {
    double n0_per_m3_mm = 0.0;
    double lambda_per_mm = 0.0;
    double reflectance = 0.0;  ///< backscatter reflectance of one particle
    double totalPerM3() const { return lambda_per_mm > 0 ? n0_per_m3_mm / lambda_per_mm : 0.0; }
};
/// Marshall-Palmer (rain) or Gunn-Marshall (snow) at the weather's rate; zero for clear and fog.
DropSizeDistribution dropSizes(const Weather& weather);

/// Detection threshold P_th of the received power (units of 1/m^2).
double detectionThreshold(const LidarEffects& effects);

/// Applies the effects to a clean scan in place: attenuation and the detection threshold, fog
/// soft targets and rain/snow particle returns (label::kWeather, instance 0), range noise and
/// dropout. Returns replaced by a weather return keep their cell; ranges are re-quantised and xyz
/// follow the range along the beam. No-op in paper mode.
void applyLidarEffects(ScanGrid& scan, const Weather& weather, const LidarEffects& effects,
                       std::uint64_t seed);

}  // namespace blindspot

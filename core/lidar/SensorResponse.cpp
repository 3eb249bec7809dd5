#include "core/lidar/SensorResponse.hpp"

#include <algorithm>
#include <cmath>

namespace blindspot {

SensorResponse randomizedResponse(SensorResponse r, int rows, Rng& rng) {
    if (!r.enabled) return r;
    r.row_intensity_gain.resize(std::size_t(rows), 1.0);
    for (double& g : r.row_intensity_gain) {
        g *= std::exp(0.2 * gaussian(rng));
        if (rng.chance(1.0 / 12.0)) g *= rng.uniform(0.1, 0.4);
    }
    r.drop_probability = std::min(1.0, r.drop_probability + rng.uniform(0.0, 0.03));
    r.range_10pct_m *= rng.uniform(0.8, 1.2);
    // Wide on purpose: remission is each sensor's own calibration (KITTI's car points read a
    // median of 0.10 in drive 0001 and 0 in SemanticKITTI 00, facts.md), so a network must not
    // learn one drive's absolute levels. The exponent changes the contrast between materials.
    r.intensity_gain *= rng.uniform(0.6, 1.5);
    r.intensity_gamma *= rng.uniform(0.75, 1.4);
    r.intensity_offset += rng.uniform(-0.05, 0.05);
    r.range_noise_m *= rng.uniform(0.5, 2.0);
    // Drawn last, so that the draws above are the ones earlier datasets used. For hdl64e-kitti
    // (0.2, 0.5) these are U(0, 0.4) and U(0.2, 0.95): the span of the real drives.
    r.vehicle_drop_probability = std::min(1.0, rng.uniform(0.0, 2.0 * r.vehicle_drop_probability));
    r.vehicle_weak_share =
        std::min(1.0, rng.uniform(0.4 * r.vehicle_weak_share, 1.9 * r.vehicle_weak_share));
    return r;
}

}  // namespace blindspot

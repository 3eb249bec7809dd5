#pragma once
// Traffic: extra cars on free spots of a background's road, for sweeps with count > 1 and for
// generated training scenes. Positions are in the ego frame (ISO 8855, m; yaw in degrees, CCW).
#include <vector>

#include "core/base/Rng.hpp"
#include "core/scenario/Scenario.hpp"
#include "scenes/Background.hpp"
#include "scenes/CarModel.hpp"

namespace blindspot {

/// Each car: x uniform in [x_min_m, x_max_m] (or, with `x_uniform_in_area`, with density rising
/// in proportion to x, so cars fall uniformly over the road's area as seen from the sensor rather
/// than crowding its first metres, whose points would dominate a training set), y inside the first
/// drivable rectangle (1.2 m from its edges), both at least 3.5 m inside the background's extent,
/// heading with the traffic on its side (yaw 0 for y < 0, 180 otherwise) plus a uniform jitter, or
/// a uniformly random heading with `random_yaw_probability`; a random model and colour. Retried up
/// to `attempts` times until it overlaps nothing (the ego vehicle, cars already in the sample with
/// a 0.3 m margin, the background's obstacles); skipped if no spot was found.
struct TrafficPolicy {
    double x_min_m = 4.0;
    double x_max_m = 40.0;
    double yaw_jitter_deg = 10.0;
    double random_yaw_probability = 0.0;
    int attempts = 100;
    bool x_uniform_in_area = false;
};

/// Adds up to `count` cars to `sample`; returns how many found a spot.
int addTrafficCars(Scenario& sample, int count, const Background& background,
                   const std::vector<CarModelSpec>& models, Rng& rng,
                   const TrafficPolicy& policy = {});

/// Adds up to `count` people to `sample` as placed targets (ScenarioCar with target_type
/// "pedestrian", or "cyclist" one time in three): x as the policy places cars, y anywhere on the
/// first drivable rectangle or up to 3 m beyond its edges (crossing the road, at the kerb, on the
/// sidewalk), pedestrians at any heading, cyclists with the traffic on their side. The background's
/// own street life stands on its sidewalks only, and too seldom for a network to learn people from
/// (network 11 found 4 % of the validation scans' pedestrians and none crossing the road).
/// Retried like cars; returns how many found a spot.
int addTrafficPeople(Scenario& sample, int count, const Background& background,
                     const std::vector<CarModelSpec>& models, Rng& rng,
                     const TrafficPolicy& policy = {});

}  // namespace blindspot

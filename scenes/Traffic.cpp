#include "scenes/Traffic.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <utility>

#include "core/base/Error.hpp"
#include "core/geometry/Mounting.hpp"

namespace blindspot {

namespace {

const CarModelSpec& modelNamed(const std::vector<CarModelSpec>& models, const std::string& name) {
    for (const auto& m : models)
        if (m.name == name) return m;
    throw ConfigError(ErrorSource::value(""), "unknown car model \"" + name + "\"");
}

Footprint footprintOf(const ScenarioCar& c, const CarModelSpec& m) {
    return Footprint{
        {c.x_m, c.y_m}, {m.length_m / 2 + 0.3, m.width_m / 2 + 0.3}, c.yaw_deg * M_PI / 180, "car"};
}

// A person's footprint with the same 0.3 m margin: a walker 0.6 m across, a bicycle 1.8 x 0.7 m.
Footprint footprintOfPerson(const ScenarioCar& c) {
    const Eigen::Vector2d half = c.target_type == "cyclist" ? Eigen::Vector2d(1.2, 0.65)
                                                            : Eigen::Vector2d(0.6, 0.6);
    return Footprint{{c.x_m, c.y_m}, half, c.yaw_deg * M_PI / 180, c.target_type};
}

// What the sample already holds, the ego vehicle first. A placed person counts with its model's
// footprint (a sedan's by default): a sweep's traffic keeps that clear of its target, as it did
// before people were traffic too; `people_as_people` gives their own.
std::vector<Footprint> takenFootprints(const Scenario& sample,
                                       const std::vector<CarModelSpec>& models,
                                       bool people_as_people) {
    const EgoVehicle ego;
    std::vector<Footprint> taken = {{{0, 0}, {ego.length_m / 2, ego.width_m / 2}, 0, "ego"}};
    for (const auto& c : sample.cars)
        taken.push_back(people_as_people && c.target_type != "car"
                            ? footprintOfPerson(c)
                            : footprintOf(c, modelNamed(models, c.model)));
    return taken;
}

bool isFree(const Footprint& f, const std::vector<Footprint>& taken, const Background& bg) {
    for (const auto& t : taken)
        if (overlaps(f, t)) return false;
    for (const auto& o : bg.obstacles)
        if (overlaps(f, o)) return false;
    return true;
}

// Up to `count` draws, each retried up to `attempts` times until its footprint overlaps nothing
// already taken and none of the background's obstacles; returns how many were placed.
int placeEach(Scenario& sample, int count, int attempts, const Background& bg,
              std::vector<Footprint> taken,
              const std::function<std::pair<ScenarioCar, Footprint>()>& draw) {
    int added = 0;
    for (int k = 0; k < count; ++k)
        for (int attempt = 0; attempt < attempts; ++attempt) {
            const auto [c, f] = draw();
            if (!isFree(f, taken, bg)) continue;
            taken.push_back(f);
            sample.cars.push_back(c);
            ++added;
            break;
        }
    return added;
}

// x ahead of the ego as the policy asks, within [x_lo, x_hi].
double trafficX(const TrafficPolicy& policy, double x_lo, double x_hi, Rng& rng) {
    return policy.x_uniform_in_area && x_lo > 0.0 ? std::sqrt(rng.uniform(x_lo * x_lo, x_hi * x_hi))
                                                  : rng.uniform(x_lo, x_hi);
}

}  // namespace

int addTrafficCars(Scenario& sample, int count, const Background& bg,
                   const std::vector<CarModelSpec>& models, Rng& rng, const TrafficPolicy& policy) {
    // Centres stay 3.5 m inside the generated area, so that even a car across the road keeps its
    // wheels on the ground (the parking lot's asphalt reaches the area's edge).
    const Rect road = bg.drivable.front();
    const double y_lo = std::max(road.y_min + 1.2, bg.extent.y_min + 3.5);
    const double y_hi = std::min(road.y_max - 1.2, bg.extent.y_max - 3.5);
    const double x_lo = std::max(policy.x_min_m, bg.extent.x_min + 3.5);
    const double x_hi = std::min(policy.x_max_m, bg.extent.x_max - 3.5);
    const char* const colors[] = {"white", "silver", "grey", "black", "red", "blue"};
    return placeEach(sample, count, policy.attempts, bg, takenFootprints(sample, models, false),
                     [&] {
                         ScenarioCar c;
                         const CarModelSpec& model =
                             models[std::size_t(rng.index(int(models.size())))];
                         c.model = model.name;
                         c.color = colors[rng.index(6)];
                         c.x_m = trafficX(policy, x_lo, x_hi, rng);
                         c.y_m = rng.uniform(y_lo, y_hi);
                         c.yaw_deg = (c.y_m < 0 ? 0.0 : 180.0) +
                                     rng.uniform(-policy.yaw_jitter_deg, policy.yaw_jitter_deg);
                         if (policy.random_yaw_probability > 0 &&
                             rng.chance(policy.random_yaw_probability))
                             c.yaw_deg = rng.uniform(0.0, 360.0);
                         return std::make_pair(c, footprintOf(c, model));
                     });
}

int addTrafficPeople(Scenario& sample, int count, const Background& bg,
                     const std::vector<CarModelSpec>& models, Rng& rng, const TrafficPolicy& policy) {
    const Rect road = bg.drivable.front();
    const double y_lo = std::max(road.y_min - 3.0, bg.extent.y_min + 2.0);
    const double y_hi = std::min(road.y_max + 3.0, bg.extent.y_max - 2.0);
    const double x_lo = std::max(policy.x_min_m, bg.extent.x_min + 2.0);
    const double x_hi = std::min(policy.x_max_m, bg.extent.x_max - 2.0);
    return placeEach(sample, count, policy.attempts, bg, takenFootprints(sample, models, true),
                     [&] {
                         ScenarioCar c;
                         c.target_type = rng.chance(1.0 / 3.0) ? "cyclist" : "pedestrian";
                         c.x_m = trafficX(policy, x_lo, x_hi, rng);
                         c.y_m = rng.uniform(y_lo, y_hi);
                         c.yaw_deg = c.target_type == "cyclist"
                                         ? (c.y_m < 0 ? 0.0 : 180.0) + rng.uniform(-15, 15)
                                         : rng.uniform(0.0, 360.0);
                         return std::make_pair(c, footprintOfPerson(c));
                     });
}

}  // namespace blindspot

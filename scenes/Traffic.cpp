#include "scenes/Traffic.hpp"

#include <algorithm>
#include <cmath>

#include "core/Error.hpp"
#include "core/Mounting.hpp"

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
    const EgoVehicle ego;
    std::vector<Footprint> taken = {{{0, 0}, {ego.length_m / 2, ego.width_m / 2}, 0, "ego"}};
    for (const auto& c : sample.cars) taken.push_back(footprintOf(c, modelNamed(models, c.model)));
    const char* const colors[] = {"white", "silver", "grey", "black", "red", "blue"};
    int added = 0;
    for (int k = 0; k < count; ++k) {
        for (int attempt = 0; attempt < policy.attempts; ++attempt) {
            ScenarioCar c;
            const CarModelSpec& model = models[std::size_t(rng.index(int(models.size())))];
            c.model = model.name;
            c.color = colors[rng.index(6)];
            c.x_m = policy.x_uniform_in_area && x_lo > 0.0
                        ? std::sqrt(rng.uniform(x_lo * x_lo, x_hi * x_hi))
                        : rng.uniform(x_lo, x_hi);
            c.y_m = rng.uniform(y_lo, y_hi);
            c.yaw_deg = (c.y_m < 0 ? 0.0 : 180.0) +
                        rng.uniform(-policy.yaw_jitter_deg, policy.yaw_jitter_deg);
            if (policy.random_yaw_probability > 0 && rng.chance(policy.random_yaw_probability))
                c.yaw_deg = rng.uniform(0.0, 360.0);
            const Footprint f = footprintOf(c, model);
            bool free = true;
            for (const auto& t : taken) free = free && !overlaps(f, t);
            for (const auto& o : bg.obstacles) free = free && !overlaps(f, o);
            if (!free) continue;
            taken.push_back(f);
            sample.cars.push_back(c);
            ++added;
            break;
        }
    }
    return added;
}

}  // namespace blindspot

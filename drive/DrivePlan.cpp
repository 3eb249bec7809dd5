#include "drive/DrivePlan.hpp"

#include <algorithm>
#include <cmath>

#include "core/base/Error.hpp"
#include "core/base/Rng.hpp"
#include "core/lidar/LidarSpec.hpp"
#include "scenes/PaintColor.hpp"

namespace blindspot {
namespace {

constexpr double kSpawnGapM = 12.0;
constexpr double kEgoClearM = 30.0;
constexpr std::uint16_t kFirstTrafficInstance = 1;

const char* const kTrafficColors[] = {"white", "black", "silver", "red", "blue", "grey"};

SimVehicle egoVehicle(const DriveConfig& c, const Background& bg) {
    SimVehicle ego;
    const double cruise = c.speed.cruise_mps;
    // Long enough that the drive ends before the ego has to brake for the route's end.
    const double braking = cruise * cruise / (c.speed.limits.max_decel_mps2) + 20.0;
    const double wanted =
        c.distance_m > 0 ? c.distance_m : cruise * c.duration_s * 1.2 + 60.0 + braking;
    ego.route = planRoute(bg.roads, c.route, bg.world_from_ego.translation_m.head<2>(), wanted);
    if (c.distance_m > 0) ego.route.path = cutAt(ego.route.path, c.distance_m);
    ego.limits = c.speed.limits;
    ego.cruise_mps = cruise;
    ego.slow_in_turns = c.speed.slow_in_turns;
    ego.start_mps = c.speed.start_mps;
    ego.full_stop = c.speed.stop_at_intersections;
    ego.stop_at_end = true;  // a route that ends early (a dead end) ends standing
    const EgoVehicle body;
    ego.length_m = body.length_m;
    ego.width_m = body.width_m;
    return ego;
}

// Whether a car of `length` may start at lane s on `lane` given the vehicles placed so far.
bool spotFree(const std::vector<SimVehicle>& placed, int lane, double lane_s, double length) {
    for (const auto& v : placed) {
        for (const auto& leg : v.route.legs) {
            if (leg.lane != lane) continue;
            // The part of this lane the vehicle is on at its start, or the ego's first metres.
            const double here = leg.lane_s0_m + (v.start_s_m - leg.path_s0_m);
            const bool on_leg =
                v.start_s_m >= leg.path_s0_m && v.start_s_m <= leg.path_s0_m + leg.length_m;
            if (on_leg && std::fabs(here - lane_s) < kSpawnGapM + (length + v.length_m) / 2)
                return false;
            const bool ego_first = &v == &placed.front() && leg.path_s0_m < kEgoClearM;
            if (ego_first && lane_s > leg.lane_s0_m - kSpawnGapM &&
                lane_s < leg.lane_s0_m + kEgoClearM + kSpawnGapM)
                return false;
        }
    }
    return true;
}

}  // namespace

DrivePlan planDrive(const DriveConfig& c, const Background& bg,
                    const std::vector<CarModelSpec>& models) {
    if (bg.roads.empty())
        throw ConfigError(ErrorSource::value("/background"),
                          "a background with a road network (a generated one other than "
                          "parking; \"" +
                              bg.id + "\" has none)");
    DrivePlan plan;
    plan.scan_frequency_hz = lidarPreset(c.lidar).scan_frequency_hz;
    std::vector<SimVehicle> vehicles = {egoVehicle(c, bg)};
    Rng rng(mix64(c.traffic.seed ^ 0x74726166666963ull));  // "traffic"
    std::vector<int> road_lanes;
    for (std::size_t l = 0; l < bg.roads.lanes.size(); ++l)
        if (bg.roads.lanes[l].kind == LaneKind::Road) road_lanes.push_back(int(l));
    const double horizon = c.traffic.max_cruise_mps * (c.duration_s + 30.0) + 100.0;
    for (int k = 0; k < c.traffic.cars && !models.empty(); ++k) {
        const CarModelSpec& model = models[std::size_t(rng.index(int(models.size())))];
        const std::string color = kTrafficColors[rng.index(6)];
        const double cruise = rng.uniform(c.traffic.min_cruise_mps, c.traffic.max_cruise_mps);
        const std::uint64_t route_seed = rng.next();
        for (int attempt = 0; attempt < 50; ++attempt) {
            const int lane = road_lanes[std::size_t(rng.index(int(road_lanes.size())))];
            const Polyline& centre = bg.roads.lanes[std::size_t(lane)].centre;
            if (centre.length() < model.length_m + 2) continue;
            const double s = rng.uniform(model.length_m / 2, centre.length() - model.length_m / 2);
            if (!spotFree(vehicles, lane, s, model.length_m)) continue;
            SimVehicle v;
            RouteSpec spec;
            spec.seed = route_seed;
            v.route = planRoute(bg.roads, spec, centre.at(s), horizon);
            v.start_s_m = 0.0;
            v.limits = c.speed.limits;
            v.limits.max_speed_mps = std::max(v.limits.max_speed_mps, cruise);
            v.cruise_mps = cruise;
            v.length_m = model.length_m;
            v.width_m = model.width_m;
            vehicles.push_back(std::move(v));
            plan.cars.push_back(
                {model.name, color, std::uint16_t(kFirstTrafficInstance + plan.cars.size())});
            break;
        }
    }
    SimulationEnd end;
    end.duration_s = c.duration_s;
    end.until_ego_stands = c.route.loop || c.distance_m > 0;
    end.hold_s = 1.0;
    plan.sim = simulateDrive(std::move(vehicles), bg.roads, end);
    plan.frames = std::size_t(std::floor(plan.sim.duration() * plan.scan_frequency_hz + 1e-9));
    return plan;
}

}  // namespace blindspot

#include "drive/DriveSimulation.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/base/Error.hpp"

namespace blindspot {
namespace {

constexpr double kLimitStepM = 0.5;   // speed-limit samples along a path
constexpr double kLookAheadM = 80.0;  // how far a vehicle looks for leaders and stop lines
constexpr double kStandingGapM = 2.0;
constexpr double kHeadwayS = 1.0;
constexpr double kExitRoomM = 4.0;  // free lane behind a vehicle that enters it

struct Place {
    int lane = -1;
    double lane_s = 0.0;
};

Place placeOf(const Route& r, double s) {
    const RouteLeg& leg = r.legs[legAt(r, s)];
    return {leg.lane, leg.lane_s0_m + (s - leg.path_s0_m)};
}

struct Driver {
    const SimVehicle* v = nullptr;
    std::vector<double> limit_mps;  // every kLimitStepM along the path
    double arrived_s = -1.0;        // when it came to stand at its next stop line
    int holds_leg = -1;             // the connector leg whose crossing it holds

    std::pair<double, double> reference(double s) const {
        const double x = std::clamp(s / kLimitStepM, 0.0, double(limit_mps.size() - 1));
        const std::size_t i = std::min(std::size_t(x), limit_mps.size() - 1);
        const std::size_t j = std::min(i + 1, limit_mps.size() - 1);
        const double slope = j > i ? (limit_mps[j] - limit_mps[i]) / kLimitStepM : 0.0;
        return {limit_mps[i] + (limit_mps[j] - limit_mps[i]) * (x - double(i)), slope};
    }
};

struct Stepper {
    const RoadNetwork& net;
    std::vector<Driver> drivers;
    std::vector<int> holder;  // per node: the vehicle in its crossing, or -1
    std::vector<LongitudinalState> now;
    double t = 0.0;

    const Route& route(std::size_t i) const { return drivers[i].v->route; }

    // Distance along i's path to the centre of the nearest vehicle ahead on its lanes, and that
    // vehicle; infinity when there is none within the look-ahead.
    std::pair<double, std::size_t> leader(std::size_t i) const {
        const Route& r = route(i);
        const double s = now[i].s_m;
        std::pair<double, std::size_t> best{std::numeric_limits<double>::infinity(), i};
        for (std::size_t j = 0; j < now.size(); ++j) {
            if (j == i) continue;
            const Place p = placeOf(route(j), now[j].s_m);
            for (std::size_t k = legAt(r, s); k < r.legs.size(); ++k) {
                const RouteLeg& leg = r.legs[k];
                if (leg.path_s0_m - s > kLookAheadM) break;
                if (leg.lane != p.lane || p.lane_s < leg.lane_s0_m - 1e-9 ||
                    p.lane_s > leg.lane_s0_m + leg.length_m + 1e-9)
                    continue;
                const double d = leg.path_s0_m + (p.lane_s - leg.lane_s0_m) - s;
                if (d > 0 && d < best.first) best = {d, j};
                break;
            }
        }
        return best;
    }

    // The next connector leg on i's path whose crossing i does not hold, or -1.
    int nextCrossing(std::size_t i) const {
        const Route& r = route(i);
        for (std::size_t k = legAt(r, now[i].s_m); k < r.legs.size(); ++k) {
            if (r.legs[k].path_s0_m - now[i].s_m > kLookAheadM) break;
            if (net.lanes[std::size_t(r.legs[k].lane)].kind != LaneKind::Connector) continue;
            if (int(k) == drivers[i].holds_leg) continue;
            if (r.legs[k].path_s0_m >= now[i].s_m) return int(k);
        }
        return -1;
    }

    // Whether the lane `lane` has kExitRoomM plus `length` free at its start.
    bool roomOn(int lane, double length) const {
        for (std::size_t j = 0; j < now.size(); ++j) {
            const Place p = placeOf(route(j), now[j].s_m);
            if (p.lane == lane && p.lane_s - drivers[j].v->length_m / 2 < length + kExitRoomM)
                return false;
        }
        return true;
    }

    void releaseCrossings() {
        for (std::size_t i = 0; i < drivers.size(); ++i) {
            Driver& d = drivers[i];
            if (d.holds_leg < 0) continue;
            const RouteLeg& leg = route(i).legs[std::size_t(d.holds_leg)];
            if (now[i].s_m - d.v->length_m / 2 > leg.path_s0_m + leg.length_m) {
                holder[std::size_t(net.lanes[std::size_t(leg.lane)].node)] = -1;
                d.holds_leg = -1;
            }
        }
    }

    // Distance to i's next stop line when it may not cross yet (infinity when it may).
    double stopLine(std::size_t i) {
        Driver& d = drivers[i];
        const int k = nextCrossing(i);
        if (k < 0 || d.holds_leg >= 0) return std::numeric_limits<double>::infinity();
        const Route& r = route(i);
        const double dist = r.legs[std::size_t(k)].path_s0_m - now[i].s_m - d.v->length_m / 2;
        const double v = now[i].v_mps;
        const bool at_line = d.v->full_stop
                                 ? v < 0.05 && dist < 0.5
                                 : dist < v * v / (2 * d.v->limits.max_decel_mps2) + 0.5 * v + 1.0;
        if (at_line) {
            if (d.arrived_s < 0) d.arrived_s = t;
        } else {
            d.arrived_s = -1.0;
        }
        const int node = net.lanes[std::size_t(r.legs[std::size_t(k)].lane)].node;
        if (d.arrived_s < 0 || holder[std::size_t(node)] >= 0) return std::max(0.0, dist);
        for (std::size_t j = 0; j < drivers.size(); ++j) {  // first come, first served
            if (j == i || drivers[j].arrived_s < 0) continue;
            const int kj = nextCrossing(j);
            if (kj < 0) continue;
            const int node_j = net.lanes[std::size_t(route(j).legs[std::size_t(kj)].lane)].node;
            if (node_j == node && (drivers[j].arrived_s < d.arrived_s ||
                                   (drivers[j].arrived_s == d.arrived_s && j < i)))
                return std::max(0.0, dist);
        }
        const bool last_leg = std::size_t(k) + 1 >= r.legs.size();
        if (!last_leg && !roomOn(r.legs[std::size_t(k) + 1].lane, d.v->length_m))
            return std::max(0.0, dist);
        holder[std::size_t(node)] = int(i);
        d.holds_leg = k;
        d.arrived_s = -1.0;
        return std::numeric_limits<double>::infinity();
    }

    std::vector<LongitudinalState> step(double dt) {
        releaseCrossings();
        std::vector<LongitudinalState> next(now.size());
        for (std::size_t i = 0; i < now.size(); ++i) {
            const SimVehicle& v = *drivers[i].v;
            double stop = v.stop_at_end ? v.route.path.length() - now[i].s_m
                                        : std::numeric_limits<double>::infinity();
            stop = std::min(stop, stopLine(i));
            const auto [ahead, j] = leader(i);
            if (std::isfinite(ahead)) {
                const double gap = ahead - (v.length_m + drivers[j].v->length_m) / 2;
                const double vj = now[j].v_mps;
                stop = std::min(stop, std::max(0.0, gap - kStandingGapM - kHeadwayS * now[i].v_mps +
                                                        vj * vj / (2 * v.limits.max_decel_mps2)));
            }
            const auto [ref, slope] = drivers[i].reference(now[i].s_m);
            next[i] = stepLongitudinal(now[i], ref, slope, stop, v.limits, dt);
        }
        return next;
    }
};

}  // namespace

LongitudinalState DriveSimulation::at(std::size_t vehicle, double t_s) const {
    const double x = std::clamp(t_s / dt_s, 0.0, double(states.size() - 1));
    const std::size_t i = std::min(std::size_t(x), states.size() - 1);
    const std::size_t j = std::min(i + 1, states.size() - 1);
    const double f = x - double(i);
    const LongitudinalState& a = states[i][vehicle];
    const LongitudinalState& b = states[j][vehicle];
    return {a.s_m + (b.s_m - a.s_m) * f, a.v_mps + (b.v_mps - a.v_mps) * f,
            a.a_mps2 + (b.a_mps2 - a.a_mps2) * f};
}

DriveSimulation simulateDrive(std::vector<SimVehicle> vehicles, const RoadNetwork& roads,
                              const SimulationEnd& end) {
    DriveSimulation sim;
    sim.vehicles = std::move(vehicles);
    Stepper st{roads, {}, std::vector<int>(roads.nodes_m.size(), -1), {}, 0.0};
    for (const auto& v : sim.vehicles) {
        Driver d;
        d.v = &v;
        d.limit_mps = curveSpeedLimits(pathCurvature(v.route.path, kLimitStepM), kLimitStepM,
                                       v.cruise_mps, v.slow_in_turns, v.limits);
        st.drivers.push_back(std::move(d));
        st.now.push_back({v.start_s_m, v.start_mps, 0.0});
    }
    sim.states.push_back(st.now);
    double stood_since = -1.0;
    const auto steps_max = std::size_t(std::ceil(end.max_duration_s / sim.dt_s));
    for (std::size_t n = 1;; ++n) {
        st.t = double(n - 1) * sim.dt_s;
        st.now = st.step(sim.dt_s);
        sim.states.push_back(st.now);
        const double t = double(n) * sim.dt_s;
        if (!end.until_ego_stands) {
            if (t >= end.duration_s - 1e-9) break;
            continue;
        }
        const SimVehicle& ego = sim.vehicles.front();
        const bool stands = st.now[0].v_mps == 0.0 && st.now[0].a_mps2 == 0.0 &&
                            ego.route.path.length() - st.now[0].s_m < 1e-4;
        if (stands && stood_since < 0) stood_since = t;
        if (stood_since >= 0 && t >= stood_since + end.hold_s - 1e-9) break;
        if (n >= steps_max)
            throw ConfigError(
                ErrorSource::value("/duration_s"),
                "a route the ego can finish within " + std::to_string(end.max_duration_s) + " s");
    }
    return sim;
}

}  // namespace blindspot

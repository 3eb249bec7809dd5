#include "drive/Route.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <queue>

#include "core/base/Error.hpp"
#include "core/base/Rng.hpp"

namespace blindspot {
namespace {

// Lane points from s0 to s1 (m), with the cut ends interpolated.
Polyline slice(const Polyline& line, double s0, double s1) {
    std::vector<Eigen::Vector2d> pts = {line.at(s0)};
    std::vector<double> headings = {line.headingAt(s0)};
    for (std::size_t i = 0; i < line.points_m.size(); ++i)
        if (line.s_m[i] > s0 + 1e-9 && line.s_m[i] < s1 - 1e-9) {
            pts.push_back(line.points_m[i]);
            headings.push_back(line.heading_rad[i]);
        }
    pts.push_back(line.at(s1));
    headings.push_back(line.headingAt(s1));
    return makePolyline(std::move(pts), std::move(headings));
}

struct Builder {
    const RoadNetwork& net;
    Route route;

    void add(int lane, double s0, double s1) {
        if (s1 - s0 <= 1e-9) return;
        route.legs.push_back({lane, route.path.length(), s0, s1 - s0});
        route.path.append(slice(net.lanes[std::size_t(lane)].centre, s0, s1));
        // The path's own arc length may differ from the lane's by rounding; keep the legs on it.
        route.legs.back().length_m = route.path.length() - route.legs.back().path_s0_m;
    }
    void addWhole(int lane) { add(lane, 0.0, net.lanes[std::size_t(lane)].centre.length()); }
};

// The lanes after `from` (exclusive) up to `to` (inclusive) along the shortest way (Dijkstra,
// cost = lane length); empty when `to` cannot be reached.
std::vector<int> shortestChain(const RoadNetwork& net, int from, int to) {
    const std::size_t n = net.lanes.size();
    std::vector<double> cost(n, std::numeric_limits<double>::infinity());
    std::vector<int> prev(n, -1);
    using Item = std::pair<double, int>;
    std::priority_queue<Item, std::vector<Item>, std::greater<Item>> open;
    for (int nx : net.lanes[std::size_t(from)].next) {
        cost[std::size_t(nx)] = net.lanes[std::size_t(nx)].centre.length();
        open.push({cost[std::size_t(nx)], nx});
    }
    while (!open.empty()) {
        const auto [c, lane] = open.top();
        open.pop();
        if (c > cost[std::size_t(lane)]) continue;
        if (lane == to) break;
        for (int nx : net.lanes[std::size_t(lane)].next) {
            const double nc = c + net.lanes[std::size_t(nx)].centre.length();
            if (nc < cost[std::size_t(nx)]) {
                cost[std::size_t(nx)] = nc, prev[std::size_t(nx)] = lane;
                open.push({nc, nx});
            }
        }
    }
    if (std::isinf(cost[std::size_t(to)])) return {};
    std::vector<int> chain;
    for (int l = to; l != -1; l = prev[std::size_t(l)]) chain.push_back(l);
    std::reverse(chain.begin(), chain.end());
    return chain;
}

// The road lane and lane s nearest to a point (connectors are not places to start or stop).
std::pair<int, double> nearestRoadLane(const RoadNetwork& net, const Eigen::Vector2d& xy) {
    std::pair<int, double> best{-1, 0.0};
    double best_d = std::numeric_limits<double>::infinity();
    for (std::size_t l = 0; l < net.lanes.size(); ++l) {
        if (net.lanes[l].kind != LaneKind::Road) continue;
        const Polyline& c = net.lanes[l].centre;
        for (std::size_t i = 0; i < c.points_m.size(); ++i) {
            const double d = (c.points_m[i] - xy).squaredNorm();
            if (d < best_d) best_d = d, best = {int(l), c.s_m[i]};
        }
    }
    return best;
}

// Appends the way from the end of the last leg's lane to (lane, s) on another or the same lane.
bool goTo(Builder& b, int from_lane, double from_s, int lane, double s) {
    if (lane == from_lane && s >= from_s) {
        b.add(lane, from_s, s);
        return true;
    }
    const auto chain = shortestChain(b.net, from_lane, lane);
    if (chain.empty()) return false;
    b.add(from_lane, from_s, b.net.lanes[std::size_t(from_lane)].centre.length());
    for (std::size_t i = 0; i + 1 < chain.size(); ++i) b.addWhole(chain[i]);
    b.add(lane, 0.0, s);
    return true;
}

}  // namespace

Polyline cutAt(const Polyline& line, double s_end) {
    return slice(line, 0.0, std::min(s_end, line.length()));
}

Route planRoute(const RoadNetwork& net, const RouteSpec& spec, const Eigen::Vector2d& start_xy_m,
                double min_length_m, const std::string& where) {
    if (net.empty()) throw ConfigError(ErrorSource::value(where), "a background with lanes");
    Builder b{net, {}};
    b.route.loop = spec.loop;
    if (!spec.automatic) {
        if (spec.waypoints_m.size() < 2)
            throw ConfigError(ErrorSource::value(where + "/waypoints_m"), "at least two waypoints");
        auto [lane, s] = nearestRoadLane(net, spec.waypoints_m.front());
        const auto start = std::pair{lane, s};
        std::vector<Eigen::Vector2d> targets(spec.waypoints_m.begin() + 1, spec.waypoints_m.end());
        if (spec.loop) targets.push_back(spec.waypoints_m.front());
        for (std::size_t i = 0; i < targets.size(); ++i) {
            const auto [to_lane, to_s] =
                i + 1 == targets.size() && spec.loop ? start : nearestRoadLane(net, targets[i]);
            if (!goTo(b, lane, s, to_lane, to_s))
                throw ConfigError(
                    ErrorSource::value(where + "/waypoints_m/" + std::to_string(i + 1)),
                    "a waypoint reachable along the lanes");
            lane = to_lane, s = to_s;
        }
        return b.route;
    }
    Rng rng(mix64(spec.seed ^ 0x726F757465ull));  // "route"
    const auto [start_lane, start_s] = nearestRoadLane(net, start_xy_m);
    int lane = start_lane;
    double s = start_s;
    const double walk = spec.loop ? min_length_m / 2 : min_length_m;
    while (b.route.path.length() < walk) {
        const Lane& l = net.lanes[std::size_t(lane)];
        b.add(lane, s, l.centre.length());
        if (l.next.empty()) break;  // a dead end
        const int turn = l.next[std::size_t(rng.index(int(l.next.size())))];
        b.addWhole(turn);
        lane = net.lanes[std::size_t(turn)].next.front(), s = 0.0;
    }
    if (spec.loop && !goTo(b, lane, s, start_lane, start_s))
        throw ConfigError(ErrorSource::value(where + "/loop"),
                          "a road network in which the route can come back to its start");
    return b.route;
}

std::vector<double> pathCurvature(const Polyline& path, double step_m) {
    std::vector<double> k;
    const double h = 1.0;
    for (double s = 0.0; s <= path.length() + 1e-9; s += step_m) {
        const double a = std::max(0.0, s - h), c = std::min(path.length(), s + h);
        const double turn = std::remainder(path.headingAt(c) - path.headingAt(a), 2 * M_PI);
        k.push_back(c > a ? turn / (c - a) : 0.0);
    }
    return k;
}

std::size_t legAt(const Route& route, double path_s) {
    const auto it = std::upper_bound(route.legs.begin(), route.legs.end(), path_s,
                                     [](double s, const RouteLeg& l) { return s < l.path_s0_m; });
    return it == route.legs.begin() ? 0 : std::size_t(it - route.legs.begin()) - 1;
}

}  // namespace blindspot

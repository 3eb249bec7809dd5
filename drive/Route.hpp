#pragma once
// A drive's route: a chain of lanes of the background's road network joined into one path, which
// vehicles follow by arc length. `auto` routes turn at random (seeded) at every intersection and,
// with `loop`, come back along the shortest way to where they started; waypoint routes take the
// shortest way through each waypoint in turn. ISO 8855 world frame, metres.
#include <cstdint>
#include <string>
#include <vector>

#include "scenes/RoadNetwork.hpp"

namespace blindspot {

struct RouteSpec {
    bool automatic = true;  ///< "route": "auto"
    bool loop = false;      ///< end where it started
    std::uint64_t seed = 1;
    std::vector<Eigen::Vector2d> waypoints_m;  ///< when not automatic: at least two
};

/// The part of one lane the route uses: lane s in [lane_s0_m, lane_s0_m + length_m) is path s in
/// [path_s0_m, path_s0_m + length_m).
struct RouteLeg {
    int lane = -1;
    double path_s0_m = 0.0;
    double lane_s0_m = 0.0;
    double length_m = 0.0;
};

struct Route {
    Polyline path;
    std::vector<RouteLeg> legs;
    bool loop = false;
};

/// Plans a route starting at the road-lane point nearest to `start_xy_m` (auto) or at the first
/// waypoint. An auto route is at least `min_length_m` long unless it meets a dead end; a loop's
/// random part is half of it. Throws ConfigError (at `where`) when a waypoint cannot be reached.
Route planRoute(const RoadNetwork& roads, const RouteSpec& spec, const Eigen::Vector2d& start_xy_m,
                double min_length_m, const std::string& where = "/route");

/// The first `s_end` metres of a line.
Polyline cutAt(const Polyline& line, double s_end);

/// Signed curvature (1/m, positive turning left) every `step_m` along the path, from the change of
/// heading over +-1 m.
std::vector<double> pathCurvature(const Polyline& path, double step_m);

/// The lane that `path_s` lies on, as an index into route.legs.
std::size_t legAt(const Route& route, double path_s);

}  // namespace blindspot

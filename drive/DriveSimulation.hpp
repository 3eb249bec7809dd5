#pragma once
// The joint motion of the ego vehicle (vehicle 0) and the traffic over a drive, stepped every
// 5 ms before anything is cast, so each frame can be rendered on its own (in parallel, or again
// after a kill) from the same states.
//
// Rules, for every vehicle alike: follow its own route at its cruise speed, slowing for curves;
// keep a gap (2 m standing, plus 1 s of speed) to whatever is ahead on its lanes; stop at every
// intersection's stop line (an all-way stop) and enter only when the crossing is empty, it was
// first to arrive, and its exit lane has room. One vehicle in a crossing at a time means no two
// paths cross; one vehicle entering each lane means no queue is cut into.
#include <cstdint>
#include <string>
#include <vector>

#include "drive/Longitudinal.hpp"
#include "drive/Route.hpp"

namespace blindspot {

struct SimVehicle {
    Route route;
    MotionLimits limits;
    double cruise_mps = 10.0;
    bool slow_in_turns = true;
    bool stop_at_end = true;  ///< stand at the route's end (else the drive ends first)
    double length_m = 4.7, width_m = 1.8;
    double start_s_m = 0.0;
    double start_mps = 0.0;
    /// Stand at every stop line (false: roll through a crossing that is free when the vehicle
    /// reaches its braking distance, still one vehicle at a time).
    bool full_stop = true;
};

struct DriveSimulation {
    double dt_s = 0.005;
    std::vector<SimVehicle> vehicles;
    /// states[step][vehicle] at t = step * dt_s.
    std::vector<std::vector<LongitudinalState>> states;

    double duration() const { return states.empty() ? 0.0 : dt_s * double(states.size() - 1); }
    /// The state at time t (s), interpolated linearly between steps (clamped to the drive).
    LongitudinalState at(std::size_t vehicle, double t_s) const;
};

struct SimulationEnd {
    double duration_s = 10.0;       ///< simulate this long ...
    bool until_ego_stands = false;  ///< ... or until the ego stands at its route's end
    double hold_s = 0.5;            ///< then this much longer
    double max_duration_s = 1800.0;
};

/// Steps every vehicle; the network gives each connector's intersection. Throws ConfigError when
/// the ego does not reach its stop within end.max_duration_s.
DriveSimulation simulateDrive(std::vector<SimVehicle> vehicles, const RoadNetwork& roads,
                              const SimulationEnd& end);

}  // namespace blindspot

#pragma once
// "town": a grid of city blocks for driving, with a road network of straights, intersections
// and turns, so that a route can turn at every crossing and close a loop (drive mode). Streets
// run along x and y between the nodes of a 3 x 3 grid; blocks hold buildings, trees, hedges and
// lamp posts behind raised sidewalks. The ground rises and falls gently, so a vehicle's z, roll
// and pitch come from the terrain. ISO 8855 world frame, metres.
#include <cstdint>
#include <string>
#include <vector>

#include "scenes/Background.hpp"
#include "scenes/BackgroundLayout.hpp"

namespace blindspot {

/// Street half-width (two 4 m lanes) and where lanes stop before a crossing's centre: 12 m keeps
/// a right-turning car's body (0.95 m half-width) clear of the block corner (its curve, a quarter
/// circle of 10 m radius, passes 1.31 m from it).
constexpr double kTownRoadHalfM = 4.0;
constexpr double kTownLaneOffsetM = 2.0;
constexpr double kTownStopSetbackM = 12.0;

Background buildTown(const std::string& id, std::uint64_t seed,
                     const std::vector<CarModelSpec>& models, const ContentDensity& density);

/// The lanes of a straight-road background type (urban, highway, intersection, ...): one per
/// direction (the inner lane of multi-lane roads) along the road, and through the crossing.
RoadNetwork layoutRoadNetwork(const Layout& layout, int lanes_per_direction);

}  // namespace blindspot

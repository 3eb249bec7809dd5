#pragma once
// The clutter of a real street, added on top of a background type's own layout: front gardens
// (hedges, fences, walls, bushes, trees), pedestrians on the sidewalks and cyclists at the road's
// edge, bollards, and the KITTI-residential street. Amounts scale with World::density.
#include <vector>

#include "scenes/CarModel.hpp"
#include "scenes/WorldBuilder.hpp"

namespace blindspot {

/// Garden edges along both sides at `y_offset_m` beyond the sidewalk: hedges, fences and low walls
/// with gaps, bushes and trees behind them.
void addFrontGardens(World& w, double y_offset_m);
/// `per_100m` pedestrians per 100 m of sidewalk (each side), singly or in groups of 2..3; a third
/// as many cyclists near the kerb, riding with the traffic.
void addStreetLife(World& w, double per_100m);
/// Bollards in short runs along the kerb, `runs` per side.
void addBollards(World& w, int runs);
/// Bushes scattered on the terrain beyond the sidewalks, `per_100m` per side.
void addVerge(World& w, double per_100m);
/// Car-sized clutter that is not a car (World::clutter), `per_100m` per side, on the sidewalk's
/// outer half and in the gardens beyond: a network must tell a car from any car-sized thing.
void addClutter(World& w, double per_100m);
/// KITTI drive 2011_09_26_0001's street: parked cars packed along both kerbs with gaps, street
/// trees, front gardens and two- to three-storey houses.
void buildKittiResidential(World& w, const std::vector<CarModelSpec>& models);

}  // namespace blindspot

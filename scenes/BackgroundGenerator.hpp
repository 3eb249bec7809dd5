#pragma once
// The procedural world builder behind generateBackground(): layouts per type, ground, markings,
// buildings, vegetation, street furniture and parked cars, all drawn from one seeded Rng.
#include <cstdint>
#include <string>
#include <vector>

#include "scenes/Background.hpp"

namespace blindspot {

/// Where the ego stands across its street: the road's centre line lies U(min_m, max_m) metres
/// to the ego's left (ISO 8855: +y). Real drives keep to the right-hand lane of two-way streets:
/// in KITTI drive 2011_09_26_0001 every labelled car point lies 7.6..9.7 m to the left. A world
/// that always centres the ego teaches a network at what lateral distance kerbs, hedges and
/// facades stand. The draw is clamped so that the ego keeps 0.6 m clear of the right-hand parking
/// lane. {0, 0}: centred, as before.
struct EgoLateralRange {
    double min_m = 0.0;
    double max_m = 0.0;
};

/// Builds the world of `type` ("urban", "suburban", ...) from `seed`; `id` is recorded.
/// `density` scales the amount of each kind of content; `ego_lateral` places the ego across the
/// road (from its own Rng stream, so that the rest of the world is the same as with {0, 0}).
Background buildBackground(const std::string& id, const std::string& type, std::uint64_t seed,
                           const std::vector<CarModelSpec>& models,
                           const ContentDensity& density = {},
                           const EgoLateralRange& ego_lateral = {});

}  // namespace blindspot

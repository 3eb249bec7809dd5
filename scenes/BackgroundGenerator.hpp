#pragma once
// The procedural world builder behind generateBackground(): layouts per type, ground, markings,
// buildings, vegetation, street furniture and parked cars, all drawn from one seeded Rng.
#include <cstdint>
#include <string>
#include <vector>

#include "scenes/Background.hpp"

namespace blindspot {

/// Builds the world of `type` ("urban", "suburban", ...) from `seed`; `id` is recorded.
/// `density` scales the amount of each kind of content.
Background buildBackground(const std::string& id, const std::string& type, std::uint64_t seed,
                           const std::vector<CarModelSpec>& models,
                           const ContentDensity& density = {});

}  // namespace blindspot

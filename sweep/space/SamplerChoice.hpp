#pragma once
// The sampler a sweep configuration names: one of the fixed designs (sweep/space/Sampler.hpp) or
// the adaptive sampler (sweep/space/AdaptiveSampler.hpp). Kept apart from both so that neither
// includes the other.
#include <memory>
#include <vector>

#include "sweep/space/Sampler.hpp"

namespace blindspot {

/// Throws ConfigError when the space does not suit the sampler (a distribution under grid,
/// n = 0 for a random-type sampler, a grid of more than 10 million points).
std::unique_ptr<Sampler> makeSampler(const ModificationSpace& space, const SamplerConfig& config);

/// The non-adaptive design: makeSampler(space, config)->propose({}).
std::vector<Sample> drawSamples(const ModificationSpace& space, const SamplerConfig& config);

}  // namespace blindspot

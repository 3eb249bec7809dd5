#pragma once
// Samplers over a ModificationSpace: grid (full factorial), random, Latin hypercube and Sobol.
// A sampler may look at finished results (the adaptive sampler of a later issue will), so the
// interface hands it the outcomes so far.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "sweep/ModificationSpace.hpp"

namespace blindspot {

struct SamplerConfig {
    std::string type = "grid";  ///< grid, random, lhs, sobol
    std::size_t n = 0;          ///< samples for random, lhs and sobol
    std::uint64_t seed = 0;     ///< random and lhs (Sobol is deterministic without a seed)
};
SamplerConfig samplerConfigFromJson(const JsonObject& json);

/// A finished sample and its score, for samplers that adapt.
struct SampleOutcome {
    Sample sample;
    double miou = 0.0;
};

class Sampler {
  public:
    virtual ~Sampler() = default;
    /// The next batch of samples; non-adaptive samplers return their whole design once.
    virtual std::vector<Sample> propose(const std::vector<SampleOutcome>& finished) = 0;
};

/// Throws ConfigError when the space does not suit the sampler (a distribution under grid,
/// n = 0 for a random-type sampler, a grid of more than 10 million points).
std::unique_ptr<Sampler> makeSampler(const ModificationSpace& space, const SamplerConfig& config);

/// The non-adaptive design: makeSampler(space, config)->propose({}).
std::vector<Sample> drawSamples(const ModificationSpace& space, const SamplerConfig& config);

}  // namespace blindspot

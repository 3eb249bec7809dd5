#pragma once
// Samplers over a ModificationSpace: grid (full factorial), random, Latin hypercube and Sobol.
// A sampler may look at finished results (the adaptive sampler of a later issue will), so the
// interface hands it the outcomes so far.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "sweep/space/ModificationSpace.hpp"

namespace blindspot {

struct SamplerConfig {
    std::string type = "grid";  ///< grid, random, lhs, sobol, adaptive
    std::size_t n = 0;          ///< samples for random, lhs and sobol; the budget of adaptive
    std::uint64_t seed = 0;     ///< random, lhs and adaptive (Sobol is deterministic)
    // adaptive (sweep/space/AdaptiveSampler.hpp)
    std::size_t batch = 32;   ///< scenes per proposal after the initial design
    std::size_t initial = 0;  ///< the initial design's size; 0: max(batch, n / 10)
    /// The scored class whose IoU is the score, or "target_points" (returns on the target cars)
    std::string objective = "target";
    double threshold = 0.5;  ///< a scene fails when its score is below this
};
SamplerConfig samplerConfigFromJson(const JsonObject& json);

/// A finished sample and its score (the objective's value; NaN when undefined), for samplers
/// that adapt.
struct SampleOutcome {
    Sample sample;
    double score = 0.0;
};

class Sampler {
  public:
    virtual ~Sampler() = default;
    /// The next batch of samples; non-adaptive samplers return their whole design once.
    virtual std::vector<Sample> propose(const std::vector<SampleOutcome>& finished) = 0;
};

/// A non-adaptive sampler (grid, random, lhs, sobol); sweep/space/SamplerChoice.hpp picks any.
/// Throws ConfigError when the space does not suit it (a distribution under grid, n = 0 for a
/// random-type sampler, a grid of more than 10 million points).
std::unique_ptr<Sampler> makeDesignSampler(const ModificationSpace& space,
                                           const SamplerConfig& config);
/// The full-factorial design of the space's levels.
std::vector<Sample> gridDesign(const ModificationSpace& space);

/// The sample at u in [0, 1)^d: each dimension maps its coordinate (Dimension::at).
Sample makeSample(const ModificationSpace& space, const std::vector<double>& u);
/// The first n points of the d-dimensional Sobol sequence, the origin first.
std::vector<std::vector<double>> sobolPoints(std::size_t n, std::size_t dims);

}  // namespace blindspot

#pragma once
// The adaptive sampler (issue 15): it spends a budget of n scenes in batches, each batch where the
// surrogate thinks a scene is most likely to fail (score below the objective's threshold).
//
// Method (docs/sweep-config.md, "adaptive"):
// 1. An initial space-filling design: the first `initial` points of a Sobol sequence with a
//    Cranley-Patterson shift drawn from the seed, mapped onto the space like the Sobol sampler.
// 2. A Gaussian-process surrogate of the score over mixed features (sweep/space/GaussianProcess.hpp):
//    numeric dimensions scaled to [0, 1], categorical ones compared for equality only.
// 3. Each later batch of `batch` points is chosen greedily from the candidates not yet evaluated
//    (every grid point when the space is a grid of at most 50,000 points, else 4,096 shifted
//    Sobol points), each time maximising the probability of failure P(score < threshold) =
//    Phi((threshold - mu) / s), s the predictive standard deviation. After each pick the
//    posterior variance is conditioned on it with the mean held (the "kriging believer" of
//    GP-BUCB, Desautels, Krause & Burdick 2014), so a batch spreads out and holds no duplicates.
//    Unexplored regions sit near P = 0.5, above regions known to pass and below regions known to
//    fail, so the sampler fills failure regions first and then explores.
// 4. When every outcome so far is equal the surrogate carries no information, and the batch is the
//    points of largest posterior variance: space-filling.
// Proposals depend only on the config, the seed and the finished outcomes in proposal order.
#include "sweep/space/SampleFeatures.hpp"
#include "sweep/space/Sampler.hpp"

namespace blindspot {

class AdaptiveSampler : public Sampler {
  public:
    AdaptiveSampler(const ModificationSpace& space, const SamplerConfig& config);
    /// The initial design when nothing finished, then batch after batch; empty once the budget
    /// is spent. Outcomes with an undefined score (NaN) inform nothing.
    std::vector<Sample> propose(const std::vector<SampleOutcome>& finished) override;

    /// P(score < threshold) of every candidate after `finished` (for reports and selection).
    std::vector<std::pair<Sample, double>> failureProbability(
        const std::vector<SampleOutcome>& finished) const;

  private:
    std::vector<Sample> initialDesign() const;
    std::vector<Sample> nextBatch(const std::vector<SampleOutcome>& finished,
                                  std::size_t size) const;

    ModificationSpace space_;
    SamplerConfig config_;
    std::vector<FeatureAxis> axes_;
    std::vector<Sample> candidates_;
    std::vector<Features> candidate_features_;
};

}  // namespace blindspot

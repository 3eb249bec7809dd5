#include "sweep/space/SamplerChoice.hpp"

#include "core/base/Error.hpp"
#include "sweep/space/AdaptiveSampler.hpp"

namespace blindspot {

std::unique_ptr<Sampler> makeSampler(const ModificationSpace& space, const SamplerConfig& config) {
    if (config.type == "adaptive") {
        if (config.n == 0) throw ConfigError(ErrorSource::value("/sampler/n"), "must be >= 1");
        return std::make_unique<AdaptiveSampler>(space, config);
    }
    return makeDesignSampler(space, config);
}

std::vector<Sample> drawSamples(const ModificationSpace& space, const SamplerConfig& config) {
    return makeSampler(space, config)->propose({});
}

}  // namespace blindspot

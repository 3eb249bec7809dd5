#include "sweep/space/AdaptiveSampler.hpp"

#include <cmath>
#include <set>

#include "core/base/Error.hpp"
#include "core/base/Rng.hpp"
#include "sweep/space/GaussianProcess.hpp"

namespace blindspot {
namespace {

constexpr std::size_t kMaxGridCandidates = 50000;
constexpr std::size_t kSobolCandidates = 4096;
constexpr std::size_t kMaxFitPoints = 400;  ///< the kernel is fitted on the first 400 outcomes

std::string keyOf(const Sample& s) { return s.toJson().dump(); }

double gridSize(const ModificationSpace& space) {
    double n = 1;
    for (const auto& d : space.dimensions) {
        if (!d.griddable()) return INFINITY;
        n *= double(d.values.size());
    }
    return n;
}

// The shifted Sobol points: each coordinate moved by the seed's offset, modulo 1
// (Cranley & Patterson 1976), so that seeds give different but equally space-filling designs.
std::vector<Sample> shiftedSobol(const ModificationSpace& space, std::size_t n,
                                 std::uint64_t seed) {
    const std::size_t dims = space.dimensions.size();
    Rng rng(mix64(seed ^ 0x5AD1A7E5A3B1E5ull));
    std::vector<double> shift(dims);
    for (auto& s : shift) s = rng.uniform(0.0, 1.0);
    std::vector<Sample> out;
    for (auto u : sobolPoints(n, dims)) {
        for (std::size_t d = 0; d < dims; ++d) u[d] = std::fmod(u[d] + shift[d], 1.0);
        out.push_back(makeSample(space, u));
    }
    return out;
}

// Standard normal CDF.
double phi(double z) { return 0.5 * std::erfc(-z / std::sqrt(2.0)); }

// The outcomes with a defined score, as features and values.
struct Observations {
    std::vector<Features> x;
    std::vector<double> y;
};

Observations observationsOf(const std::vector<FeatureAxis>& axes,
                            const std::vector<SampleOutcome>& finished) {
    Observations o;
    for (const auto& f : finished)
        if (!std::isnan(f.score)) {
            o.x.push_back(featuresOf(axes, f.sample));
            o.y.push_back(f.score);
        }
    return o;
}

// The kernel fitted on the first kMaxFitPoints observations (a fixed prefix, so refitting never
// changes earlier proposals' inputs).
GpKernel kernelOf(const Observations& o) {
    const std::size_t n = std::min(o.x.size(), kMaxFitPoints);
    return fitKernel({o.x.begin(), o.x.begin() + std::ptrdiff_t(n)},
                     {o.y.begin(), o.y.begin() + std::ptrdiff_t(n)});
}

}  // namespace

AdaptiveSampler::AdaptiveSampler(const ModificationSpace& space, const SamplerConfig& config)
    : space_(space), config_(config), axes_(featureAxesOf(space)) {
    if (config_.initial == 0) config_.initial = std::max(config_.batch, config_.n / 10);
    config_.initial = std::min(config_.initial, config_.n);
    std::vector<Sample> pool = gridSize(space) <= double(kMaxGridCandidates)
                                   ? gridDesign(space)
                                   : shiftedSobol(space, kSobolCandidates, config_.seed);
    std::set<std::string> seen;
    for (auto& s : pool)
        if (seen.insert(keyOf(s)).second) {
            candidate_features_.push_back(featuresOf(axes_, s));
            candidates_.push_back(std::move(s));
        }
}

std::vector<Sample> AdaptiveSampler::initialDesign() const {
    // Walk the shifted Sobol sequence until `initial` distinct points (a small grid may need more
    // than `initial` Sobol points to reach that many distinct levels).
    std::vector<Sample> out;
    std::set<std::string> seen;
    for (std::size_t n = config_.initial; out.size() < config_.initial; n *= 2) {
        out.clear();
        seen.clear();
        for (auto& s : shiftedSobol(space_, n, config_.seed))
            if (out.size() < config_.initial && seen.insert(keyOf(s)).second)
                out.push_back(std::move(s));
        if (n > 64 * config_.initial || n >= 1u << 20) break;  // fewer distinct points exist
    }
    return out;
}

std::vector<Sample> AdaptiveSampler::propose(const std::vector<SampleOutcome>& finished) {
    if (finished.size() >= config_.n) return {};
    if (finished.empty()) return initialDesign();
    return nextBatch(finished, std::min(config_.batch, config_.n - finished.size()));
}

std::vector<Sample> AdaptiveSampler::nextBatch(const std::vector<SampleOutcome>& finished,
                                               std::size_t size) const {
    std::set<std::string> done;
    for (const auto& o : finished) done.insert(keyOf(o.sample));
    Observations obs = observationsOf(axes_, finished);
    std::vector<std::size_t> open;  // candidates not evaluated yet
    for (std::size_t i = 0; i < candidates_.size(); ++i)
        if (!done.count(keyOf(candidates_[i]))) open.push_back(i);
    if (open.empty()) return {};
    std::vector<Features> c;
    for (std::size_t i : open) c.push_back(candidate_features_[i]);

    bool informative = false;
    for (double v : obs.y) informative = informative || v != obs.y.front();
    const GpKernel kernel = obs.x.empty() ? GpKernel{} : kernelOf(obs);
    // No outcome yet (all undefined): the prior, one pseudo-observation at the threshold.
    if (obs.x.empty()) {
        obs.x.push_back(c.front());
        obs.y.push_back(config_.threshold);
    }
    const GaussianProcess gp(obs.x, obs.y, kernel);
    GaussianProcess::Posterior post = gp.posterior(c);

    // Greedy picks; after each, condition the variance on the picked point (mean held).
    const Eigen::Index m = Eigen::Index(c.size());
    Eigen::MatrixXd conditioned(0, m);  // one row per pick: cov(., pick) / sd(pick)
    std::vector<bool> taken(c.size(), false);
    std::vector<Sample> batch;
    for (std::size_t k = 0; k < std::min(size, c.size()); ++k) {
        std::size_t best = 0;
        double best_value = -INFINITY;
        for (std::size_t j = 0; j < c.size(); ++j) {
            if (taken[j]) continue;
            const double var = post.variance(Eigen::Index(j));
            const double s = std::sqrt(var + kernel.noise_variance);
            const double value =
                informative ? phi((config_.threshold - post.mean(Eigen::Index(j))) / s) : var;
            if (value > best_value) {
                best_value = value;
                best = j;
            }
        }
        taken[best] = true;
        batch.push_back(candidates_[open[best]]);
        const Eigen::Index b = Eigen::Index(best);
        Eigen::VectorXd cov(m);
        for (Eigen::Index j = 0; j < m; ++j) cov(j) = kernel(c[std::size_t(j)], c[best]);
        cov -= post.whitened.transpose() * post.whitened.col(b);
        if (conditioned.rows() > 0) cov -= conditioned.transpose() * conditioned.col(b);
        const Eigen::VectorXd u = cov / std::sqrt(post.variance(b) + kernel.noise_variance);
        conditioned.conservativeResize(conditioned.rows() + 1, m);
        conditioned.row(conditioned.rows() - 1) = u.transpose();
        post.variance = (post.variance.array() - u.array().square()).max(0.0);
    }
    return batch;
}

std::vector<std::pair<Sample, double>> AdaptiveSampler::failureProbability(
    const std::vector<SampleOutcome>& finished) const {
    const Observations obs = observationsOf(axes_, finished);
    std::vector<std::pair<Sample, double>> out;
    if (obs.x.empty()) return out;
    const GpKernel kernel = kernelOf(obs);
    const GaussianProcess::Posterior post =
        GaussianProcess(obs.x, obs.y, kernel).posterior(candidate_features_);
    for (std::size_t j = 0; j < candidates_.size(); ++j) {
        const double s = std::sqrt(post.variance(Eigen::Index(j)) + kernel.noise_variance);
        out.emplace_back(candidates_[j], phi((config_.threshold - post.mean(Eigen::Index(j))) / s));
    }
    return out;
}

}  // namespace blindspot

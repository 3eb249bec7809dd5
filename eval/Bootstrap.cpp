#include "eval/Bootstrap.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <random>

namespace blindspot {
namespace {

// Percentile of sorted values, linear interpolation between order statistics.
double percentile(const std::vector<double>& sorted, double q) {
    const double pos = q * double(sorted.size() - 1);
    const auto lo = std::size_t(std::floor(pos));
    const auto hi = std::min(sorted.size() - 1, lo + 1);
    return sorted[lo] + (pos - double(lo)) * (sorted[hi] - sorted[lo]);
}

// Percentile interval of the means of `units` draws with replacement from `clusters` (sum,
// count): each draw's mean is the drawn sums over the drawn counts.
BootstrapInterval resample(const std::vector<std::pair<double, std::size_t>>& clusters,
                           std::uint64_t seed, int resamples) {
    std::mt19937_64 rng(seed);
    std::vector<double> means(std::size_t(std::max(1, resamples)));
    for (auto& m : means) {
        double s = 0;
        std::size_t n = 0;
        for (std::size_t i = 0; i < clusters.size(); ++i) {
            const auto& [sum, count] = clusters[rng() % clusters.size()];
            s += sum;
            n += count;
        }
        m = s / double(n);
    }
    std::sort(means.begin(), means.end());
    return {percentile(means, 0.025), percentile(means, 0.975), clusters.size()};
}

}  // namespace

BootstrapInterval valueBootstrap(const std::vector<double>& values, std::uint64_t seed,
                                 int resamples) {
    if (values.empty()) return {};
    std::vector<std::pair<double, std::size_t>> singletons;  // each value its own unit
    for (double v : values) singletons.emplace_back(v, 1);
    return resample(singletons, seed, resamples);
}

BootstrapInterval clusterBootstrap(const std::vector<double>& values,
                                   const std::vector<std::string>& cluster_of, std::uint64_t seed,
                                   int resamples) {
    // Per cluster: sum and count, in name order so the draw does not depend on input order.
    std::map<std::string, std::pair<double, std::size_t>> by_name;
    for (std::size_t i = 0; i < values.size() && i < cluster_of.size(); ++i) {
        auto& [sum, n] = by_name[cluster_of[i]];
        sum += values[i];
        ++n;
    }
    if (by_name.size() < 2) return {std::nullopt, std::nullopt, by_name.size()};
    std::vector<std::pair<double, std::size_t>> clusters;
    for (const auto& [name, sum_count] : by_name) clusters.push_back(sum_count);
    return resample(clusters, seed, resamples);
}

}  // namespace blindspot

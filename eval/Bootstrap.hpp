#pragma once
// Percentile bootstrap intervals for a mean of paired differences (docs/reports.md).
//
// A sweep's scenes are not independent: they cluster on backgrounds (the paper experiment's 1,050
// pairs sit on 7 streets, and the per-background gain ranged 0.04-0.21). Resampling scenes treats
// them as 1,050 independent draws and gives an interval that is too narrow. The cluster bootstrap
// resamples whole backgrounds with replacement (Davison & Hinkley 1997, sec. 3.8, "case
// resampling" at the top stage) and is the honest interval for "would this hold on other streets
// like these". Both use mt19937_64 with plain modulo, so intervals match on every platform.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace blindspot {

struct BootstrapInterval {
    std::optional<double> low, high;  ///< 2.5th and 97.5th percentiles of the resampled means
    std::size_t units = 0;            ///< resampled units: scene pairs, or clusters
};

/// Resamples the values themselves (each value one unit).
BootstrapInterval valueBootstrap(const std::vector<double>& values, std::uint64_t seed,
                                 int resamples);

/// Resamples clusters: each draw picks clusters with replacement and takes the mean of all their
/// values (a ratio of sums, so clusters weigh by their size as in the point estimate). With fewer
/// than two clusters no interval exists.
BootstrapInterval clusterBootstrap(const std::vector<double>& values,
                                   const std::vector<std::string>& cluster_of, std::uint64_t seed,
                                   int resamples);

}  // namespace blindspot

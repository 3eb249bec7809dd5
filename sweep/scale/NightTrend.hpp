#pragma once
// From the history's nights to what the trend page and the history gate show: series, which
// nights were good, and the cells that regressed since the last good night.
#include <string>
#include <vector>

#include "reports/TrendPage.hpp"
#include "sweep/scale/NightHistory.hpp"

namespace blindspot {

/// `tonight` against the `window` nights of its series before it (windowBefore).
WindowGateResult gateAgainstHistory(const std::vector<Night>& nights, const Night& tonight,
                                    std::size_t window, const WindowGateOptions& options);

/// One series per (config hash, world version), newest series first, each night marked good or
/// not by its own gate; report links relative to `page_dir`.
std::vector<TrendSeries> trendSeries(const std::vector<Night>& nights, std::size_t window,
                                     const WindowGateOptions& options, const std::string& page_dir);

}  // namespace blindspot

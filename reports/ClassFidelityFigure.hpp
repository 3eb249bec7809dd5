#pragma once
// Real against simulated classes in one picture (issue 33, item 2; docs/fidelity.md): one panel per
// statistic (share of the front view, height above the ground, range, intensity, linearity,
// planarity, scattering), one row per class, real in blue above simulated in orange. Bars show the
// median, whiskers the quartiles.
#include <string>
#include <vector>

#include "eval/ClassStatistics.hpp"

namespace blindspot {

/// The classes to draw: `wanted` that either side has, in that order.
std::vector<std::string> classesPresent(const ClassStatistics& real,
                                        const ClassStatistics& simulated,
                                        const std::vector<std::string>& wanted);

/// PNG bytes.
std::string classFidelityFigurePng(const ClassStatistics& real, const ClassStatistics& simulated,
                                   const std::vector<std::string>& classes,
                                   const std::string& real_name, const std::string& simulated_name);

}  // namespace blindspot

#pragma once
// Real against simulated people in one picture (issue 56, item 2; docs/people.md): four scatter
// panels against range, one dot per instance, real in blue and simulated in orange: points (log
// scale, with the 1 / r^2 line of an adult's 0.55 m^2 silhouette under hdl64e-kitti's 0.4 x
// 0.17 deg grid), the height and the width its points span, and its median intensity.
#include <string>
#include <vector>

#include "eval/PersonStatistics.hpp"

namespace blindspot {

/// PNG bytes; `kind` picks the instances ("person", "bicyclist", ...).
std::string personFidelityFigurePng(const std::vector<PersonInstance>& real,
                                    const std::vector<PersonInstance>& simulated,
                                    const std::string& kind, const std::string& real_name,
                                    const std::string& simulated_name);

}  // namespace blindspot

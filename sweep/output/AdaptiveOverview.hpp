#pragma once
// Where an adaptive run's scenes went (issue 15), over the report's map axes: per cell the scores
// evaluated there and the surrogate's estimated probability of failure, the mean over the cell's
// candidates, with the estimated failure region (P > 0.5) outlined.
#include <optional>
#include <string>

#include "eval/MiouMap.hpp"
#include "reports/Heatmap.hpp"
#include "sweep/space/ModificationSpace.hpp"
#include "sweep/store/RunResults.hpp"

namespace blindspot {

/// Empty unless the run's recorded config uses the adaptive sampler. The proposals are replayed
/// from the config and the stored scores (the same order the run had); a run stopped early is
/// replayed as far as its store goes.
std::optional<HeatmapSpec> adaptiveOverview(const LoadedRun& run, const MiouMap& map,
                                            const Catalogue& catalogue,
                                            const DimensionRegistry& registry);

}  // namespace blindspot

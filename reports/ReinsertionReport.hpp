#pragma once
// The same-pose re-insertion gate's page (eval/Reinsertion.hpp): DIR/index.html with a figure of
// real against inserted cars per range bin (points per car, car IoU), the table with bootstrap
// intervals and the gate's verdict, and DIR/summary.json.
#include <string>
#include <vector>

#include "eval/Reinsertion.hpp"

namespace blindspot {

/// Points per car and mean car IoU per bin, real (blue) against inserted (orange), as a PNG.
std::string reinsertionFigurePng(const std::vector<ReinsertionBin>& bins);

/// Writes DIR/index.html, DIR/reinsertion.png and DIR/summary.json (each atomically); returns the
/// index.html path. `model` names the network.
std::string writeReinsertionReport(const std::vector<InstancePair>& pairs,
                                   const std::vector<ReinsertionBin>& bins,
                                   const std::string& model, const std::string& dir);

}  // namespace blindspot

#pragma once
// Target metrics: how the network does on the objects a sweep placed, not on every object of the
// class. A scene's "car IoU" counts parked cars too, so a cell can fail because of a background
// car; the target metric cannot (docs/reports.md, "Target metrics").
//
// Rule, per scene (cells of the scan grid the network scored, i.e. predicted >= 0):
// - truth: the returns on the target instances;
// - TP: a target return predicted as its own class; FN: a target return predicted otherwise;
// - FP: a return that is not on a target, lies in a target's neighbourhood, is predicted as a
//   target's class and is truly of another class. The neighbourhood is the target's box in the
//   range image (rows x columns of its returns, across the azimuth seam if it straddles it) grown
//   on each side by half its own height and width, at least kMinMargin cells, so it scales with
//   the target's apparent size. A parked car beside the target predicted "car" is right, so it is
//   neither TP nor FP.
// IoU, precision and recall follow from TP, FP and FN as for any class; recall is the detection
// rate (the fraction of target returns labelled with the target's class).
#include <cstdint>
#include <functional>
#include <vector>

#include "core/lidar/ScanGrid.hpp"
#include "eval/SceneResult.hpp"

namespace blindspot {

constexpr int kMinMargin = 2;  // cells, each side of the target's box

struct TargetCounts {
    std::int64_t tp = 0, fp = 0, fn = 0;
    std::int64_t target_returns = 0;  ///< all returns on the targets, scored or not
    /// The fraction of the target returns inside the network's grid (a target at the edge of a
    /// front-view network is only partly scored); NaN without target returns.
    double in_grid_fraction() const;
};

/// `predicted[i]` is the class of cell i, or -1 where the network did not score it;
/// `class_of_label` maps a palette id to the network's class.
TargetCounts scoreTargets(const ScanGrid& scan, const std::vector<int>& predicted,
                          const std::vector<int>& target_instances,
                          const std::function<int(std::uint16_t)>& class_of_label);

}  // namespace blindspot

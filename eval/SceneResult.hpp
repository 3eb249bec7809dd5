#pragma once
// One scored scene as eval/ sees it: its sample (the value of every sweep dimension), the mean
// visibility of its target cars and the per-class counts. eval/ depends on core/ only; sweep/
// converts its results store into these rows (sweep/store/RunResults.hpp).
#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace blindspot {

/// The row of the target metric (eval/TargetMetrics.hpp) next to the network's classes: selected
/// with `--class target`, never averaged into mIoU (it is not a class).
constexpr const char* kTargetClass = "target";

struct ClassCounts {
    std::string name;
    std::int64_t tp = 0, fp = 0, fn = 0;
};

struct SceneResult {
    std::string scene_id;
    nlohmann::json sample = nlohmann::json::object();  ///< {"dimension": value}
    /// Mean visible fraction of the target cars (0..1); NaN when the scene has none.
    double visibility = std::numeric_limits<double>::quiet_NaN();
    /// The fraction of the target returns inside the network's grid (eval/TargetMetrics.hpp): a
    /// target at the edge of a front-view network is only partly scored. NaN without targets.
    double target_in_grid = std::numeric_limits<double>::quiet_NaN();
    std::vector<ClassCounts> classes;  ///< empty for a scans-only run
    /// On a recorded background: why the target was not placed; "" when it was.
    std::string skipped;

    const ClassCounts* find(const std::string& class_name) const {
        for (const auto& c : classes)
            if (c.name == class_name) return &c;
        return nullptr;
    }
};

}  // namespace blindspot

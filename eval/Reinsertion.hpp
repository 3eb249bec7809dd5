#pragma once
// The realism gate of recorded backgrounds (issue 52, docs/real-backgrounds.md): every labelled
// real car is measured twice by the same network, once as recorded and once replaced by the
// library car nearest in size inserted at its fitted box (sweep/output/Reinsertion.hpp). Per
// instance: its points, and the car class's recall and IoU on them. Here: the pairs binned by
// range, with bootstrap intervals over instances.
#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "eval/Bootstrap.hpp"

namespace blindspot {

/// What the network made of one object: its returns, and of them those it called car (tp); fp:
/// returns within its box (grown by 0.5 m) called car that are not car. band_points: its returns
/// in the lower, middle and upper third of the fitted box's height above its ground, so the gate
/// says where on the body an inserted car differs (sills and wheels, doors, windows and roof).
struct ObjectScore {
    std::int64_t points = 0, tp = 0, fp = 0;
    std::array<std::int64_t, 3> band_points{};
    std::optional<double> recall() const;
    std::optional<double> iou() const;
};

struct InstancePair {
    std::string frame;     ///< real:DIR#N
    int instance = 0;      ///< SemanticKITTI instance id
    std::string model;     ///< the library car inserted
    double range_m = 0.0;  ///< of the fitted box's centre
    ObjectScore real, inserted;
};

struct ReinsertionBin {
    std::string name;  ///< "0-10 m"
    double low_m = 0.0, high_m = 0.0;
    std::size_t instances = 0;
    double real_points = 0.0, inserted_points = 0.0;  ///< means per instance
    std::optional<double> points_ratio;               ///< inserted / real, summed over instances
    BootstrapInterval points_ratio_ci;
    std::array<std::optional<double>, 3> band_ratio;  ///< the same per third of the height
    std::optional<double> real_iou, inserted_iou, iou_difference;  ///< means (inserted - real)
    BootstrapInterval iou_difference_ci;
    std::optional<double> real_recall, inserted_recall, recall_difference;
    BootstrapInterval recall_difference_ci;
};

/// The bins 0-10, 10-20 and 20-40 m (instances beyond 40 m are left out), 2,000 resamples each.
std::vector<ReinsertionBin> reinsertionBins(const std::vector<InstancePair>& pairs,
                                            std::uint64_t seed);

/// The gate: per bin, the points ratio within [0.8, 1.25], and the mean IoU of inserted cars
/// within 0.10 of the real cars'. Lines saying by how much a bin falls short; empty: it passes.
std::vector<std::string> reinsertionShortfalls(const std::vector<ReinsertionBin>& bins);

nlohmann::json toJson(const std::vector<InstancePair>& pairs);
nlohmann::json toJson(const std::vector<ReinsertionBin>& bins);

}  // namespace blindspot

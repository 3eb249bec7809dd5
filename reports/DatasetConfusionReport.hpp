#pragma once
// The dataset-class view of `blindspot evaluate` (issue 33): what the network called each of the
// dataset's own classes, as JSON, as an HTML table, and as a front view of the target class's
// false positives coloured by the dataset class of each cell's point.
#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/segmentation/DatasetConfusion.hpp"

namespace blindspot {

/// The rows of `d`: id, SemanticKITTI name, points and points per model class, by id.
nlohmann::json datasetConfusionJson(const DatasetConfusion& d,
                                    const std::vector<std::string>& classes);

/// An HTML table of `d`: one row per dataset class, the points each model class took, and the
/// share that `target` took; rows with the most `target` points first.
std::string datasetConfusionTable(const DatasetConfusion& d, const std::vector<std::string>& classes,
                                  const std::string& target);

/// A fixed colour per SemanticKITTI raw id (moving variants share their class's), for the legend.
std::array<std::uint8_t, 3> datasetClassColour(std::uint16_t id);

/// The legend of the false-positive pictures: a swatch per dataset class in `d`.
std::string datasetClassLegend(const DatasetConfusion& d);

/// Per front-view cell: the target's false positives (predicted `target`, scored truth another
/// class) in the colour of the cell's dataset class (`cell_dataset_id`, -1 = none), other returns
/// grey, no return black.
std::vector<std::array<std::uint8_t, 3>> falsePositiveColours(
    const std::vector<int>& truth, const std::vector<int>& predicted,
    const std::vector<std::uint8_t>& has_return, const std::vector<int>& cell_dataset_id,
    int target);

}  // namespace blindspot

#pragma once
// Which ground truth each of two runs counts as the compared class (issue 16): two networks with
// different label sets and learning maps (a 4-class SqueezeSeg and a 20-class SemanticKITTI net)
// compare on a class they share by name, "car", only if both map the same palette labels to it.
// The comparison report says which labels each side maps, and warns when they differ.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/segmentation/LearningMap.hpp"

namespace blindspot {

struct ClassMapping {
    std::string class_name;  ///< the compared class ("car"; "target" counts as "car")
    /// Palette labels "name (id)" each run maps to the class; empty if it has no such class.
    std::vector<std::string> labels_a, labels_b;
    std::size_t classes_a = 0, classes_b = 0;
    bool same = false;  ///< both map exactly the same labels (for "miou": the same classes)
    std::string note;   ///< one sentence for the report
};

/// `metric_class` as the comparison maps it: a class name, "target" or "miou".
ClassMapping classMappingOf(const LearningMap& a, const LearningMap& b,
                            const std::string& metric_class);
nlohmann::json toJson(const ClassMapping& mapping);

}  // namespace blindspot

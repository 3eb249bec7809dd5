#pragma once
// Samples as a surrogate model sees them: every varying numeric dimension a coordinate in [0, 1]
// (its value scaled by the dimension's range), every varying string dimension a category (the
// index of its level). Categories are never relaxed to numbers: the kernel compares them for
// equality only (sweep/space/GaussianProcess.hpp).
#include <vector>

#include "sweep/space/ModificationSpace.hpp"

namespace blindspot {

struct FeatureAxis {
    std::size_t dimension = 0;  ///< index into ModificationSpace::dimensions
    bool categorical = false;
    double low = 0.0, high = 1.0;  ///< numeric: the range scaled to [0, 1]
    std::vector<DimValue> levels;  ///< categorical: the levels, by index
};

/// The varying dimensions of a space (fixed ones carry no information).
std::vector<FeatureAxis> featureAxesOf(const ModificationSpace& space);

struct Features {
    std::vector<double> numeric;  ///< in [0, 1], one per numeric axis
    std::vector<int> category;    ///< level index, one per categorical axis
    bool operator==(const Features& o) const {
        return numeric == o.numeric && category == o.category;
    }
};

/// A sample's features; a level not in the axis (a sample from another space) is category -1.
Features featuresOf(const std::vector<FeatureAxis>& axes, const Sample& sample);

}  // namespace blindspot

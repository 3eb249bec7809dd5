#include "sweep/space/SampleFeatures.hpp"

#include <algorithm>

namespace blindspot {

std::vector<FeatureAxis> featureAxesOf(const ModificationSpace& space) {
    std::vector<FeatureAxis> axes;
    for (std::size_t d = 0; d < space.dimensions.size(); ++d) {
        const Dimension& dim = space.dimensions[d];
        if (dim.kind == Dimension::Kind::Fixed) continue;
        FeatureAxis a;
        a.dimension = d;
        a.categorical = !dim.numeric;
        if (a.categorical) {
            a.levels = dim.values;
        } else if (dim.kind == Dimension::Kind::List) {
            std::vector<double> v;
            for (const auto& x : dim.values) v.push_back(std::get<double>(x));
            a.low = *std::min_element(v.begin(), v.end());
            a.high = *std::max_element(v.begin(), v.end());
        } else {
            a.low = dim.low;
            a.high = dim.high;
        }
        if (!a.categorical && a.high <= a.low) continue;  // a one-level list
        axes.push_back(a);
    }
    return axes;
}

Features featuresOf(const std::vector<FeatureAxis>& axes, const Sample& sample) {
    Features f;
    for (const auto& a : axes) {
        const DimValue& v = sample.values[a.dimension];
        if (a.categorical) {
            const auto it = std::find(a.levels.begin(), a.levels.end(), v);
            f.category.push_back(it == a.levels.end() ? -1 : int(it - a.levels.begin()));
        } else {
            f.numeric.push_back((std::get<double>(v) - a.low) / (a.high - a.low));
        }
    }
    return f;
}

}  // namespace blindspot

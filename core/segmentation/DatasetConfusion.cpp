#include "core/segmentation/DatasetConfusion.hpp"

#include <algorithm>
#include <numeric>
#include <utility>

namespace blindspot {

std::string semanticKittiClassName(std::uint16_t id) {
    // semantic-kitti.yaml's `labels` (../shared/reference/facts.md).
    static const std::pair<std::uint16_t, const char*> kNames[] = {{0, "unlabeled"},
                                                                   {1, "outlier"},
                                                                   {10, "car"},
                                                                   {11, "bicycle"},
                                                                   {13, "bus"},
                                                                   {15, "motorcycle"},
                                                                   {16, "on-rails"},
                                                                   {18, "truck"},
                                                                   {20, "other-vehicle"},
                                                                   {30, "person"},
                                                                   {31, "bicyclist"},
                                                                   {32, "motorcyclist"},
                                                                   {40, "road"},
                                                                   {44, "parking"},
                                                                   {48, "sidewalk"},
                                                                   {49, "other-ground"},
                                                                   {50, "building"},
                                                                   {51, "fence"},
                                                                   {52, "other-structure"},
                                                                   {60, "lane-marking"},
                                                                   {70, "vegetation"},
                                                                   {71, "trunk"},
                                                                   {72, "terrain"},
                                                                   {80, "pole"},
                                                                   {81, "traffic-sign"},
                                                                   {99, "other-object"},
                                                                   {252, "moving-car"},
                                                                   {253, "moving-bicyclist"},
                                                                   {254, "moving-person"},
                                                                   {255, "moving-motorcyclist"},
                                                                   {256, "moving-on-rails"},
                                                                   {257, "moving-bus"},
                                                                   {258, "moving-truck"},
                                                                   {259, "moving-other-vehicle"}};
    for (const auto& [known, name] : kNames)
        if (known == id) return name;
    return "id " + std::to_string(id);
}

std::int64_t DatasetClassCounts::points() const {
    return std::accumulate(predicted.begin(), predicted.end(), std::int64_t(0));
}

void DatasetConfusion::add(std::uint16_t id, int model_class, std::int64_t count) {
    auto row =
        std::lower_bound(rows_.begin(), rows_.end(), id,
                         [](const DatasetClassCounts& r, std::uint16_t v) { return r.id < v; });
    if (row == rows_.end() || row->id != id)
        row = rows_.insert(row, {id, std::vector<std::int64_t>(std::size_t(model_classes_), 0)});
    row->predicted[std::size_t(model_class)] += count;
}

void DatasetConfusion::merge(const DatasetConfusion& other) {
    if (model_classes_ == 0) model_classes_ = other.model_classes_;
    for (const auto& row : other.rows_)
        for (int c = 0; c < int(row.predicted.size()); ++c)
            if (row.predicted[std::size_t(c)]) add(row.id, c, row.predicted[std::size_t(c)]);
}

std::vector<const DatasetClassCounts*> DatasetConfusion::rowsCalled(int model_class) const {
    std::vector<const DatasetClassCounts*> out;
    for (const auto& row : rows_)
        if (row.predicted[std::size_t(model_class)] > 0) out.push_back(&row);
    std::stable_sort(out.begin(), out.end(), [&](const auto* a, const auto* b) {
        return a->predicted[std::size_t(model_class)] > b->predicted[std::size_t(model_class)];
    });
    return out;
}

std::int64_t DatasetConfusion::at(std::uint16_t id, int model_class) const {
    for (const auto& row : rows_)
        if (row.id == id) return row.predicted[std::size_t(model_class)];
    return 0;
}

}  // namespace blindspot

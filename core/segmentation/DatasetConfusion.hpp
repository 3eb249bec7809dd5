#pragma once
// What a network called each of a dataset's own classes (issue 33): for every raw label id of
// the recorded data (SemanticKITTI's 28 classes and their moving variants, finer than a model's
// car / pedestrian / cyclist / unknown), how many of its points each model class took. This
// answers "what does my network call car?" where ConfusionMatrix, over the model's classes,
// only says how many false positives there were.
#include <cstdint>
#include <string>
#include <vector>

namespace blindspot {

struct DatasetClassCounts {
    std::uint16_t id = 0;                 ///< the dataset's raw label id
    std::vector<std::int64_t> predicted;  ///< points per model class
    std::int64_t points() const;
};

class DatasetConfusion {
  public:
    DatasetConfusion() = default;
    explicit DatasetConfusion(int model_classes) : model_classes_(model_classes) {}

    /// One point with raw label `id` that the network gave `model_class` (0 .. model_classes-1).
    void add(std::uint16_t id, int model_class, std::int64_t count = 1);
    void merge(const DatasetConfusion& other);

    int modelClasses() const { return model_classes_; }
    bool empty() const { return rows_.empty(); }
    /// One row per raw id seen, in increasing id order.
    const std::vector<DatasetClassCounts>& rows() const { return rows_; }
    /// The rows with points that `model_class` took, most first (ties in id order): what the
    /// network calls that class.
    std::vector<const DatasetClassCounts*> rowsCalled(int model_class) const;
    /// Points of raw id `id` that model class `model_class` took (0 for an unseen id).
    std::int64_t at(std::uint16_t id, int model_class) const;

  private:
    int model_classes_ = 0;
    std::vector<DatasetClassCounts> rows_;
};

/// The name semantic-kitti.yaml gives a raw id ("vegetation", "moving-car"), or "id N" for an id
/// it does not list.
std::string semanticKittiClassName(std::uint16_t id);

}  // namespace blindspot

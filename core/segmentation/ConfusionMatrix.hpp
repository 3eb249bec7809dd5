#pragma once
// A confusion matrix over a model's classes, counted on valid points only, with one declared
// ignore class (points whose ground truth is that class are not counted).
//
// Undefined values: IoU = TP / (TP + FP + FN), precision = TP / (TP + FP) and recall =
// TP / (TP + FN) are empty (std::nullopt, NaN in files) when their denominator is 0, and such
// values are left out of every mean.
#include <cstdint>
#include <optional>
#include <vector>

namespace blindspot {

class ConfusionMatrix {
  public:
    /// ignore_class < 0: nothing is ignored.
    explicit ConfusionMatrix(int class_count, int ignore_class = -1);

    void add(int ground_truth, int predicted, std::int64_t count = 1);
    void merge(const ConfusionMatrix& other);

    int classCount() const { return classes_; }
    std::int64_t at(int ground_truth, int predicted) const {
        return counts_[std::size_t(ground_truth * classes_ + predicted)];
    }
    std::int64_t truePositives(int c) const;
    std::int64_t falsePositives(int c) const;
    std::int64_t falseNegatives(int c) const;
    std::optional<double> iou(int c) const;
    std::optional<double> precision(int c) const;
    std::optional<double> recall(int c) const;
    /// Mean IoU over the classes whose IoU is defined, the ignore class excluded.
    std::optional<double> meanIou() const;

  private:
    int classes_;
    int ignore_;
    std::vector<std::int64_t> counts_;  // row = ground truth, column = prediction
};

}  // namespace blindspot

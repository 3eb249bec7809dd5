#include "core/segmentation/ConfusionMatrix.hpp"

#include <stdexcept>
#include <string>

namespace blindspot {
namespace {
std::optional<double> ratio(std::int64_t num, std::int64_t den) {
    if (den == 0) return std::nullopt;
    return double(num) / double(den);
}
}  // namespace

ConfusionMatrix::ConfusionMatrix(int class_count, int ignore_class)
    : classes_(class_count),
      ignore_(ignore_class),
      counts_(std::size_t(class_count * class_count), 0) {
    if (class_count < 1) throw std::invalid_argument("ConfusionMatrix: class_count must be >= 1");
}

void ConfusionMatrix::add(int gt, int pred, std::int64_t count) {
    if (gt < 0 || gt >= classes_ || pred < 0 || pred >= classes_)
        throw std::out_of_range("ConfusionMatrix: class index out of range: " + std::to_string(gt) +
                                ", " + std::to_string(pred));
    if (gt == ignore_) return;
    counts_[std::size_t(gt * classes_ + pred)] += count;
}

void ConfusionMatrix::merge(const ConfusionMatrix& other) {
    if (other.classes_ != classes_)
        throw std::invalid_argument("ConfusionMatrix: class counts differ");
    for (std::size_t i = 0; i < counts_.size(); ++i) counts_[i] += other.counts_[i];
}

std::int64_t ConfusionMatrix::truePositives(int c) const { return at(c, c); }

std::int64_t ConfusionMatrix::falsePositives(int c) const {
    std::int64_t n = 0;
    for (int g = 0; g < classes_; ++g) n += g == c ? 0 : at(g, c);
    return n;
}

std::int64_t ConfusionMatrix::falseNegatives(int c) const {
    std::int64_t n = 0;
    for (int p = 0; p < classes_; ++p) n += p == c ? 0 : at(c, p);
    return n;
}

std::optional<double> ConfusionMatrix::iou(int c) const {
    const auto tp = truePositives(c);
    return ratio(tp, tp + falsePositives(c) + falseNegatives(c));
}
std::optional<double> ConfusionMatrix::precision(int c) const {
    const auto tp = truePositives(c);
    return ratio(tp, tp + falsePositives(c));
}
std::optional<double> ConfusionMatrix::recall(int c) const {
    const auto tp = truePositives(c);
    return ratio(tp, tp + falseNegatives(c));
}

std::optional<double> ConfusionMatrix::meanIou() const {
    double sum = 0;
    int n = 0;
    for (int c = 0; c < classes_; ++c) {
        if (c == ignore_) continue;
        if (const auto v = iou(c)) sum += *v, ++n;
    }
    return n ? std::optional<double>(sum / n) : std::nullopt;
}

}  // namespace blindspot

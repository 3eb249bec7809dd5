#pragma once
// What the sweep needs from a segmentation network: a class per scan cell. Implemented by
// models/ (LibTorch) and by test oracles; the sweep sees only this interface, never torch headers.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/lidar/CastColumns.hpp"
#include "core/lidar/ScanGrid.hpp"

namespace blindspot {

/// Predicts a model class per scan cell: -1 where the cell has no return or lies outside the
/// network's field of view. The runner scores the predictions against the scan's ground truth
/// mapped through the same learning map, on cells with a prediction only.
class Segmenter {
  public:
    virtual ~Segmenter() = default;
    virtual std::vector<std::string> classNames() const = 0;
    /// Model class of a palette label (the learning map).
    virtual int classOf(std::uint16_t palette_label) const = 0;
    /// Classes whose ground-truth points are not scored (a card's ignore_classes, e.g.
    /// SemanticKITTI's "unlabeled"). Predictions of them still count against the true class.
    virtual std::vector<std::string> ignoredClasses() const { return {}; }
    virtual std::vector<int> predict(const ScanGrid& scan) = 0;
    /// Several scans in one forward pass; the default calls predict() per scan.
    virtual std::vector<std::vector<int>> predictBatch(const std::vector<const ScanGrid*>& scans) {
        std::vector<std::vector<int>> out;
        for (const ScanGrid* s : scans) out.push_back(predict(*s));
        return out;
    }
    /// The same, with the scans' scene ids for error messages (an external command's failure
    /// names the scene). The default ignores the names.
    virtual std::vector<std::vector<int>> predictBatch(const std::vector<const ScanGrid*>& scans,
                                                       const std::vector<std::string>& names) {
        (void)names;
        return predictBatch(scans);
    }
    /// The sensor azimuths whose returns can reach the network (its grid plus half a cell). A sweep
    /// casts only their columns and the cars' unless asked for full scans; nothing: every column
    /// (a full-circle or clamping grid, an external command, a test oracle).
    virtual std::optional<AzimuthSpan> seenAzimuth() const { return std::nullopt; }
    /// Identifies the weights, for the run record and checkpoint comparison.
    virtual std::string checkpointHash() const = 0;
};
/// One segmenter per worker thread.
using SegmenterFactory = std::function<std::unique_ptr<Segmenter>()>;

}  // namespace blindspot

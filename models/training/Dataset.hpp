#pragma once
// Labelled scans for training and evaluation, in the SemanticKITTI layout
// (DIR/sequences/SS/velodyne/NNNNNN.bin + DIR/sequences/SS/labels/NNNNNN.label), as written by
// `blindspot generate` and as distributed for real SemanticKITTI / KITTI recordings.
#include <cstdint>
#include <string>
#include <vector>

#include "core/segmentation/ConfusionMatrix.hpp"
#include "models/projection/ModelCard.hpp"
#include "models/projection/RangeProjection.hpp"

namespace blindspot {

struct LabelledScanFiles {
    std::string bin;    ///< KITTI .bin: x y z intensity per point, float32
    std::string label;  ///< SemanticKITTI .label: semantic | instance << 16, uint32
    LabelSet label_set = LabelSet::kMatlab;  ///< the dataset's record; matlab when it has none
};

/// Every scan under `dir`: DIR/sequences/*/velodyne/*.bin, or DIR/velodyne/*.bin for a single
/// sequence, each with its .label and the label set the dataset records (datasetLabelSet;
/// `blindspot generate` wrote the MATLAB palette before label sets existed). Sorted by sequence and
/// frame. Throws FileError when there is none or a label file is missing.
std::vector<LabelledScanFiles> findLabelledScans(const std::string& dir);

/// A scan as the network sees it: the raw range image and a model class per cell (-1 = empty).
struct LabelledImage {
    RangeImage image;
    std::vector<std::int8_t> cell_class;
};

LabelledImage loadLabelledImage(const LabelledScanFiles& files, const ModelCard& card);

struct LabelledSet {
    std::vector<LabelledImage> images;
    std::string hash;  ///< FNV-1a 64 over every file's bytes, in order: the data's identity
};
/// Loads every scan under each directory (`threads` readers; the result does not depend on it).
LabelledSet loadLabelledSet(const std::vector<std::string>& dirs, const ModelCard& card,
                            int threads = 1);

class SegmentationNetwork;
/// The network's confusion matrix over a labelled set (cells with a return only; nothing is
/// ignored), `batch` images per forward pass. This is the held-out check of checkpoint comparison.
ConfusionMatrix evaluateLabelledSet(const SegmentationNetwork& net, const LabelledSet& set,
                                    int batch = 8);

}  // namespace blindspot

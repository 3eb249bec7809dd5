#pragma once
// Recorded scans scored by a network: real or simulated data read from files, not from a sweep.
// Three formats:
//   - SqueezeSeg lidar_2d .npy (64 x 512 x 6: x, y, z, intensity, range, label; label 0 unknown,
//     1 car, 2 pedestrian, 3 cyclist), already a front-view range image;
//   - SemanticKITTI sequences/SS/{velodyne,labels}, labels mapped from SemanticKITTI ids by the
//     card's SemanticKITTI learning map (or from the MATLAB palette, when blindspot wrote the
//     dataset in that label set);
//   - plain KITTI .bin without labels (predictions only).
// lidar_2d truth classes are matched to the model's classes by name; labels the model has no class
// for are not scored.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/raycast/GridReturns.hpp"
#include "core/segmentation/ConfusionMatrix.hpp"
#include "core/segmentation/DatasetConfusion.hpp"
#include "models/projection/KnnRefinement.hpp"
#include "models/projection/ModelCard.hpp"
#include "models/projection/RangeProjection.hpp"

namespace blindspot {

// Scoring is per point, as SemanticKITTI's evaluation does: every labelled point gets the
// prediction of the range-image cell it fell into (the nearest point won that cell's input), so a
// point hidden behind a nearer one in its cell is scored with its neighbour's prediction. A
// lidar_2d file is already a range image: there a point is a cell. Points outside the grid (a
// front view's unseen sector, unless the grid clamps) are counted, not scored.
struct RecordedScan {
    std::string name;        ///< file stem, with the sequence for SemanticKITTI ("00/000010")
    std::string path;        ///< the scan file
    std::string format;      ///< "lidar_2d", "semantickitti" or "kitti-bin"
    RangeImage image;        ///< in the model's grid and channels
    std::vector<int> truth;  ///< model class per image cell (its winning point), -1 = not scored
    bool labelled = false;
    /// Model class per point (image.cell gives its cell); -1 = not scored (no label, a label
    /// the card has no class for, or a class the card ignores).
    std::vector<int> point_truth;
    std::vector<float> point_range_m;  ///< per point, for the optional k-NN refinement
    /// The dataset's own label per point where it is finer than the model's classes: the raw
    /// SemanticKITTI id of a SemanticKITTI-labelled scan; empty otherwise.
    std::vector<std::uint16_t> point_dataset_id;
    /// The points as read (xyzi, one per point_truth entry; no labels), kept only when asked
    /// for: an external network takes point clouds, not range images.
    PointList points;
};

/// Every scan in `inputs` (files, or directories of .npy files, SemanticKITTI roots, sequence
/// directories or velodyne directories), in input order, each directory sorted. Malformed files
/// raise FileError naming the file and what was expected. `keep_points` keeps each scan's points
/// (RecordedScan::points), which needs a grid that is not SqueezeSeg's front view.
std::vector<RecordedScan> loadRecordedScans(const std::vector<std::string>& inputs,
                                            const ModelCard& card, bool keep_points = false);

/// The scan's returns for label-free statistics (its intensity and range channels; zero where the
/// model does not take them).
GridReturns gridReturnsOf(const RecordedScan& scan);

class SegmentationNetwork;

struct ScanOutcome {
    std::vector<int> predicted;  ///< model class per image cell, -1 where empty
    ConfusionMatrix confusion;   ///< truth x prediction over the scored points
    std::size_t points_scored = 0;
    std::size_t points_outside = 0;  ///< labelled points outside the grid, not scored
    /// Every point inside the grid with a dataset label (point_dataset_id), scored or not
    /// (unlabeled, outliers and the card's ignored classes too): dataset id x prediction.
    DatasetConfusion dataset;
};

/// Counts one scan's truth against its predictions: each point's class from `point_classes`
/// (one per point), or, when that is null, its cell's class in `predicted` (per image cell).
ScanOutcome scoreScanPoints(const RecordedScan& scan, std::vector<int> predicted,
                            const std::vector<int>* point_classes, int class_count);

/// Classifies the scans in batches of `batch` and counts truth against prediction, each point
/// with its pixel's class or, given `knn`, with lidar-bonnetal's k-NN vote (KnnRefinement.hpp).
std::vector<ScanOutcome> scoreRecordedScans(const SegmentationNetwork& net,
                                            const std::vector<RecordedScan>& scans, int batch,
                                            const KnnParams* knn = nullptr);

/// Any classifier of `card`'s range images (the arg-max class per cell, -1 where empty), e.g. an
/// external range-image network (models/external/ExternalSegmenter.hpp): scored exactly as a
/// checkpoint.
using ImageClassifier =
    std::function<std::vector<std::vector<int>>(const std::vector<const RangeImage*>&)>;
std::vector<ScanOutcome> scoreRecordedScans(const ImageClassifier& classify, const ModelCard& card,
                                            const std::vector<RecordedScan>& scans, int batch,
                                            const KnnParams* knn = nullptr);

}  // namespace blindspot

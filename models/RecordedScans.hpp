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
#include <string>
#include <vector>

#include "core/ConfusionMatrix.hpp"
#include "core/GridReturns.hpp"
#include "models/ModelCard.hpp"
#include "models/RangeProjection.hpp"

namespace blindspot {

struct RecordedScan {
    std::string name;        ///< file stem, with the sequence for SemanticKITTI ("00/000010")
    std::string path;        ///< the scan file
    std::string format;      ///< "lidar_2d", "semantickitti" or "kitti-bin"
    RangeImage image;        ///< in the model's grid and channels
    std::vector<int> truth;  ///< model class per image cell, -1 = none or not scored
    bool labelled = false;
};

/// Every scan in `inputs` (files, or directories of .npy files, SemanticKITTI roots, sequence
/// directories or velodyne directories), in input order, each directory sorted. Malformed files
/// raise FileError naming the file and what was expected.
std::vector<RecordedScan> loadRecordedScans(const std::vector<std::string>& inputs,
                                            const ModelCard& card);

/// The scan's returns for label-free statistics (its intensity and range channels; zero where the
/// model does not take them).
GridReturns gridReturnsOf(const RecordedScan& scan);

class SegmentationNetwork;

struct ScanOutcome {
    std::vector<int> predicted;  ///< model class per image cell, -1 where empty
    ConfusionMatrix confusion;   ///< truth x prediction over the cells with both
};

/// Classifies the scans in batches of `batch` and counts truth against prediction.
std::vector<ScanOutcome> scoreRecordedScans(const SegmentationNetwork& net,
                                            const std::vector<RecordedScan>& scans, int batch);

}  // namespace blindspot

#pragma once
// `evaluate --model external:CMD.json` (issue 34): recorded scans scored by an external network
// through the same command or persistent worker as a sweep (models/external/ExternalSegmenter). The
// network gets each scan's points as read (velodyne/NNNNNN.bin, no labels) and answers per point,
// so every point is scored, as SemanticKITTI's benchmark does, not only a front view's. The range
// image that the report draws is lidar-bonnetal's full circle, 64 x 2048 and clamping, and each
// of its cells shows the class of the point that won it.
#include <string>
#include <vector>

#include "models/external/ExternalPredictor.hpp"
#include "models/external/ExternalSegmenter.hpp"
#include "models/network/RecordedScans.hpp"
#include "models/projection/ModelCard.hpp"

namespace blindspot {

/// The card that loads recorded scans for an external network: its classes (CMD.json's learning
/// map, over palette and over SemanticKITTI ids), the full-circle grid, and x, y, z, intensity
/// and range as the image's channels.
ModelCard externalEvaluationCard(const ExternalPredictor& predictor);

/// Classifies the scans (loaded with keep_points) in batches of `batch` frames and counts truth
/// against each point's predicted class. Throws FileError naming CMD.json and the scan when the
/// network fails twice on a batch.
std::vector<ScanOutcome> scoreRecordedScansExternally(ExternalSegmenter& segmenter,
                                                      const std::vector<RecordedScan>& scans,
                                                      int class_count, int batch);

}  // namespace blindspot

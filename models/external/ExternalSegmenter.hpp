#pragma once
// The segmenter behind `--model external:CMD.json` (models/external/ExternalPredictor.hpp), in
// either of its protocols (docs/models.md):
// - per batch: the command runs once per predictBatch call with the batch folder as its last
//   argument, and its exit status says whether it succeeded;
// - persistent: the command starts once, with the segmenter (one per sweep worker), and gets one
//   JSON line per batch on its standard input, {"batch": DIR, "frames": ["000000", ...]}; it
//   answers with one line on its standard output, {"batch": DIR, "done": true} or
//   {"batch": DIR, "error": "..."}. Its standard error goes to a log in the temporary directory;
//   it sees BLINDSPOT_WORKER (0, 1, ...) and CMD.json's worker_env. The segmenter closes its input
//   when done and waits 10 s for it to exit.
// Either way a failed batch (non-zero exit or signal, no reply within timeout_s, a reply that is
// not the batch's, an "error" reply, a missing or short predictions file) is run once more, with a
// fresh worker when persistent; a second failure throws FileError naming CMD.json, the scene and
// what went wrong. `evaluate` hands it recorded point clouds (predictPoints) instead of a sweep's
// scans, through the same batches, worker and retry.
#include <memory>
#include <string>
#include <vector>

#include "core/scan/ScanIo.hpp"
#include "core/segmentation/Segmenter.hpp"
#include "models/external/ExternalPredictor.hpp"
#include "models/projection/RangeProjection.hpp"

namespace blindspot {

class ExternalSegmenter : public Segmenter {
  public:
    /// Each frame's class per point, in the frame's order (-1 for an id without a class).
    virtual std::vector<std::vector<int>> predictPoints(std::vector<PointList> frames,
                                                        const std::vector<std::string>& names) = 0;
    /// For "input": "range_image": each image's class per cell, -1 where empty, as
    /// SegmentationNetwork::classify gives it (`evaluate` scores recorded scans with it).
    virtual std::vector<std::vector<int>> classifyImages(
        const std::vector<const RangeImage*>& images, const std::vector<std::string>& names) = 0;
};

std::unique_ptr<ExternalSegmenter> makeExternalSegmenter(const ExternalPredictor& predictor);

}  // namespace blindspot

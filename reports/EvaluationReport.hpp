#pragma once
// The report of `blindspot evaluate`: a checkpoint scored on recorded scans. Same numbers as a
// sweep's (per scan and pooled TP/FP/FN, IoU, precision, recall per class; eval/Metrics.hpp),
// written as DIR/summary.json and a self-contained DIR/index.html with front-view outcome
// pictures of the worst scans.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/segmentation/DatasetConfusion.hpp"
#include "eval/Metrics.hpp"

namespace blindspot {

struct EvaluatedScan {
    SceneResult result;  ///< scene_id = the scan's name; classes empty when unlabelled
    std::string path, format;
    bool labelled = false;
    std::size_t returns = 0;                    ///< image cells with a return
    std::size_t points_scored = 0;              ///< labelled points scored (kScoringPerPoint)
    std::size_t points_outside = 0;             ///< labelled points outside the grid
    std::vector<std::int64_t> predicted_cells;  ///< per model class
    std::string front_view_png;                 ///< outcome of the target class; may be empty
    /// Dataset class x model class over the scan's points in the grid; empty when the data has
    /// no labels finer than the model's (models/network/RecordedScans.hpp).
    DatasetConfusion dataset;
    std::string false_positive_png;  ///< the target's false positives by dataset class; may be empty
};

/// How recorded scans are scored, as the report says it (models/network/RecordedScans.hpp).
inline constexpr const char* kScoringPerPoint =
    "per point: every labelled point takes the prediction of the range-image cell it falls in, "
    "as SemanticKITTI's evaluation back-projects; a lidar_2d cell is a point; points outside the "
    "network's grid are counted, not scored";

/// The same for an external network (models/external/ExternalEvaluation.hpp), which answers per
/// point.
inline constexpr const char* kScoringExternal =
    "per point: every labelled point takes the class the external network gave it; every point "
    "is scored";

struct EvaluationInput {
    std::string model_dir, model_hash;
    std::vector<std::string> classes;
    std::vector<std::string> inputs;
    std::string target_class = "car";
    std::vector<EvaluatedScan> scans;
    MetricsSummary metrics;                   ///< over the labelled scans
    std::vector<std::string> ignore_classes;  ///< the card's: not scored, out of mIoU
    std::string postprocess;                  ///< e.g. the k-NN vote; empty: none
    DatasetConfusion dataset;                 ///< pooled over the scans; empty: none
    const char* scoring_rule = kScoringPerPoint;  ///< or kScoringExternal
};

nlohmann::json evaluationSummaryJson(const EvaluationInput& input);
/// Writes DIR/index.html and DIR/summary.json (each atomically); returns the index.html path.
std::string writeEvaluationReport(const EvaluationInput& input, const std::string& dir);

/// A front-view picture, one colour per cell (row-major, `rows` x `cols`), each cell `scale`
/// pixels wide and 2 * `scale` high (the grid's rows are sparser than its columns), as PNG.
std::string frontViewPng(int rows, int cols, const std::vector<std::array<std::uint8_t, 3>>& colors,
                         int scale = 2);

/// Outcome colours of one class per front-view cell: true positive green, false positive red,
/// false negative blue; in an unlabelled scan the predicted class amber. Other returns grey, cells
/// without a return (`has_return` 0) black. `truth` -1 = not scored.
std::vector<std::array<std::uint8_t, 3>> outcomeColours(const std::vector<int>& truth,
                                                        const std::vector<int>& predicted,
                                                        const std::vector<std::uint8_t>& has_return,
                                                        bool labelled, int target_class);

}  // namespace blindspot

#pragma once
// The retraining set of the paper's Fig. 9: the run's design with its backgrounds replaced by the
// retraining backgrounds, restricted to the selected map cells, scanned and written in the
// SemanticKITTI layout (DIR/sequences/SS/velodyne, labels, poses.txt) for `blindspot train
// --retrain`, plus DIR/manifest.json recording the source run, the selection, and per frame the
// scene id and every dimension value.
#include <string>
#include <vector>

#include "core/segmentation/LabelSet.hpp"
#include "eval/Selection.hpp"
#include "scenes/CarModel.hpp"

namespace blindspot {

struct ExportOptions {
    std::string run_dir;
    std::vector<CarModelSpec> models;  ///< the car models the run was built from
    Selection selection;
    std::vector<std::string> backgrounds;  ///< the retraining backgrounds
    std::string output;
    std::string sequence = "00";
    int jobs = 1;  ///< the files do not depend on it
    std::string tool_version = "0";
    LabelSet label_set = LabelSet::kMatlab;  ///< ids in the .label files
    /// Domain randomisation per frame, as `generate --randomize` (core/lidar/SensorDraw.hpp), drawn
    /// from the frame's scene id: the set then varies as the baseline's training data did.
    bool randomize = false;
};

struct ExportSummary {
    std::size_t scans = 0;
    std::size_t cells = 0;
    std::size_t car_points = 0;  ///< returns labelled vehicle
    double seconds = 0.0;
};

/// Throws ConfigError for an unknown background or when no sample falls in the selected cells,
/// FileError for an unreadable run.
ExportSummary exportRetrainingSet(const ExportOptions& options);

/// "urban-08..urban-15" (same prefix, numbered, zero padding kept) or a comma-separated list, or
/// a mix: "urban-01..urban-03,suburban-02". Throws ConfigError naming `option`.
std::vector<std::string> expandBackgroundList(const std::string& text, const std::string& option);

}  // namespace blindspot

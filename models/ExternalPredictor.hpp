#pragma once
// Any network through an external command (issue 16): `--model external:CMD.json`. blindspot
// writes each batch of scans as a SemanticKITTI sequence directory (velodyne/NNNNNN.bin, and
// labels/ when the command asks for them), runs the command once per batch with that directory
// as its last argument, and reads DIR/predictions/NNNNNN.label back: one uint32 per point of the
// .bin, the predicted id in the low 16 bits, mapped to classes by the file's learning map. This
// is the layout lidar-bonnetal's infer.py and mmdetection3d's SemanticKITTI tools write.
//
// CMD.json (docs/models.md; unknown keys are errors):
//   {"command": ["/usr/bin/python3", "predict.py", "--weights", "w.json"],  // argv, no shell
//    "working_directory": ".",        // relative to CMD.json's folder; default that folder
//    "prediction_ids": "semantickitti",  // or "matlab": the id space of predictions/*.label
//    "learning_map": "semantickitti", // object over prediction ids, or a shipped map's name
//    "input_labels": "none",          // "matlab" / "semantickitti": also write labels/
//    "timeout_s": 600}                // per batch
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/LabelSet.hpp"
#include "core/LearningMap.hpp"
#include "core/Segmenter.hpp"

namespace blindspot {

struct ExternalPredictor {
    std::string spec_path;  ///< CMD.json, named in every error
    std::vector<std::string> command;
    std::string working_directory;
    LabelSet prediction_ids = LabelSet::kSemanticKitti;
    LearningMap learning_map;  ///< prediction id -> class
    LearningMap palette_map;   ///< palette id -> the same classes (scores the ground truth)
    std::optional<LabelSet> input_labels;
    std::chrono::seconds timeout{600};
    std::string identity;  ///< hash of CMD.json and the files its command names
};

/// "external:PATH" -> PATH, or empty when `model` does not start with "external:".
std::string externalPredictorPath(const std::string& model);

/// Reads CMD.json. Throws ConfigError naming the file and the JSON path.
ExternalPredictor loadExternalPredictor(const std::string& path);

/// A segmenter that runs the command once per predictBatch call. A failed batch (non-zero exit,
/// signal, timeout, a missing predictions file, a wrong point count) is run once more; a second
/// failure throws FileError naming CMD.json, the scene and what went wrong.
std::unique_ptr<Segmenter> makeExternalSegmenter(const ExternalPredictor& predictor);

}  // namespace blindspot

#pragma once
// Any network through an external command (issue 16): `--model external:CMD.json`. blindspot
// writes each batch of scans as a SemanticKITTI sequence directory (velodyne/NNNNNN.bin, and
// labels/ when the command asks for them), runs the command once per batch with that directory
// as its last argument (or, persistent, hands the directory to a long-lived worker:
// docs/models.md), and reads DIR/predictions/NNNNNN.label back: one uint32 per point of the .bin,
// the predicted id in the low 16 bits, mapped to classes by the file's learning map. This is the
// layout lidar-bonnetal's infer.py and mmdetection3d's SemanticKITTI tools write.
//
// CMD.json (docs/models.md; unknown keys are errors):
//   {"command": ["/usr/bin/python3", "predict.py", "--weights", "w.json"],  // argv, no shell
//    "working_directory": ".",        // relative to CMD.json's folder; default that folder
//    "prediction_ids": "semantickitti",  // or "matlab": the id space of predictions/*.label
//    "learning_map": "semantickitti", // object over prediction ids, or a shipped map's name
//    "input_labels": "none",          // "matlab" / "semantickitti": also write labels/
//    "timeout_s": 600,                // per batch
//    "protocol": "per-batch",         // or "persistent": one long-lived process per sweep
//                                     // worker, a JSON line per batch
//                                     (models/external/ExternalSegmenter)
//    "worker_env": {"CUDA_VISIBLE_DEVICES": ["0", "1"]},  // worker i: value i mod length
//    "input": "points"}               // or "range_image" (below)
//
// "input": "range_image" serves a range-image network (SqueezeSeg, RangeNet++, SalsaNext) without
// a port of blindspot's projection: CMD.json names a model card instead of prediction ids and a
// learning map, "model_card": "card.json" (relative to CMD.json's folder; docs/models.md), and
// each frame is written as range_image/NNNNNN.npy, the card's normalised C x H x W float32 input
// exactly as the in-process network gets it (models/projection/CardInput.hpp). The command answers
// with predictions/NNNNNN.label: one uint32 per image cell, row-major, the index of the card's
// class.
#include <atomic>
#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/segmentation/LabelSet.hpp"
#include "core/segmentation/LearningMap.hpp"
#include "models/projection/ModelCard.hpp"

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
    enum class Protocol { kPerBatch, kPersistent } protocol = Protocol::kPerBatch;
    std::map<std::string, std::vector<std::string>> worker_env;
    /// "input": "range_image": the card that makes each frame's input and names the classes the
    /// answers index; nothing for point-cloud input.
    std::optional<ModelCard> range_image_card;
    std::string card_bytes;  ///< the card file as read, part of the identity
    /// Workers started so far by segmenters of this predictor: the next one's BLINDSPOT_WORKER.
    std::shared_ptr<std::atomic<int>> workers = std::make_shared<std::atomic<int>>(0);
};

/// "external:PATH" -> PATH, or empty when `model` does not start with "external:".
std::string externalPredictorPath(const std::string& model);

/// Reads CMD.json. Throws ConfigError naming the file and the JSON path.
ExternalPredictor loadExternalPredictor(const std::string& path);

}  // namespace blindspot

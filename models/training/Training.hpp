#pragma once
// Training and fine-tuning SqueezeSeg on labelled scans (`blindspot train`). Torch stays inside
// Training.cpp; this header is plain data.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "core/segmentation/ConfusionMatrix.hpp"
#include "core/segmentation/LearningMap.hpp"

namespace blindspot {

struct ModelCard;

struct TrainOptions {
    std::vector<std::string> data_dirs;     ///< SemanticKITTI layout (see Dataset.hpp)
    std::vector<std::string> val_dirs;      ///< validation scans; empty: no validation
    std::vector<std::string> retrain_dirs;  ///< fine-tuning: the retraining set
    double retrain_fraction = 0.5;          ///< share of each batch drawn from retrain_dirs
    std::string init;                       ///< checkpoint to start from (fine-tuning)
    std::string output;                     ///< checkpoint directory, written every epoch
    bool resume = false;                    ///< continue from output's last finished epoch

    // The architecture. Unset: the --init checkpoint's, or for a new network intensity on, CRF
    // and batch norm off. A recipe that names one when fine-tuning must agree with --init's card
    // (withArchitectureOf): a checkpoint's architecture cannot change by training.
    std::optional<bool> intensity;   ///< 5 channels (x y z intensity range), or 4 without
    std::optional<bool> crf;         ///< append the recurrent CRF head
    std::optional<bool> batch_norm;  ///< SqueezeSegV2's batch normalisation after every conv
    /// A LiDAR preset or spec file whose beam elevations become the image rows (one row per
    /// laser, as in SqueezeSeg's lidar_2d files); empty: uniform 0.4 deg rows.
    std::string rows_from_lidar;
    /// The classes trained: "squeezeseg" (unknown, car, pedestrian, cyclist), "street" (those
    /// plus road, sidewalk, building, ...; core/segmentation/LearningMap.hpp) or a learning map
    /// object.
    nlohmann::json learning_map = "squeezeseg";
    std::vector<double> class_weights = {1.0 / 15.0, 1.0, 10.0, 10.0};  ///< one per class

    std::string optimizer = "sgd";  ///< "sgd" (momentum 0.9) or "adam"
    double learning_rate = 0.01;
    std::string schedule = "step";  ///< "step": x decay every decay_epochs; "cosine"; "constant"
    double lr_decay = 0.5;
    int decay_epochs = 10;
    double weight_decay = 1e-4;
    double grad_clip = 1.0;  ///< per-tensor gradient norm clip; 0 = off
    int epochs = 10;
    int batch = 8;
    int crop_cols = 0;  ///< > 0: train on random crops this wide (a multiple of 16); 0: full width
    bool flip = true;   ///< random horizontal flip, p = 0.5
    /// Share of training examples in which every return's intensity reads the card's mean (0
    /// after normalisation): modality dropout, so that cars are learnt from their shape and not
    /// from remission 0 alone, which real cars show in 18-80 % of their returns
    /// (docs/fidelity.md, network 13). 0 draws nothing: older recipes train as before, bit for bit.
    double intensity_dropout = 0.0;
    /// Dropout rate before the last convolution (conv14) while training; SqueezeSeg's is 0.5.
    /// Inference never drops, so it changes training only (the card's recipe records it).
    double head_dropout = 0.5;
    std::uint64_t seed = 1;
    int threads = 0;       ///< LibTorch intra-op threads; 0 = library default
    int max_steps = 0;     ///< > 0: stop after this many steps in total (tests, smoke runs)
    bool progress = true;  ///< progress bar on a TTY, periodic lines otherwise
};

/// Reads the options from a recipe JSON (the keys above; unknown keys are errors).
TrainOptions trainOptionsFromJson(const nlohmann::json& json, const std::string& file);
nlohmann::json trainOptionsToJson(const TrainOptions& options);
/// The card's learning map and the SemanticKITTI map derived from it, for options.learning_map.
/// Throws ConfigError (value source /learning_map) for a map that is not one.
std::pair<LearningMap, LearningMap> trainingLearningMaps(const TrainOptions& options);
/// The options with the architecture of `card` (the --init checkpoint's, or the new network's):
/// keys the recipe left out are filled in, so that the card's recipe records what was trained.
/// Throws ConfigError (value source /intensity, /crf or /batch_norm) where a named key differs,
/// (/intensity_dropout) for dropout without the intensity channel,
/// and (/class_weights) unless there is one weight per class of the card.
TrainOptions withArchitectureOf(TrainOptions options, const ModelCard& card);

struct TrainReport {
    std::vector<double> step_loss;         ///< every step, in order
    std::vector<double> epoch_loss;        ///< mean per epoch
    std::vector<double> val_iou_by_epoch;  ///< car IoU on the validation set (empty without)
    double val_car_iou = -1.0;             ///< last epoch's; -1 without validation
    int steps = 0;
    double seconds = 0.0;
};

/// IoU per class of a validation confusion matrix: null where it is undefined (the class neither
/// occurs nor is predicted), as in every other report, never 0.
nlohmann::json iouPerClassJson(const ConfusionMatrix& m);

/// Trains; writes OUTPUT/{weights.pt, model_card.json, optimizer.pt, train_state.json} after each
/// epoch (atomically). Throws ConfigError / FileError for bad options or data.
TrainReport trainNetwork(const TrainOptions& options, std::ostream& log);

/// What trainNetwork calls, in the LibTorch half (models/runtime/TorchRuntime.hpp); defined there
/// only.
namespace torch_half {
TrainReport trainNetwork(const TrainOptions& options, std::ostream& log);
}  // namespace torch_half

}  // namespace blindspot

#pragma once
// The model card: a JSON file next to every checkpoint saying what the weights expect (grid,
// channels, normalisation), what they predict (classes, learning map) and how they were made.
// Schema: docs/models.md. Unknown keys are errors.
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "core/base/Json.hpp"
#include "core/segmentation/LabelSet.hpp"
#include "core/segmentation/LearningMap.hpp"
#include "models/projection/RangeProjection.hpp"

namespace blindspot {

struct ModelCard {
    /// "squeezeseg" (native LibTorch archive) or "torchscript" (any B x C x H x W -> B x K x H x W
    /// network saved with torch.jit.save).
    std::string architecture = "squeezeseg";
    std::string weights = "weights.pt";  ///< file name inside the checkpoint directory
    bool crf = false;                    ///< squeezeseg only: the recurrent CRF head
    bool batch_norm = false;             ///< squeezeseg only: SqueezeSegV2's batch normalisation
    std::vector<InputChannel> input_channels;
    RangeGrid grid;
    std::vector<double> mean;  ///< per input channel, in raw units
    std::vector<double> std;
    /// Empty cells: "zero" (the reference convention, and the default of a card without the key)
    /// or "normalised" (how the bundled baseline was trained; it keeps it until retrained).
    EmptyCells empty_cells = EmptyCells::kZero;
    LearningMap learning_map;  ///< palette label -> model class; names the classes
    /// SemanticKITTI raw id -> model class (the same classes), for data in that label set. Ids 13,
    /// 15, 51, 60, 71, 72 and 99 mean different things in the two sets, so each has its own map.
    /// Given by the card ("learning_map_semantickitti") or derived
    /// (core/segmentation/LabelSet.hpp).
    LearningMap semantickitti_map;
    bool semantickitti_map_given = false;  ///< written back only when the card gave it
    /// Classes the benchmark ignores (SemanticKITTI's "unlabeled"): points whose truth is one of
    /// them are not scored, and they stay out of mIoU. Empty by default.
    std::vector<std::string> ignore_classes;
    nlohmann::json training = nlohmann::json::object();  ///< recipe, data hashes, validation

    int classCount() const { return int(learning_map.classes.size()); }
    int channelCount() const { return int(input_channels.size()); }
};

/// The model class of a point labelled `id` in `set`; -1 where the point is not scored
/// (SemanticKITTI's unlabeled and outlier points).
int classOfLabel(const ModelCard& card, LabelSet set, std::uint16_t id);

/// A learning map at `key`: an object (keyed by palette ids), or the name of a shipped map,
/// "squeezeseg" or "semantickitti". Returns the map and whether it is keyed by SemanticKITTI raw
/// ids ("semantickitti") rather than palette ids.
std::pair<LearningMap, bool> learningMapAt(const JsonObject& j, const std::string& key);

/// True for a model class in the card's ignore_classes, and for -1 (no class).
bool isIgnored(const ModelCard& card, int model_class);

/// SqueezeSeg's KITTI card: 5 channels (x, y, z, intensity, range) or, without intensity, 4.
ModelCard squeezeSegCard(bool with_intensity);

ModelCard modelCardFromJson(const JsonObject& json);
nlohmann::json modelCardToJson(const ModelCard& card);
/// Reads CHECKPOINT_DIR/model_card.json.
ModelCard loadModelCard(const std::string& checkpoint_dir);
void saveModelCard(const ModelCard& card, const std::string& checkpoint_dir);

}  // namespace blindspot

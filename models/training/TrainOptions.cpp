// The training recipe as JSON: what `blindspot train --recipe` reads and what the model card
// records. Kept apart from Training.cpp so it compiles without torch headers.
#include <algorithm>

#include "core/base/Error.hpp"
#include "core/base/Json.hpp"
#include "core/segmentation/LabelSet.hpp"
#include "models/projection/ModelCard.hpp"
#include "models/training/Training.hpp"

namespace blindspot {

namespace {

std::vector<std::string> strings(const JsonObject& j, const std::string& key) {
    std::vector<std::string> out;
    if (!j.has(key)) return out;
    const auto& v = j.raw(key);
    if (!v.is_array()) j.fail(key, "expected an array of directory paths");
    for (const auto& s : v) {
        if (!s.is_string()) j.fail(key, "expected an array of directory paths");
        out.push_back(s.get<std::string>());
    }
    return out;
}

std::optional<bool> optionalBoolean(const JsonObject& j, const std::string& key) {
    if (!j.has(key)) return std::nullopt;
    return j.boolean(key, false);
}

// A key the recipe names must agree with the card; one it leaves out is taken from it.
void agree(std::optional<bool>& option, bool card_value, const std::string& key,
           const std::string& what) {
    if (option && *option != card_value)
        throw ConfigError(ErrorSource::value("/" + key),
                          std::string("expected ") + (card_value ? "true" : "false") +
                              ": the --init checkpoint " + (card_value ? "has " : "lacks ") + what +
                              ", and fine-tuning keeps its architecture (or leave the key out)");
    option = card_value;
}

nlohmann::json orNull(const std::optional<bool>& value) {
    return value ? nlohmann::json(*value) : nlohmann::json();
}

}  // namespace

TrainOptions withArchitectureOf(TrainOptions o, const ModelCard& card) {
    const auto& in = card.input_channels;
    const bool intensity = std::find(in.begin(), in.end(), InputChannel::kIntensity) != in.end();
    agree(o.intensity, intensity, "intensity", "the intensity channel");
    agree(o.crf, card.crf, "crf", "the CRF head");
    agree(o.batch_norm, card.batch_norm, "batch_norm", "batch normalisation");
    if (o.intensity_dropout > 0.0 && !*o.intensity)
        throw ConfigError(ErrorSource::value("/intensity_dropout"),
                          "0 for a network without the intensity channel");
    if (int(o.class_weights.size()) != card.classCount())
        throw ConfigError(
            ErrorSource::value("/class_weights"),
            "expected one weight per class (" + std::to_string(card.classCount()) + ")");
    return o;
}

TrainOptions trainOptionsFromJson(const nlohmann::json& json, const std::string& file) {
    const JsonObject j(json, file, "");
    TrainOptions o;
    o.data_dirs = strings(j, "data");
    o.val_dirs = strings(j, "val");
    o.retrain_dirs = strings(j, "retrain");
    o.retrain_fraction = j.number("retrain_fraction", o.retrain_fraction);
    o.init = j.string("init", o.init);
    o.intensity = optionalBoolean(j, "intensity");
    o.crf = optionalBoolean(j, "crf");
    o.batch_norm = optionalBoolean(j, "batch_norm");
    o.rows_from_lidar = j.string("rows_from_lidar", o.rows_from_lidar);
    if (j.has("learning_map")) {
        o.learning_map = j.raw("learning_map");
        learningMapAt(j, "learning_map");  // reports a bad map with the recipe's file and path
    }
    if (j.has("class_weights")) o.class_weights = j.numbers("class_weights");
    o.optimizer = j.string("optimizer", o.optimizer);
    o.learning_rate = j.number("learning_rate", o.learning_rate);
    o.schedule = j.string("schedule", o.schedule);
    o.lr_decay = j.number("lr_decay", o.lr_decay);
    o.decay_epochs = j.integer("decay_epochs", o.decay_epochs);
    o.weight_decay = j.number("weight_decay", o.weight_decay);
    o.grad_clip = j.number("grad_clip", o.grad_clip);
    o.epochs = j.integer("epochs", o.epochs);
    o.batch = j.integer("batch", o.batch);
    o.crop_cols = j.integer("crop_cols", o.crop_cols);
    o.flip = j.boolean("flip", o.flip);
    o.intensity_dropout = j.number("intensity_dropout", o.intensity_dropout);
    o.head_dropout = j.number("head_dropout", o.head_dropout);
    o.seed = std::uint64_t(j.integer("seed", int(o.seed)));
    o.threads = j.integer("threads", o.threads);
    o.max_steps = j.integer("max_steps", o.max_steps);
    if (!(o.learning_rate > 0.0)) j.fail("learning_rate", "must be > 0");
    if (!(o.lr_decay > 0.0 && o.lr_decay <= 1.0)) j.fail("lr_decay", "must lie in (0, 1]");
    if (o.weight_decay < 0.0) j.fail("weight_decay", "must be >= 0");
    if (o.grad_clip < 0.0) j.fail("grad_clip", "must be >= 0");
    if (!(o.intensity_dropout >= 0.0 && o.intensity_dropout <= 1.0))
        j.fail("intensity_dropout", "must lie in [0, 1]");
    if (!(o.head_dropout >= 0.0 && o.head_dropout < 1.0))
        j.fail("head_dropout", "must lie in [0, 1)");
    j.rejectUnknownKeys();
    return o;
}

nlohmann::json trainOptionsToJson(const TrainOptions& o) {
    return {{"data", o.data_dirs},
            {"val", o.val_dirs},
            {"retrain", o.retrain_dirs},
            {"retrain_fraction", o.retrain_fraction},
            {"init", o.init},
            {"intensity", orNull(o.intensity)},
            {"crf", orNull(o.crf)},
            {"batch_norm", orNull(o.batch_norm)},
            {"rows_from_lidar", o.rows_from_lidar},
            {"learning_map", o.learning_map},
            {"class_weights", o.class_weights},
            {"optimizer", o.optimizer},
            {"learning_rate", o.learning_rate},
            {"schedule", o.schedule},
            {"lr_decay", o.lr_decay},
            {"decay_epochs", o.decay_epochs},
            {"weight_decay", o.weight_decay},
            {"grad_clip", o.grad_clip},
            {"epochs", o.epochs},
            {"batch", o.batch},
            {"crop_cols", o.crop_cols},
            {"flip", o.flip},
            {"intensity_dropout", o.intensity_dropout},
            {"head_dropout", o.head_dropout},
            {"seed", o.seed},
            {"threads", o.threads},
            {"max_steps", o.max_steps}};
}

std::pair<LearningMap, LearningMap> trainingLearningMaps(const TrainOptions& o) {
    const nlohmann::json holder = {{"learning_map", o.learning_map}};
    auto [map, keyed_by_semantickitti] = learningMapAt(JsonObject(holder, "", ""), "learning_map");
    if (keyed_by_semantickitti) return {paletteMapFrom(map), map};
    LearningMap semantickitti = semanticKittiMapFrom(map);
    return {std::move(map), std::move(semantickitti)};
}

}  // namespace blindspot

#include "models/projection/ModelCard.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "core/base/AtomicFile.hpp"

namespace blindspot {

namespace fs = std::filesystem;

namespace {

RangeGrid gridFromJson(const JsonObject& j) {
    RangeGrid g;
    g.rows = j.integer("rows");
    g.cols = j.integer("cols");
    g.top_elevation_deg = j.number("top_elevation_deg");
    g.elevation_step_deg = j.number("elevation_step_deg");
    g.left_azimuth_deg = j.number("left_azimuth_deg");
    g.azimuth_step_deg = j.number("azimuth_step_deg");
    // Width-only downsampling by 16 in SqueezeSeg: the width must divide by 16.
    if (g.rows < 1 || g.rows > 4096) j.fail("rows", "expected 1..4096 rows");
    if (g.cols < 16 || g.cols > 8192 || g.cols % 16 != 0)
        j.fail("cols", "expected a multiple of 16 in [16, 8192]");
    if (!(g.elevation_step_deg > 0.0)) j.fail("elevation_step_deg", "must be > 0");
    if (!(g.azimuth_step_deg > 0.0)) j.fail("azimuth_step_deg", "must be > 0");
    const std::string outside = j.string("outside", "drop");
    if (outside != "drop" && outside != "clamp")
        j.fail("outside", "expected \"drop\" or \"clamp\" (lidar-bonnetal's projection)");
    g.clamp_outside = outside == "clamp";
    if (j.has("row_elevations_deg")) {
        g.row_elevations_deg = j.numbers("row_elevations_deg");
        if (int(g.row_elevations_deg.size()) != g.rows)
            j.fail("row_elevations_deg",
                   "expected one elevation per row (" + std::to_string(g.rows) + ")");
        for (std::size_t r = 1; r < g.row_elevations_deg.size(); ++r)
            if (!(g.row_elevations_deg[r] < g.row_elevations_deg[r - 1]))
                j.fail("row_elevations_deg", "expected strictly decreasing elevations (deg)");
    }
    if (j.has("row_origin_z_m")) {
        g.row_origin_z_m = j.numbers("row_origin_z_m");
        if (g.row_origin_z_m.size() != g.row_elevations_deg.size())
            j.fail("row_origin_z_m", "expected one height per row of row_elevations_deg (" +
                                         std::to_string(g.row_elevations_deg.size()) + ")");
        for (double h : g.row_origin_z_m)
            if (!(std::fabs(h) <= 1.0)) j.fail("row_origin_z_m", "expected heights within 1 m");
    }
    j.rejectUnknownKeys();
    return g;
}

std::vector<double> perChannel(const JsonObject& j, const std::string& key, std::size_t count,
                               bool positive) {
    const std::vector<double> v = j.numbers(key);
    if (v.size() != count)
        j.fail(key, "expected one value per input channel (" + std::to_string(count) + ")");
    for (double x : v)
        if (positive && !(x > 0.0)) j.fail(key, "every value must be > 0");
    return v;
}

// "learning_map" (palette ids, or a shipped map's name) and "learning_map_semantickitti"
// (SemanticKITTI raw ids); either may be left out and is then derived from the other.
void readLearningMaps(const JsonObject& j, ModelCard& card) {
    const std::string sk_key = "learning_map_semantickitti";
    if (!j.has("learning_map") && !j.has(sk_key))
        j.fail("learning_map", "expected a learning map (or " + sk_key + ")");
    bool palette_given = false;
    if (j.has("learning_map")) {
        auto [map, keyed_by_semantickitti] = learningMapAt(j, "learning_map");
        if (keyed_by_semantickitti) {
            card.semantickitti_map = std::move(map);
            card.semantickitti_map_given = true;
        } else {
            card.learning_map = std::move(map);
            palette_given = true;
        }
    }
    if (j.has(sk_key)) {
        if (card.semantickitti_map_given)
            j.fail(sk_key, "the card's learning_map already maps SemanticKITTI ids");
        auto [map, keyed_by_semantickitti] = learningMapAt(j, sk_key);
        if (!keyed_by_semantickitti && j.raw(sk_key).is_string())
            j.fail(sk_key, "expected a map over SemanticKITTI raw ids, or \"semantickitti\"");
        card.semantickitti_map = std::move(map);
        card.semantickitti_map_given = true;
    }
    if (!palette_given) card.learning_map = paletteMapFrom(card.semantickitti_map);
    if (!card.semantickitti_map_given)
        card.semantickitti_map = semanticKittiMapFrom(card.learning_map);
    if (card.semantickitti_map.classes != card.learning_map.classes)
        j.fail(sk_key, "expected the same classes, in the same order, as learning_map");
}

// Classes whose points are not scored and which stay out of mIoU (SemanticKITTI's "unlabeled").
void readIgnoreClasses(const JsonObject& j, ModelCard& card) {
    if (!j.has("ignore_classes")) return;
    const auto& raw = j.raw("ignore_classes");
    const auto& classes = card.learning_map.classes;
    if (!raw.is_array()) j.fail("ignore_classes", "expected an array of class names");
    for (const auto& c : raw) {
        if (!c.is_string() ||
            std::find(classes.begin(), classes.end(), c.get<std::string>()) == classes.end())
            j.fail("ignore_classes", "expected names of the card's classes; got " + c.dump());
        card.ignore_classes.push_back(c.get<std::string>());
    }
}

}  // namespace

std::pair<LearningMap, bool> learningMapAt(const JsonObject& j, const std::string& key) {
    const auto& raw = j.raw(key);
    if (raw.is_string() && raw == "squeezeseg") return {squeezeSegLearningMap(), false};
    if (raw.is_string() && raw == "street") return {streetLearningMap(), false};
    if (raw.is_string() && raw == "semantickitti") return {semanticKittiLearningMap(), true};
    if (!raw.is_object())
        j.fail(key,
               "expected a learning map object, or \"squeezeseg\", \"street\" or "
               "\"semantickitti\"");
    return {learningMapFromJson(j.object(key)), false};
}

bool isIgnored(const ModelCard& card, int model_class) {
    if (model_class < 0) return true;
    const std::string& name = card.learning_map.classes[std::size_t(model_class)];
    return std::find(card.ignore_classes.begin(), card.ignore_classes.end(), name) !=
           card.ignore_classes.end();
}

int classOfLabel(const ModelCard& card, LabelSet set, std::uint16_t id) {
    if (set == LabelSet::kMatlab) return card.learning_map.classOf(id);
    // SemanticKITTI's benchmark leaves unlabeled (0) and outlier (1) points out.
    return id <= 1 ? -1 : card.semantickitti_map.classOf(id);
}

ModelCard squeezeSegCard(bool with_intensity) {
    ModelCard card;
    // SqueezeSeg's KITTI INPUT_MEAN / INPUT_STD (kitti_squeezeSeg_config.py), x y z intensity
    // range.
    const std::vector<double> mean = {10.88, 0.23, -1.04, 0.21, 12.12};
    const std::vector<double> std = {11.47, 6.91, 0.86, 0.16, 12.32};
    const std::vector<InputChannel> all = {InputChannel::kX, InputChannel::kY, InputChannel::kZ,
                                           InputChannel::kIntensity, InputChannel::kRange};
    for (std::size_t c = 0; c < all.size(); ++c) {
        if (!with_intensity && all[c] == InputChannel::kIntensity) continue;
        card.input_channels.push_back(all[c]);
        card.mean.push_back(mean[c]);
        card.std.push_back(std[c]);
    }
    // The bundled baseline and every checkpoint `train` writes so far saw empty cells normalised;
    // training keeps that until the baseline is retrained with the reference convention.
    card.empty_cells = EmptyCells::kNormalised;
    card.learning_map = squeezeSegLearningMap();
    card.semantickitti_map = semanticKittiMapFrom(card.learning_map);
    return card;
}

ModelCard modelCardFromJson(const JsonObject& j) {
    ModelCard card;
    card.architecture = j.string("architecture");
    if (card.architecture != "squeezeseg" && card.architecture != "torchscript")
        j.fail("architecture", "expected \"squeezeseg\" or \"torchscript\"");
    card.weights = j.string("weights");
    if (card.weights.empty() || card.weights.find('/') != std::string::npos)
        j.fail("weights", "expected a file name inside the checkpoint directory");
    card.crf = j.boolean("crf", false);
    if (card.crf && card.architecture != "squeezeseg")
        j.fail("crf", "the CRF head exists for architecture \"squeezeseg\" only");
    card.batch_norm = j.boolean("batch_norm", false);
    if (card.batch_norm && card.architecture != "squeezeseg")
        j.fail("batch_norm", "batch normalisation is a choice of architecture \"squeezeseg\" only");
    const auto& channels = j.raw("input_channels");
    if (!channels.is_array() || channels.empty())
        j.fail("input_channels", "expected a non-empty array of channel names");
    for (const auto& c : channels) {
        try {
            card.input_channels.push_back(
                inputChannelFromName(c.is_string() ? c.get<std::string>() : c.dump()));
        } catch (const ConfigError& e) {
            j.fail("input_channels", e.expected());
        }
    }
    card.grid = gridFromJson(j.object("grid"));
    card.mean = perChannel(j, "mean", card.input_channels.size(), false);
    card.std = perChannel(j, "std", card.input_channels.size(), true);
    const std::string empty = j.string("empty_cells", "zero");
    if (empty != "zero" && empty != "normalised")
        j.fail("empty_cells",
               "expected \"zero\" (normalise, then multiply by the validity mask) "
               "or \"normalised\" (empty cells enter as (0 - mean) / std)");
    card.empty_cells = empty == "zero" ? EmptyCells::kZero : EmptyCells::kNormalised;
    readLearningMaps(j, card);
    readIgnoreClasses(j, card);
    if (j.has("training")) {
        card.training = j.raw("training");
        if (!card.training.is_object()) j.fail("training", "expected an object");
    }
    j.rejectUnknownKeys();
    return card;
}

nlohmann::json modelCardToJson(const ModelCard& card) {
    nlohmann::json channels = nlohmann::json::array();
    for (auto c : card.input_channels) channels.push_back(inputChannelName(c));
    const RangeGrid& g = card.grid;
    nlohmann::json grid = {{"rows", g.rows},
                           {"cols", g.cols},
                           {"top_elevation_deg", g.top_elevation_deg},
                           {"elevation_step_deg", g.elevation_step_deg},
                           {"left_azimuth_deg", g.left_azimuth_deg},
                           {"azimuth_step_deg", g.azimuth_step_deg}};
    if (!g.row_elevations_deg.empty()) grid["row_elevations_deg"] = g.row_elevations_deg;
    if (!g.row_origin_z_m.empty()) grid["row_origin_z_m"] = g.row_origin_z_m;
    if (g.clamp_outside) grid["outside"] = "clamp";
    nlohmann::json out = {
        {"architecture", card.architecture},
        {"weights", card.weights},
        {"crf", card.crf},
        {"input_channels", channels},
        {"grid", grid},
        {"mean", card.mean},
        {"std", card.std},
        {"empty_cells", card.empty_cells == EmptyCells::kZero ? "zero" : "normalised"},
        {"learning_map", learningMapToJson(card.learning_map)},
        {"training", card.training}};
    if (card.semantickitti_map_given)
        out["learning_map_semantickitti"] = learningMapToJson(card.semantickitti_map);
    if (!card.ignore_classes.empty()) out["ignore_classes"] = card.ignore_classes;
    // Written when on only: the cards (and network hashes) of networks without it stay as they
    // were.
    if (card.batch_norm) out["batch_norm"] = true;
    return out;
}

ModelCard loadModelCard(const std::string& checkpoint_dir) {
    const std::string path = (fs::path(checkpoint_dir) / "model_card.json").string();
    if (!fs::exists(path))
        throw FileError(checkpoint_dir,
                        "not a checkpoint: expected a directory holding model_card.json");
    const nlohmann::json json = readJsonFile(path);
    return modelCardFromJson(JsonObject(json, path, ""));
}

void saveModelCard(const ModelCard& card, const std::string& checkpoint_dir) {
    fs::create_directories(checkpoint_dir);
    writeFileAtomic((fs::path(checkpoint_dir) / "model_card.json").string(),
                    modelCardToJson(card).dump(2) + "\n");
}

}  // namespace blindspot

#include "models/external/ExternalPredictor.hpp"

#include <filesystem>

#include "core/base/AtomicFile.hpp"
#include "core/base/Error.hpp"
#include "core/base/Hash.hpp"
#include "core/base/Json.hpp"
#include "models/projection/ModelCard.hpp"

namespace blindspot {
namespace {

namespace fs = std::filesystem;

constexpr const char* kPrefix = "external:";

std::vector<std::string> commandAt(const JsonObject& j) {
    const auto& raw = j.raw("command");
    std::vector<std::string> argv;
    if (raw.is_array())
        for (const auto& a : raw)
            if (a.is_string() && !a.get<std::string>().empty()) argv.push_back(a);
    if (!raw.is_array() || raw.empty() || argv.size() != raw.size())
        j.fail("command", "expected a non-empty array of non-empty strings (argv, no shell)");
    return argv;
}

std::optional<LabelSet> inputLabelsAt(const JsonObject& j) {
    const std::string name = j.string("input_labels", "none");
    if (name == "none") return std::nullopt;
    if (name == "matlab") return LabelSet::kMatlab;
    if (name == "semantickitti") return LabelSet::kSemanticKitti;
    j.fail("input_labels", "expected \"none\", \"matlab\" or \"semantickitti\"");
}

ExternalPredictor::Protocol protocolAt(const JsonObject& j) {
    const std::string name = j.string("protocol", "per-batch");
    if (name == "per-batch") return ExternalPredictor::Protocol::kPerBatch;
    if (name == "persistent") return ExternalPredictor::Protocol::kPersistent;
    j.fail("protocol", "expected \"per-batch\" or \"persistent\"");
}

// {"NAME": ["value of worker 0", "value of worker 1", ...]}: worker i takes value i modulo the
// list's length (CUDA_VISIBLE_DEVICES per worker, say).
std::map<std::string, std::vector<std::string>> workerEnvAt(const JsonObject& j) {
    std::map<std::string, std::vector<std::string>> env;
    if (!j.has("worker_env")) return env;
    const auto& raw = j.raw("worker_env");
    if (!raw.is_object()) j.fail("worker_env", "expected an object of string lists");
    for (const auto& [name, values] : raw.items()) {
        std::vector<std::string> list;
        if (values.is_array())
            for (const auto& v : values)
                if (v.is_string()) list.push_back(v);
        if (name.empty() || !values.is_array() || values.empty() || list.size() != values.size())
            j.fail("worker_env/" + name, "expected a non-empty list of strings");
        env[name] = list;
    }
    return env;
}

// Point-cloud input: the answers' id space and the map from those ids to classes.
void readPointLabels(const JsonObject& j, ExternalPredictor& p) {
    const std::string ids = j.string("prediction_ids", "semantickitti");
    if (ids != "semantickitti" && ids != "matlab")
        j.fail("prediction_ids", "expected \"semantickitti\" or \"matlab\"");
    p.prediction_ids = labelSetFromName(ids);
    if (!j.has("learning_map")) j.fail("learning_map", "expected a learning map");
    auto [map, keyed_by_semantickitti] = learningMapAt(j, "learning_map");
    const bool semantickitti = p.prediction_ids == LabelSet::kSemanticKitti;
    if (j.raw("learning_map").is_string() && keyed_by_semantickitti != semantickitti)
        j.fail("learning_map", "a map over " + ids + " ids, as prediction_ids says");
    p.learning_map = std::move(map);
    p.palette_map = semantickitti ? paletteMapFrom(p.learning_map) : p.learning_map;
    p.input_labels = inputLabelsAt(j);
}

// "input": "range_image": the card at "model_card" gives the classes, over palette ids (the
// sweep's truth) as the answers' class indices need no map of their own.
void readRangeImageCard(const JsonObject& j, const fs::path& folder, ExternalPredictor& p) {
    for (const char* key : {"prediction_ids", "learning_map", "input_labels"})
        if (j.has(key))
            j.fail(key, "not with \"input\": \"range_image\", whose model card names the classes");
    if (!j.has("model_card")) j.fail("model_card", "expected the model card of the range images");
    const std::string path = (folder / j.string("model_card", "")).lexically_normal().string();
    if (!fs::is_regular_file(path)) j.fail("model_card", "expected a file; " + path + " is none");
    const nlohmann::json card = readJsonFile(path);
    p.range_image_card = modelCardFromJson(JsonObject(card, path, ""));
    p.learning_map = p.range_image_card->learning_map;
    p.palette_map = p.range_image_card->learning_map;
    p.card_bytes = readFileBytes(path);
}

// CMD.json, the card it names and every argument that names a file next to it: a changed script,
// card or weights file changes the identity the run records.
std::string identityOf(const ExternalPredictor& p, const std::string& json_bytes) {
    std::uint64_t h = fnv1a64(p.card_bytes, fnv1a64(json_bytes));
    for (const auto& a : p.command) {
        const fs::path file = fs::path(p.working_directory) / a;
        std::error_code ec;
        if (fs::is_regular_file(file, ec)) h = fnv1a64(readFileBytes(file.string()), h);
    }
    return "external-" + hex64(h);
}

}  // namespace

std::string externalPredictorPath(const std::string& model) {
    const std::string prefix = kPrefix;
    return model.rfind(prefix, 0) == 0 ? model.substr(prefix.size()) : "";
}

ExternalPredictor loadExternalPredictor(const std::string& path) {
    const std::string bytes = readFileBytes(path);
    const nlohmann::json json = readJsonFile(path);
    const JsonObject j(json, path, "");
    ExternalPredictor p;
    p.spec_path = path;
    p.command = commandAt(j);
    const fs::path folder = fs::absolute(path).parent_path();
    p.working_directory = (folder / j.string("working_directory", ".")).lexically_normal().string();
    if (!fs::is_directory(p.working_directory))
        j.fail("working_directory", "expected a directory; " + p.working_directory + " is none");
    const std::string input = j.string("input", "points");
    if (input != "points" && input != "range_image")
        j.fail("input", "expected \"points\" or \"range_image\"");
    if (input == "range_image")
        readRangeImageCard(j, folder, p);
    else
        readPointLabels(j, p);
    p.timeout = std::chrono::seconds(j.integerIn("timeout_s", 600, 1, 86400));
    p.protocol = protocolAt(j);
    p.worker_env = workerEnvAt(j);
    j.rejectUnknownKeys();
    p.identity = identityOf(p, bytes);
    return p;
}

}  // namespace blindspot

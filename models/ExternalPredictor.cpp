#include "models/ExternalPredictor.hpp"

#include <unistd.h>

#include <atomic>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "core/AtomicFile.hpp"
#include "core/ChildProcess.hpp"
#include "core/Error.hpp"
#include "core/Hash.hpp"
#include "core/Json.hpp"
#include "core/ScanIo.hpp"
#include "models/ModelCard.hpp"

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

// CMD.json and every argument that names a file next to it: a changed script or weights file
// changes the identity the run records.
std::string identityOf(const ExternalPredictor& p, const std::string& json_bytes) {
    std::uint64_t h = fnv1a64(json_bytes);
    for (const auto& a : p.command) {
        const fs::path file = fs::path(p.working_directory) / a;
        std::error_code ec;
        if (fs::is_regular_file(file, ec)) h = fnv1a64(readFileBytes(file.string()), h);
    }
    return "external-" + hex64(h);
}

// The last non-empty line of the command's log: usually the error it died of.
std::string lastLine(const std::string& log_path) {
    std::ifstream in(log_path);
    std::string line, last;
    while (std::getline(in, line))
        if (!line.empty()) last = line;
    return last.empty() ? "" : " (last output: " + last.substr(0, 200) + ")";
}

fs::path batchDirectory() {
    static std::atomic<unsigned> counter{0};
    return fs::temp_directory_path() /
           ("blindspot-external-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
}

class ExternalSegmenter : public Segmenter {
  public:
    explicit ExternalSegmenter(ExternalPredictor p) : p_(std::move(p)) {}

    std::vector<std::string> classNames() const override { return p_.learning_map.classes; }
    int classOf(std::uint16_t palette_label) const override {
        return p_.palette_map.classOf(palette_label);
    }
    std::vector<int> predict(const ScanGrid& scan) override { return predictBatch({&scan})[0]; }
    std::vector<std::vector<int>> predictBatch(const std::vector<const ScanGrid*>& scans) override {
        std::vector<std::string> names;
        for (std::size_t k = 0; k < scans.size(); ++k)
            names.push_back("frame " + kittiFrameName(k));
        return predictBatch(scans, names);
    }
    std::vector<std::vector<int>> predictBatch(const std::vector<const ScanGrid*>& scans,
                                               const std::vector<std::string>& names) override {
        try {
            return runBatch(scans, names);
        } catch (const FileError&) {
            return runBatch(scans, names);  // once more: a flaky command gets a second chance
        }
    }
    std::string checkpointHash() const override { return p_.identity; }

  private:
    std::vector<std::vector<int>> runBatch(const std::vector<const ScanGrid*>& scans,
                                           const std::vector<std::string>& names) const {
        const fs::path dir = batchDirectory();
        struct Cleanup {
            fs::path dir;
            ~Cleanup() {
                std::error_code ec;
                fs::remove_all(dir, ec);
            }
        } cleanup{dir};
        std::error_code ec;
        // labels/ only when asked: a tool may take an empty labels/ for a labelled sequence.
        for (const char* sub : {"velodyne", "predictions", p_.input_labels ? "labels" : ""})
            if (*sub && (fs::create_directories(dir / sub, ec), ec))
                throw FileError((dir / sub).string(),
                                "cannot create the batch folder: " + ec.message());
        for (std::size_t k = 0; k < scans.size(); ++k) writeFrame(dir, k, *scans[k]);
        std::vector<std::string> argv = p_.command;
        argv.push_back(dir.string());
        const std::string log = (dir / "command.log").string();
        const ChildExit e = runCommand(argv, p_.working_directory, log, p_.timeout);
        if (e.kind != ChildExit::Kind::kExited || e.exit_code != 0)
            throw FileError(p_.spec_path,
                            "scenes " + names.front() + " .. " + names.back() +
                                ": the command ended with " + e.describe() +
                                (e.kind == ChildExit::Kind::kTimedOut
                                     ? " (" + std::to_string(p_.timeout.count()) + " s)"
                                     : "") +
                                lastLine(log));
        std::vector<std::vector<int>> out;
        for (std::size_t k = 0; k < scans.size(); ++k)
            out.push_back(readFrame(dir, k, *scans[k], names[k]));
        return out;
    }

    void writeFrame(const fs::path& dir, std::size_t k, const ScanGrid& scan) const {
        PointList points = validPoints(scan);
        const std::string name = kittiFrameName(k);
        writeFileAtomic((dir / "velodyne" / (name + ".bin")).string(), encodeKittiBin(points));
        if (!p_.input_labels) return;
        for (auto& id : points.label) id = labelIdIn(*p_.input_labels, id);
        writeFileAtomic((dir / "labels" / (name + ".label")).string(),
                        encodeSemanticKittiLabel(points));
    }

    // Predictions come in the order of the .bin's points: the scan's valid cells, row-major.
    std::vector<int> readFrame(const fs::path& dir, std::size_t k, const ScanGrid& scan,
                               const std::string& name) const {
        const std::string file = "predictions/" + kittiFrameName(k) + ".label";
        const fs::path path = dir / file;
        if (!fs::is_regular_file(path))
            throw FileError(p_.spec_path, "scene " + name + ": the command wrote no " + file);
        const std::string bytes = readFileBytes(path.string());
        const std::size_t points = scan.validCount();
        if (bytes.size() != 4 * points)
            throw FileError(p_.spec_path, "scene " + name + ": " + file + " holds " +
                                              std::to_string(bytes.size() / 4) + " labels for " +
                                              std::to_string(points) + " points" +
                                              (bytes.size() % 4 ? " (and a stray byte)" : ""));
        std::vector<int> predicted(scan.cellCount(), -1);
        std::size_t point = 0;
        for (std::size_t i = 0; i < scan.cellCount(); ++i) {
            if (!scan.valid(i)) continue;
            std::uint32_t value = 0;
            std::memcpy(&value, bytes.data() + 4 * point++, 4);
            predicted[i] = p_.learning_map.classOf(std::uint16_t(value & 0xFFFFu));
        }
        return predicted;
    }

    ExternalPredictor p_;
};

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
    p.timeout = std::chrono::seconds(j.integerIn("timeout_s", 600, 1, 86400));
    j.rejectUnknownKeys();
    p.identity = identityOf(p, bytes);
    return p;
}

std::unique_ptr<Segmenter> makeExternalSegmenter(const ExternalPredictor& predictor) {
    return std::make_unique<ExternalSegmenter>(predictor);
}

}  // namespace blindspot

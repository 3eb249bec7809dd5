#include "models/external/ExternalBatch.hpp"

#include <unistd.h>

#include <atomic>
#include <cstring>
#include <fstream>

#include "core/base/AtomicFile.hpp"
#include "core/base/Error.hpp"
#include "core/base/NpyFile.hpp"
#include "core/scan/ScanIo.hpp"
#include "models/projection/CardInput.hpp"

namespace blindspot {
namespace {

namespace fs = std::filesystem;

fs::path batchDirectory() {
    static std::atomic<unsigned> counter{0};  // unique per process; the pid tells processes apart
    std::error_code ec;
    const fs::path root =
        fs::is_directory("/dev/shm", ec) ? fs::path("/dev/shm") : fs::temp_directory_path();
    return root /
           ("blindspot-external-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
}

void writeFrame(const ExternalPredictor& p, const fs::path& dir, std::size_t k,
                const PointList& points) {
    const std::string name = kittiFrameName(k);
    writeFileAtomic((dir / "velodyne" / (name + ".bin")).string(), encodeKittiBin(points));
    if (!p.input_labels || points.label.size() != points.size()) return;
    PointList labelled = points;
    for (auto& id : labelled.label) id = labelIdIn(*p.input_labels, id);
    writeFileAtomic((dir / "labels" / (name + ".label")).string(),
                    encodeSemanticKittiLabel(labelled));
}

// A range-image network answers with the card's class index; anything else is its error.
int classIndexOf(const ExternalPredictor& p, std::uint32_t value, const std::string& file,
                 const std::string& name) {
    const int classes = p.range_image_card->classCount();
    if (value >= std::uint32_t(classes))
        throw FileError(p.spec_path, "scene " + name + ": " + file + " holds class index " +
                                         std::to_string(value) + "; the model card has " +
                                         std::to_string(classes) + " classes");
    return int(value);
}

std::vector<int> readFrame(const ExternalPredictor& p, const fs::path& dir, std::size_t k,
                           std::size_t points, const std::string& name) {
    const std::string file = "predictions/" + kittiFrameName(k) + ".label";
    const fs::path path = dir / file;
    if (!fs::is_regular_file(path))
        throw FileError(p.spec_path, "scene " + name + ": the command wrote no " + file);
    const std::string bytes = readFileBytes(path.string());
    const char* what = p.range_image_card ? " image cells" : " points";
    if (bytes.size() != 4 * points)
        throw FileError(p.spec_path, "scene " + name + ": " + file + " holds " +
                                         std::to_string(bytes.size() / 4) + " labels for " +
                                         std::to_string(points) + what +
                                         (bytes.size() % 4 ? " (and a stray byte)" : ""));
    std::vector<int> predicted(points, -1);
    for (std::size_t i = 0; i < points; ++i) {
        std::uint32_t value = 0;
        std::memcpy(&value, bytes.data() + 4 * i, 4);
        predicted[i] = p.range_image_card ? classIndexOf(p, value, file, name)
                                          : p.learning_map.classOf(std::uint16_t(value & 0xFFFFu));
    }
    return predicted;
}

}  // namespace

ExternalBatch::ExternalBatch(const ExternalPredictor& predictor, std::vector<PointList> frames)
    : predictor_(predictor), dir_(batchDirectory()) {
    // labels/ only when asked: a tool may take an empty labels/ for a labelled sequence.
    const bool labels = predictor.input_labels && !frames.empty() &&
                        frames.front().label.size() == frames.front().size();
    createFolders({"velodyne", "predictions", labels ? "labels" : ""});
    for (std::size_t k = 0; k < frames.size(); ++k) {
        writeFrame(predictor, dir_, k, frames[k]);
        answers_.push_back(frames[k].size());
    }
}

ExternalBatch::ExternalBatch(const ExternalPredictor& predictor,
                             const std::vector<const RangeImage*>& images)
    : predictor_(predictor), dir_(batchDirectory()) {
    createFolders({"range_image", "predictions"});
    const ModelCard& card = *predictor.range_image_card;
    for (std::size_t k = 0; k < images.size(); ++k) {
        const NpyArray input{{std::size_t(card.channelCount()), std::size_t(card.grid.rows),
                              std::size_t(card.grid.cols)},
                             cardInput(*images[k], card)};
        writeFileAtomic((dir_ / "range_image" / (kittiFrameName(k) + ".npy")).string(),
                        encodeNpyFloat32(input));
        answers_.push_back(card.grid.cellCount());
    }
}

void ExternalBatch::createFolders(const std::vector<const char*>& subfolders) const {
    std::error_code ec;
    for (const char* sub : subfolders)
        if (*sub && (fs::create_directories(dir_ / sub, ec), ec))
            throw FileError((dir_ / sub).string(),
                            "cannot create the batch folder: " + ec.message());
}

ExternalBatch::~ExternalBatch() {
    std::error_code ec;
    fs::remove_all(dir_, ec);
}

std::vector<std::string> ExternalBatch::frames() const {
    std::vector<std::string> names;
    for (std::size_t k = 0; k < answers_.size(); ++k) names.push_back(kittiFrameName(k));
    return names;
}

std::vector<std::vector<int>> ExternalBatch::predictions(
    const std::vector<std::string>& names) const {
    std::vector<std::vector<int>> out;
    for (std::size_t k = 0; k < answers_.size(); ++k)
        out.push_back(readFrame(predictor_, dir_, k, answers_[k], names[k]));
    return out;
}

void ExternalBatch::clearPredictions() const {
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir_ / "predictions", ec))
        fs::remove_all(entry.path(), ec);
}

std::string lastLogLine(const std::string& log_path) {
    std::ifstream in(log_path);
    std::string line, last;
    while (std::getline(in, line))
        if (!line.empty()) last = line;
    return last.empty() ? "" : " (last output: " + last.substr(0, 200) + ")";
}

}  // namespace blindspot

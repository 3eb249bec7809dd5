#include "sweep/RunPredictions.hpp"

#include <filesystem>

#include "core/AtomicFile.hpp"
#include "core/Error.hpp"

namespace blindspot {

namespace fs = std::filesystem;

namespace {

LearningMap learningMapOf(const Segmenter& segmenter) {
    LearningMap map;
    map.classes = segmenter.classNames();
    map.default_class = segmenter.classOf(0);
    map.class_of_label.resize(65536);
    for (std::size_t id = 0; id < map.class_of_label.size(); ++id)
        map.class_of_label[id] = std::uint8_t(segmenter.classOf(std::uint16_t(id)));
    return map;
}

}  // namespace

std::string predictionPath(const std::string& run_dir, const std::string& scene_id) {
    return (fs::path(run_dir) / "predictions" / (scene_id + ".pred")).string();
}

std::string encodePredictions(const std::vector<int>& predicted) {
    std::string bytes(predicted.size(), char(kNoPrediction));
    for (std::size_t i = 0; i < predicted.size(); ++i)
        if (predicted[i] >= 0 && predicted[i] < kNoPrediction) bytes[i] = char(predicted[i]);
    return bytes;
}

void writePredictionClasses(const Segmenter& segmenter, const std::string& run_dir) {
    writeFileAtomic(predictionClassesPath(run_dir),
                    learningMapToJson(learningMapOf(segmenter)).dump(2) + "\n");
}

std::string predictionClassesPath(const std::string& run_dir) {
    return (fs::path(run_dir) / "predictions" / "classes.json").string();
}

std::vector<int> readPredictions(const std::string& run_dir, const std::string& scene_id,
                                 std::size_t cell_count) {
    const std::string path = predictionPath(run_dir, scene_id);
    const std::string bytes = readFileBytes(path);
    if (bytes.size() != cell_count)
        throw FileError(path, "expected " + std::to_string(cell_count) +
                                  " bytes (one per scan cell), got " +
                                  std::to_string(bytes.size()));
    std::vector<int> predicted(cell_count);
    for (std::size_t i = 0; i < cell_count; ++i) {
        const int v = static_cast<unsigned char>(bytes[i]);
        predicted[i] = v == kNoPrediction ? -1 : v;
    }
    return predicted;
}

LearningMap readPredictionClasses(const std::string& run_dir) {
    return loadLearningMap(predictionClassesPath(run_dir));
}

}  // namespace blindspot

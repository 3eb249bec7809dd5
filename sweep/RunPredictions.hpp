#pragma once
// What a scored run keeps of its network's output, next to the results store.
#include <string>
#include <vector>

#include "core/LearningMap.hpp"
#include "core/Segmenter.hpp"

namespace blindspot {

/// Predictions of a scored run: RUN_DIR/predictions/SCENE_ID.pred, one byte per scan cell in
/// row-major grid order holding the model's class index, kNoPrediction where the segmenter made
/// none (no return, or outside its range image).
constexpr int kNoPrediction = 255;
std::string predictionPath(const std::string& run_dir, const std::string& scene_id);
/// RUN_DIR/predictions/classes.json: the segmenter's classes and learning map
/// (core/LearningMap.hpp), to read the predictions and map the scans' labels.
std::string predictionClassesPath(const std::string& run_dir);
void writePredictionClasses(const Segmenter& segmenter, const std::string& run_dir);
std::string encodePredictions(const std::vector<int>& predicted);
/// Reads one scene's predictions (-1 = none). Throws FileError on a missing or wrong-sized file.
std::vector<int> readPredictions(const std::string& run_dir, const std::string& scene_id,
                                 std::size_t cell_count);
/// Reads predictions/classes.json.
LearningMap readPredictionClasses(const std::string& run_dir);

}  // namespace blindspot

#pragma once
// A "learning map" in SemanticKITTI's sense: palette ids -> a model's training classes.
//
// JSON: {"classes": ["unknown", "car", ...],
//        "map": {"vehicle": 1, "10": 1, ...},     // palette name or id -> class index
//        "default_class": 0}                        // class of every unmapped id
#include <cstdint>
#include <string>
#include <vector>

#include "core/base/Json.hpp"

namespace blindspot {

struct LearningMap {
    std::vector<std::string> classes;
    std::vector<std::uint8_t> class_of_label;  ///< 65536 entries, indexed by palette id
    int default_class = 0;

    int classOf(std::uint16_t palette_id) const { return class_of_label[palette_id]; }
};

LearningMap learningMapFromJson(const JsonObject& json);
LearningMap loadLearningMap(const std::string& path);
/// JSON form, with every id that maps away from default_class listed by number.
nlohmann::json learningMapToJson(const LearningMap& map);
/// SqueezeSeg's KITTI classes: unknown, car (vehicle), pedestrian, cyclist (bicyclist).
LearningMap squeezeSegLearningMap();
/// The squeezeseg classes first (car stays class 1), then the street classes that SemanticKITTI
/// labels and our world has: road (and lane marking), sidewalk (and kerb), building, vegetation,
/// trunk, terrain, pole, fence (and guard rail), traffic-sign (signs and signals). A network
/// trained on it has to tell a hedge or a façade from a car instead of lumping both into
/// "unknown" (issue 33).
LearningMap streetLearningMap();
/// SemanticKITTI's 19 training classes plus 0 "unlabeled", over SemanticKITTI raw ids: the
/// `learning_map` of semantic-kitti.yaml (moving ids onto their static class; 52, 99 and 1 to 0;
/// lane marking to road). Keys are raw ids, not palette ids.
LearningMap semanticKittiLearningMap();
/// semantic-kitti.yaml's `learning_map_inv`: the raw id each of the 20 classes is written as.
std::vector<std::uint16_t> semanticKittiInverseMap();

}  // namespace blindspot

#include "core/segmentation/LearningMap.hpp"

#include "core/geometry/Material.hpp"

namespace blindspot {

LearningMap learningMapFromJson(const JsonObject& j) {
    LearningMap map;
    const auto& classes = j.raw("classes");
    if (!classes.is_array() || classes.empty() || classes.size() > 255)
        j.fail("classes", "expected an array of 1 to 255 class names");
    for (const auto& c : classes) {
        if (!c.is_string()) j.fail("classes", "expected class names as strings");
        map.classes.push_back(c.get<std::string>());
    }
    const int class_count = int(map.classes.size());
    map.default_class = j.integer("default_class", 0);
    if (map.default_class < 0 || map.default_class >= class_count)
        j.fail("default_class",
               "must index classes, in [0, " + std::to_string(class_count - 1) + "]");
    map.class_of_label.assign(65536, std::uint8_t(map.default_class));
    const auto& entries = j.raw("map");
    if (!entries.is_object())
        j.fail("map", "expected an object of palette id or name -> class index");
    for (const auto& [key, value] : entries.items()) {
        const int id = paletteIdFromName(key);
        if (id < 0)
            throw ConfigError(ErrorSource::file(j.file(), j.pathOf("map") + "/" + key),
                              "unknown palette label");
        if (!value.is_number_integer() || value.get<int>() < 0 || value.get<int>() >= class_count)
            throw ConfigError(
                ErrorSource::file(j.file(), j.pathOf("map") + "/" + key),
                "expected a class index in [0, " + std::to_string(class_count - 1) + "]");
        map.class_of_label[id] = std::uint8_t(value.get<int>());
    }
    j.rejectUnknownKeys();
    return map;
}

LearningMap loadLearningMap(const std::string& path) {
    const nlohmann::json json = readJsonFile(path);
    return learningMapFromJson(JsonObject(json, path, ""));
}

nlohmann::json learningMapToJson(const LearningMap& map) {
    nlohmann::json entries = nlohmann::json::object();
    for (std::size_t id = 0; id < map.class_of_label.size(); ++id)
        if (map.class_of_label[id] != map.default_class)
            entries[std::to_string(id)] = int(map.class_of_label[id]);
    return {{"classes", map.classes}, {"map", entries}, {"default_class", map.default_class}};
}

LearningMap squeezeSegLearningMap() {
    const nlohmann::json json = {{"classes", {"unknown", "car", "pedestrian", "cyclist"}},
                                 {"map", {{"vehicle", 1}, {"pedestrian", 2}, {"bicyclist", 3}}},
                                 {"default_class", 0}};
    return learningMapFromJson(JsonObject(json, "built-in squeezeseg map", ""));
}

LearningMap streetLearningMap() {
    const nlohmann::json json = {
        {"classes",
         {"unknown", "car", "pedestrian", "cyclist", "road", "sidewalk", "building", "vegetation",
          "trunk", "terrain", "pole", "fence", "traffic-sign"}},
        {"map",
         {{"vehicle", 1},
          {"pedestrian", 2},
          {"bicyclist", 3},
          {"road", 4},
          {"lane_marking", 4},
          {"sidewalk", 5},
          {"curb", 5},
          {"building", 6},
          {"vegetation", 7},
          {"trunk", 8},
          {"terrain", 9},
          {"pole", 10},
          {"fence", 11},
          {"guard_rail", 11},
          {"traffic_sign", 12},
          {"stop_sign", 12},
          {"yield_sign", 12},
          {"speed_limit_sign", 12},
          {"traffic_signal", 12}}},
        {"default_class", 0}};
    return learningMapFromJson(JsonObject(json, "built-in street map", ""));
}

LearningMap semanticKittiLearningMap() {
    LearningMap map;
    map.classes = {"unlabeled",     "car",      "bicycle",      "motorcycle",   "truck",
                   "other-vehicle", "person",   "bicyclist",    "motorcyclist", "road",
                   "parking",       "sidewalk", "other-ground", "building",     "fence",
                   "vegetation",    "trunk",    "terrain",      "pole",         "traffic-sign"};
    map.class_of_label.assign(65536, 0);
    const std::pair<std::uint16_t, std::uint8_t> entries[] = {
        {10, 1},  {11, 2},  {13, 5},  {15, 3},  {16, 5},  {18, 4},  {20, 5},  {30, 6},
        {31, 7},  {32, 8},  {40, 9},  {44, 10}, {48, 11}, {49, 12}, {50, 13}, {51, 14},
        {60, 9},  {70, 15}, {71, 16}, {72, 17}, {80, 18}, {81, 19}, {252, 1}, {253, 7},
        {254, 6}, {255, 8}, {256, 5}, {257, 5}, {258, 4}, {259, 5}};
    for (const auto& [id, cls] : entries) map.class_of_label[id] = cls;
    return map;
}

std::vector<std::uint16_t> semanticKittiInverseMap() {
    return {0, 10, 11, 15, 18, 20, 30, 31, 32, 40, 44, 48, 49, 50, 51, 70, 71, 72, 80, 81};
}

}  // namespace blindspot

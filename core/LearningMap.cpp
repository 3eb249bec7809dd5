#include "core/LearningMap.hpp"

#include "core/Material.hpp"

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

}  // namespace blindspot

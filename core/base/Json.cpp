#include "core/base/Json.hpp"

#include <fstream>
#include <sstream>

namespace blindspot {

nlohmann::json readJsonFile(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw FileError(path, "cannot open file for reading");
    std::stringstream text;
    text << in.rdbuf();
    try {
        return nlohmann::json::parse(text.str());
    } catch (const nlohmann::json::parse_error& e) {
        throw ConfigError(ErrorSource::file(path),
                          "malformed JSON at byte " + std::to_string(e.byte));
    } catch (const nlohmann::json::exception& e) {
        // Valid syntax the parser still refuses: a number beyond double's range (found by
        // fuzz_lidar_spec). e.what() is "[json.exception.out_of_range.406] number overflow ...".
        const std::string what = e.what();
        throw ConfigError(ErrorSource::file(path),
                          "malformed JSON: " + what.substr(what.find(']') + 2));
    }
}

JsonObject::JsonObject(const nlohmann::json& value, std::string file, std::string path)
    : json_(&value), file_(std::move(file)), path_(std::move(path)) {
    if (!value.is_object())
        throw ConfigError(ErrorSource::file(file_, path_), "expected an object");
}

bool JsonObject::has(const std::string& key) const { return json_->contains(key); }

std::vector<std::string> JsonObject::keys() const {
    std::vector<std::string> out;
    for (const auto& item : json_->items()) out.push_back(item.key());
    return out;
}

const nlohmann::json& JsonObject::value(const std::string& key) const {
    auto it = json_->find(key);
    if (it == json_->end()) fail(key, "required key is missing");
    read_.insert(key);
    return *it;
}

const nlohmann::json& JsonObject::raw(const std::string& key) const { return value(key); }

double JsonObject::number(const std::string& key) const {
    const auto& v = value(key);
    if (!v.is_number()) fail(key, "expected a number, got " + std::string(v.type_name()));
    return v.get<double>();
}

double JsonObject::number(const std::string& key, double fallback) const {
    return has(key) ? number(key) : fallback;
}

int JsonObject::integer(const std::string& key) const {
    const auto& v = value(key);
    if (!v.is_number_integer()) fail(key, "expected an integer, got " + std::string(v.type_name()));
    return v.get<int>();
}

int JsonObject::integer(const std::string& key, int fallback) const {
    return has(key) ? integer(key) : fallback;
}

int JsonObject::integerIn(const std::string& key, int fallback, int low, int high) const {
    const int v = integer(key, fallback);
    if (v < low || v > high)
        fail(key, "expected an integer in [" + std::to_string(low) + ", " + std::to_string(high) +
                      "], got " + std::to_string(v));
    return v;
}

std::string JsonObject::string(const std::string& key) const {
    const auto& v = value(key);
    if (!v.is_string()) fail(key, "expected a string, got " + std::string(v.type_name()));
    return v.get<std::string>();
}

std::string JsonObject::string(const std::string& key, const std::string& fallback) const {
    return has(key) ? string(key) : fallback;
}

bool JsonObject::boolean(const std::string& key, bool fallback) const {
    if (!has(key)) return fallback;
    const auto& v = value(key);
    if (!v.is_boolean()) fail(key, "expected true or false, got " + std::string(v.type_name()));
    return v.get<bool>();
}

std::vector<double> JsonObject::numbers(const std::string& key) const {
    const auto& v = value(key);
    if (!v.is_array()) fail(key, "expected an array of numbers, got " + std::string(v.type_name()));
    std::vector<double> out;
    for (std::size_t i = 0; i < v.size(); ++i) {
        if (!v[i].is_number())
            throw ConfigError(ErrorSource::file(file_, pathOf(key) + "/" + std::to_string(i)),
                              "expected a number");
        out.push_back(v[i].get<double>());
    }
    return out;
}

JsonObject JsonObject::object(const std::string& key) const {
    return JsonObject(value(key), file_, pathOf(key));
}

std::vector<JsonObject> JsonObject::objects(const std::string& key) const {
    const auto& v = value(key);
    if (!v.is_array()) fail(key, "expected an array of objects, got " + std::string(v.type_name()));
    std::vector<JsonObject> out;
    for (std::size_t i = 0; i < v.size(); ++i)
        out.emplace_back(v[i], file_, pathOf(key) + "/" + std::to_string(i));
    return out;
}

void JsonObject::rejectUnknownKeys() const {
    for (const auto& item : json_->items()) {
        if (!read_.count(item.key())) fail(item.key(), "unknown key");
    }
}

void JsonObject::fail(const std::string& key, const std::string& expected) const {
    throw ConfigError(ErrorSource::file(file_, key.empty() ? path_ : pathOf(key)), expected);
}

}  // namespace blindspot

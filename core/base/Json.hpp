#pragma once
// Strict reading of JSON configuration: every read records its JSON path, wrong types and unknown
// keys raise ConfigError naming the file, the path and what was expected.
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "core/base/Error.hpp"

namespace blindspot {

/// Parses a JSON file; malformed JSON or an unreadable file raises ConfigError / FileError.
nlohmann::json readJsonFile(const std::string& path);

/// A view of one JSON object that tracks which keys were read, so unknown keys can be rejected.
class JsonObject {
  public:
    JsonObject(const nlohmann::json& value, std::string file, std::string path);

    bool has(const std::string& key) const;
    /// Every key of the object, in order.
    std::vector<std::string> keys() const;
    double number(const std::string& key) const;
    double number(const std::string& key, double fallback) const;
    int integer(const std::string& key) const;
    int integer(const std::string& key, int fallback) const;
    /// An optional integer that must lie in [low, high] (a documented limit, e.g. tessellation).
    int integerIn(const std::string& key, int fallback, int low, int high) const;
    std::string string(const std::string& key) const;
    std::string string(const std::string& key, const std::string& fallback) const;
    bool boolean(const std::string& key, bool fallback) const;
    std::vector<double> numbers(const std::string& key) const;
    /// A nested object, with its own key tracking.
    JsonObject object(const std::string& key) const;
    /// An array of objects.
    std::vector<JsonObject> objects(const std::string& key) const;
    /// The raw value, marked as read.
    const nlohmann::json& raw(const std::string& key) const;

    /// Throws ConfigError for the first key that was never read.
    void rejectUnknownKeys() const;
    /// Raises a ConfigError at this object's path (or at one of its keys).
    [[noreturn]] void fail(const std::string& key, const std::string& expected) const;

    const std::string& file() const { return file_; }
    const std::string& path() const { return path_; }
    std::string pathOf(const std::string& key) const { return path_ + "/" + key; }

  private:
    const nlohmann::json& value(const std::string& key) const;

    const nlohmann::json* json_;
    std::string file_;
    std::string path_;
    mutable std::set<std::string> read_;
};

}  // namespace blindspot

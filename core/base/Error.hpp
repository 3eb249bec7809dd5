#pragma once
// Typed errors raised at the boundaries (config, files, specs). The CLI maps each type to one line
// and one exit code; library code only throws.
#include <stdexcept>
#include <string>
#include <utility>

namespace blindspot {

/// Base of every error blindspot raises on purpose.
class Error : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/// Where a bad value came from: a file and a JSON path in it, a command-line flag, a run
/// directory or a scene. Code that checks a value but does not know where it was read throws with
/// a `value` source (a JSON path only); the caller that knows re-raises it `within` its own source.
struct ErrorSource {
    enum class Kind { File, Flag, RunDirectory, Scene, Value };
    Kind kind = Kind::Value;
    std::string name;       ///< file path, flag ("--shard"), run directory or scene id
    std::string json_path;  ///< "/dimensions/x_m/range", or empty

    static ErrorSource file(std::string path, std::string json_path = "") {
        return {Kind::File, std::move(path), std::move(json_path)};
    }
    static ErrorSource flag(std::string flag, std::string json_path = "") {
        return {Kind::Flag, std::move(flag), std::move(json_path)};
    }
    static ErrorSource runDirectory(std::string dir, std::string json_path = "") {
        return {Kind::RunDirectory, std::move(dir), std::move(json_path)};
    }
    static ErrorSource scene(std::string scene_id, std::string json_path = "") {
        return {Kind::Scene, "scene " + std::move(scene_id), std::move(json_path)};
    }
    static ErrorSource value(std::string json_path) {
        return {Kind::Value, "", std::move(json_path)};
    }

    /// "FILE: /json/path" (the JSON path left out when empty).
    std::string where() const {
        const std::string who = name.empty() ? std::string("<value>") : name;
        return json_path.empty() ? who : who + ": " + json_path;
    }
};

/// A configuration value is wrong: names its source (file and JSON path, flag, run directory) and
/// what was expected. The message reads "FILE: /json/path: what was expected".
class ConfigError : public Error {
  public:
    ConfigError(ErrorSource source, const std::string& expected)
        : Error(source.where() + ": " + expected),
          source_(std::move(source)),
          expected_(expected) {}

    const ErrorSource& source() const { return source_; }
    /// What was expected, without the location: lets a caller re-raise it at its own JSON path.
    const std::string& expected() const { return expected_; }

    /// This error as raised inside `outer`: a value-only source takes outer's kind and name, and
    /// its JSON path is appended to outer's. An error that already names its source is unchanged.
    ConfigError within(const ErrorSource& outer) const {
        if (source_.kind != ErrorSource::Kind::Value) return *this;
        return ConfigError({outer.kind, outer.name, outer.json_path + source_.json_path},
                           expected_);
    }

  private:
    ErrorSource source_;
    std::string expected_;
};

/// A file could not be read or written, or its content is not what its format requires.
class FileError : public Error {
  public:
    FileError(const std::string& file, const std::string& what) : Error(file + ": " + what) {}
    /// A file the tool wrote itself (scan cache, train_state.json, results store) whose JSON is
    /// not what it wrote: a damaged file (exit 4), not a user's configuration mistake (exit 3).
    static FileError damaged(const ConfigError& e) {
        return FileError(e.source().where(), e.expected());
    }
};

/// The ray-casting backend reported a failure.
class BackendError : public Error {
  public:
    using Error::Error;
};

}  // namespace blindspot

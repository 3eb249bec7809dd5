#pragma once
// Typed errors raised at the boundaries (config, files, specs). The CLI maps each type to one line
// and one exit code; library code only throws.
#include <stdexcept>
#include <string>

namespace blindspot {

/// Base of every error blindspot raises on purpose.
class Error : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/// A configuration value is wrong: names the file, the JSON path and what was expected.
class ConfigError : public Error {
  public:
    ConfigError(const std::string& file, const std::string& json_path, const std::string& expected)
        : Error(format(file, json_path, expected)), expected_(expected) {}

    /// What was expected, without the location: lets a caller re-raise it at its own JSON path.
    const std::string& expected() const { return expected_; }

  private:
    std::string expected_;
    static std::string format(const std::string& file, const std::string& path,
                              const std::string& expected) {
        std::string where = file.empty() ? std::string("<config>") : file;
        return where + ": " + (path.empty() ? std::string() : path + ": ") + expected;
    }
};

/// A file could not be read or written, or its content is not what its format requires.
class FileError : public Error {
  public:
    FileError(const std::string& file, const std::string& what) : Error(file + ": " + what) {}
};

/// The ray-casting backend reported a failure.
class BackendError : public Error {
  public:
    using Error::Error;
};

}  // namespace blindspot

#pragma once
// A fresh, empty directory under the system temp dir, unique to this test process.
#include <unistd.h>

#include <filesystem>
#include <string>

namespace blindspot::testing {

inline std::filesystem::path freshTempDir(const std::string& name) {
    const auto dir = std::filesystem::temp_directory_path() /
                     ("blindspot-test-" + name + "-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

}  // namespace blindspot::testing

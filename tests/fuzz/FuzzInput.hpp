#pragma once
// What every libFuzzer target shares (issue 19): a scratch directory of its own, writing the
// input where the CLI's reader expects a file, and splitting one input into several files.
//
// Readers take paths because the CLI hands them paths; a target writes the bytes to a file and
// calls the very function the CLI calls, never a copy of its parsing.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/base/Error.hpp"

namespace blindspot::fuzz {

/// Separates the files of a multi-file input (a .bin and its .label, scan.json and scan.zst). A
/// corpus entry is the files joined by it, so mutations reach each file and the split itself.
inline const std::string kFileSeparator = "\n--blindspot-fuzz-next-file--\n";

/// A directory of this process's own under /dev/shm (memory, so no disk wear), else TMPDIR.
inline const std::filesystem::path& scratchDir() {
    static const std::filesystem::path dir = [] {
        const std::filesystem::path base = std::filesystem::is_directory("/dev/shm")
                                               ? "/dev/shm"
                                               : std::filesystem::temp_directory_path();
        auto d = base / ("blindspot-fuzz-" + std::to_string(::getpid()));
        std::filesystem::create_directories(d);
        return d;
    }();
    return dir;
}

inline std::string writeInput(const std::filesystem::path& path, const std::string& bytes) {
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary | std::ios::trunc)
        .write(bytes.data(), std::streamsize(bytes.size()));
    return path.string();
}

inline std::string bytesOf(const std::uint8_t* data, std::size_t size) {
    return std::string(reinterpret_cast<const char*>(data), size);
}

/// The input cut at kFileSeparator into exactly `n` parts (missing parts are empty; extra
/// separators stay in the last part).
inline std::vector<std::string> splitFiles(const std::uint8_t* data, std::size_t size,
                                           std::size_t n) {
    const std::string all = bytesOf(data, size);
    std::vector<std::string> parts;
    std::size_t from = 0;
    while (parts.size() + 1 < n) {
        const std::size_t at = all.find(kFileSeparator, from);
        if (at == std::string::npos) break;
        parts.push_back(all.substr(from, at - from));
        from = at + kFileSeparator.size();
    }
    parts.push_back(all.substr(std::min(from, all.size())));
    parts.resize(n);
    return parts;
}

/// Runs one reader: blindspot's own errors (ConfigError, FileError, BackendError) are the
/// expected answer to bad input. Anything else escapes, and libFuzzer reports it as a crash,
/// because the CLI would print it as an internal error instead of naming the file.
template <typename Read>
int expectOwnErrors(Read read) {
    try {
        read();
    } catch (const blindspot::Error&) {
    }
    return 0;
}

}  // namespace blindspot::fuzz

#include "core/AtomicFile.hpp"

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/Error.hpp"

namespace blindspot {

void writeFileAtomic(const std::string& path, const std::string& bytes) {
    const std::string tmp = path + ".tmp." + std::to_string(::getpid());
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        if (!out) throw FileError(path, "cannot open for writing");
        out.write(bytes.data(), std::streamsize(bytes.size()));
        out.flush();
        if (!out) {
            std::remove(tmp.c_str());
            throw FileError(path, "write failed (disk full?)");
        }
    }
    std::error_code ec;
    std::filesystem::rename(tmp, path, ec);
    if (ec) {
        std::remove(tmp.c_str());
        throw FileError(path, "cannot rename temporary file into place: " + ec.message());
    }
}

std::string readFileBytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw FileError(path, "cannot open for reading");
    std::ostringstream s;
    s << in.rdbuf();
    if (in.bad()) throw FileError(path, "read failed");
    return s.str();
}

void makeDirectories(const std::string& dir) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) throw FileError(dir, "cannot create directory: " + ec.message());
}

}  // namespace blindspot

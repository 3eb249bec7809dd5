#include "core/base/AtomicFile.hpp"

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/base/Error.hpp"

namespace blindspot {

namespace {

constexpr const char* kTemporaryMark = ".tmp.";

// A temporary's writer is gone when it was on this host and its process no longer exists.
bool writerIsGone(const std::string& file_name) {
    const std::string tail = file_name.substr(file_name.rfind(kTemporaryMark) + 5);
    const std::size_t dot = tail.rfind('.');
    const std::string host = dot == std::string::npos ? hostName() : tail.substr(0, dot);
    const std::string pid_text = dot == std::string::npos ? tail : tail.substr(dot + 1);
    if (host != hostName() || pid_text.empty() ||
        pid_text.find_first_not_of("0123456789") != std::string::npos)
        return false;
    const long pid = std::strtol(pid_text.c_str(), nullptr, 10);
    return pid != ::getpid() && ::kill(pid_t(pid), 0) != 0 && errno == ESRCH;
}

// The C library's words for errno ("No space left on device", "Read-only file system").
std::string reason(int error) { return error ? std::strerror(error) : "unknown error"; }

template <typename Iterator>
std::size_t removeGoneTemporaries(Iterator entries) {
    std::size_t removed = 0;
    std::error_code ec;
    for (const auto& entry : entries) {
        const std::string name = entry.path().filename().string();
        if (isTemporaryName(name) && writerIsGone(name))
            removed += std::filesystem::remove(entry.path(), ec) ? 1 : 0;
    }
    return removed;
}

}  // namespace

const std::string& hostName() {
    static const std::string name = [] {
        char host[256] = {};
        if (::gethostname(host, sizeof host - 1) != 0 || !*host) return std::string("localhost");
        return std::string(host);
    }();
    return name;
}

std::string temporaryPathFor(const std::string& path) {
    return path + kTemporaryMark + hostName() + "." + std::to_string(::getpid());
}

bool isTemporaryName(const std::string& file_name) {
    return file_name.find(kTemporaryMark) != std::string::npos;
}

std::size_t prepareOutputDirectory(const std::string& dir, bool recursive) {
    makeDirectories(dir);
    namespace fs = std::filesystem;
    std::error_code ec;
    if (recursive) return removeGoneTemporaries(fs::recursive_directory_iterator(dir, ec));
    return removeGoneTemporaries(fs::directory_iterator(dir, ec));
}

void writeFileAtomic(const std::string& path, const std::string& bytes) {
    const std::string tmp = temporaryPathFor(path);
    {
        errno = 0;
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        if (!out) throw FileError(path, "cannot open for writing: " + reason(errno));
        out.write(bytes.data(), std::streamsize(bytes.size()));
        out.flush();
        if (!out) {
            const int error = errno;
            std::remove(tmp.c_str());
            throw FileError(path, "write failed: " + reason(error));
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
    // A regular file in one read of its size: an external network's answers are read per batch
    // (models/external/ExternalBatch.hpp), and a stream copy doubled their cost. A file that
    // shrinks meanwhile reads short and is reported.
    std::error_code ec;
    const std::uintmax_t size =
        std::filesystem::is_regular_file(path, ec) ? std::filesystem::file_size(path, ec) : 0;
    if (!ec && size > 0) {
        std::string bytes(std::size_t(size), '\0');
        if (!in.read(bytes.data(), std::streamsize(size))) throw FileError(path, "read failed");
        return bytes;
    }
    std::ostringstream s;  // anything else (empty, a pipe, procfs) as a stream
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

#include "sweep/store/RunLock.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <sstream>

#include "core/base/AtomicFile.hpp"
#include "core/base/Error.hpp"
#include "core/base/UtcTime.hpp"

namespace blindspot {
namespace {

// An exclusive lock on the whole file; F_SETLKW waits for it.
int lockFile(int fd, int command) {
    struct flock lock;
    std::memset(&lock, 0, sizeof lock);
    lock.l_type = F_WRLCK;
    lock.l_whence = SEEK_SET;
    return ::fcntl(fd, command, &lock);
}

// The holder's line, "PID HOST SINCE"; a holder that has not written it yet reads as pid 0.
LockHolder readHolder(int fd) {
    char buffer[512] = {};
    const ssize_t n = ::pread(fd, buffer, sizeof buffer - 1, 0);
    LockHolder holder;
    if (n > 0)
        std::istringstream(std::string(buffer, std::size_t(n))) >> holder.pid >> holder.host >>
            holder.since;
    return holder;
}

void writeHolder(int fd, const std::string& path) {
    const std::string line = std::to_string(::getpid()) + " " + hostName() + " " + utcNow() + "\n";
    if (::ftruncate(fd, 0) != 0 ||
        ::pwrite(fd, line.data(), line.size(), 0) != ssize_t(line.size()))
        throw FileError(path,
                        std::string("cannot record the lock's holder: ") + std::strerror(errno));
}

}  // namespace

std::string RunLock::pathIn(const std::string& run_dir) {
    return (std::filesystem::path(run_dir) / "sweep.lock").string();
}

RunLock::RunLock(const std::string& run_dir, const std::function<void(const LockHolder&)>& waiting)
    : path_(pathIn(run_dir)) {
    fd_ = ::open(path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd_ < 0)
        throw FileError(path_, std::string("cannot open the run's lock: ") + std::strerror(errno));
    if (lockFile(fd_, F_OFD_SETLK) != 0) {
        const int error = errno;
        if (error != EAGAIN && error != EACCES) {
            ::close(fd_);
            throw FileError(path_,
                            std::string("cannot lock the run directory: ") + std::strerror(error));
        }
        if (waiting) waiting(readHolder(fd_));
        while (lockFile(fd_, F_OFD_SETLKW) != 0) {
            if (errno == EINTR) continue;
            const int wait_error = errno;
            ::close(fd_);
            throw FileError(
                path_, std::string("cannot lock the run directory: ") + std::strerror(wait_error));
        }
    }
    try {
        writeHolder(fd_, path_);
    } catch (...) {
        ::close(fd_);
        throw;
    }
}

// Closing the descriptor releases the lock; the file stays (removing it would race a waiter that
// already opened it and then locks a file no one else can see).
RunLock::~RunLock() { ::close(fd_); }

std::string describe(const LockHolder& holder) {
    if (holder.pid == 0) return "another process (starting)";
    return "pid " + std::to_string(holder.pid) + " on host " + holder.host + " (since " +
           holder.since + ")";
}

}  // namespace blindspot

#include "core/process/WorkerProcess.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>

#include "core/base/Error.hpp"

namespace blindspot {
namespace {

// In the child: the socket as standard input and output, the log as standard error.
[[noreturn]] void execWorker(const WorkerCommand& c, int socket) {
    ::setpgid(0, 0);
    const int log = ::open(c.log_path.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    if (log < 0 || ::dup2(socket, 0) < 0 || ::dup2(socket, 1) < 0 || ::dup2(log, 2) < 0)
        ::_exit(127);
    for (const auto& [name, value] : c.env) ::setenv(name.c_str(), value.c_str(), 1);
    execInChild(c.argv, c.working_dir);
}

}  // namespace

WorkerProcess::WorkerProcess(const WorkerCommand& command) {
    int pair[2];
    if (command.argv.empty() || ::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) != 0)
        throw FileError(command.log_path,
                        std::string("cannot start the worker: ") +
                            (command.argv.empty() ? "no command" : std::strerror(errno)));
    pid_ = ::fork();
    if (pid_ < 0) {
        ::close(pair[0]);
        ::close(pair[1]);
        throw FileError(command.log_path,
                        std::string("cannot start the worker: ") + std::strerror(errno));
    }
    if (pid_ == 0) {
        ::close(pair[0]);
        execWorker(command, pair[1]);  // dup2 clears CLOEXEC on 0 and 1
    }
    ::setpgid(pid_, pid_);  // also here: the group exists before either side goes on
    ::close(pair[1]);
    socket_ = pair[0];
}

WorkerProcess::~WorkerProcess() {
    if (!stopped_) stop(std::chrono::seconds(0));
}

bool WorkerProcess::writeLine(const std::string& line) {
    const std::string data = line + "\n";
    std::size_t sent = 0;
    while (sent < data.size()) {
        const ssize_t n = ::send(socket_, data.data() + sent, data.size() - sent, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        sent += std::size_t(n);
    }
    return true;
}

WorkerProcess::Read WorkerProcess::readLine(std::string& line, std::chrono::milliseconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    for (;;) {
        const auto newline = pending_.find('\n');
        if (newline != std::string::npos) {
            line = pending_.substr(0, newline);
            pending_.erase(0, newline + 1);
            return Read::kLine;
        }
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) return Read::kTimedOut;
        pollfd p{socket_, POLLIN, 0};
        const int ready = ::poll(&p, 1, int(std::min<long long>(left.count(), 1 << 30)));
        if (ready < 0 && errno == EINTR) continue;
        if (ready == 0) return Read::kTimedOut;
        char buffer[4096];
        const ssize_t n = ready < 0 ? -1 : ::recv(socket_, buffer, sizeof buffer, 0);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return Read::kClosed;
        pending_.append(buffer, std::size_t(n));
    }
}

ChildExit WorkerProcess::stop(std::chrono::seconds grace) {
    stopped_ = true;
    ::shutdown(socket_, SHUT_WR);  // the worker reads the end of its input and exits
    const ChildExit exit =
        grace.count() > 0 ? waitForChild(pid_, grace) : ChildExit{ChildExit::Kind::kTimedOut, 0, 0};
    ::kill(-pid_, SIGKILL);  // whatever it started goes with it
    if (grace.count() == 0) ::waitpid(pid_, nullptr, 0);
    ::close(socket_);
    return exit;
}

}  // namespace blindspot

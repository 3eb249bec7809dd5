#include "core/process/ChildProcess.hpp"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <thread>

namespace blindspot {
namespace {

// Standard input from /dev/null, output and errors to the log.
[[noreturn]] void execChild(const std::vector<std::string>& argv, const std::string& working_dir,
                            const std::string& log_path) {
    const int log = ::open(log_path.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    const int null = ::open("/dev/null", O_RDONLY);
    if (log < 0 || null < 0 || ::dup2(null, 0) < 0 || ::dup2(log, 1) < 0 || ::dup2(log, 2) < 0)
        ::_exit(127);
    execInChild(argv, working_dir);
}

}  // namespace

void execInChild(const std::vector<std::string>& argv, const std::string& working_dir) {
    if (!working_dir.empty() && ::chdir(working_dir.c_str()) != 0) ::_exit(127);
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    ::execvp(args[0], args.data());
    const std::string why = "exec " + argv[0] + ": " + std::strerror(errno) + "\n";
    (void)!::write(2, why.data(), why.size());
    ::_exit(127);
}

std::string ChildExit::describe() const {
    switch (kind) {
        case Kind::kExited:
            return "exit status " + std::to_string(exit_code);
        case Kind::kSignaled:
            return "signal " + std::to_string(signal) + " (" + std::string(::strsignal(signal)) +
                   ")";
        case Kind::kTimedOut:
            return "no exit before the timeout";
        case Kind::kNoChild:
            return std::string("not started (") + std::strerror(exit_code) + ")";
    }
    return "";
}

ChildExit waitForChild(pid_t child, std::chrono::seconds timeout) {
    // Poll rather than block: a child stuck in a parser must not hang the caller.
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    auto pause = std::chrono::microseconds(200);
    for (;;) {
        int status = 0;
        const pid_t done = ::waitpid(child, &status, WNOHANG);
        if (done == child) {
            if (WIFSIGNALED(status)) return {ChildExit::Kind::kSignaled, 0, WTERMSIG(status)};
            return {ChildExit::Kind::kExited, WIFEXITED(status) ? WEXITSTATUS(status) : -1, 0};
        }
        if (done < 0 && errno != EINTR) return {ChildExit::Kind::kNoChild, errno, 0};
        if (std::chrono::steady_clock::now() >= deadline) {
            ::kill(child, SIGKILL);
            ::waitpid(child, &status, 0);
            return {ChildExit::Kind::kTimedOut, 0, 0};
        }
        std::this_thread::sleep_for(pause);
        pause = std::min(pause * 2, std::chrono::microseconds(20000));
    }
}

ChildExit runCommand(const std::vector<std::string>& argv, const std::string& working_dir,
                     const std::string& log_path, std::chrono::seconds timeout) {
    if (argv.empty()) return {ChildExit::Kind::kNoChild, EINVAL, 0};
    const pid_t child = ::fork();
    if (child < 0) return {ChildExit::Kind::kNoChild, errno, 0};
    if (child == 0) execChild(argv, working_dir, log_path);
    return waitForChild(child, timeout);
}

}  // namespace blindspot

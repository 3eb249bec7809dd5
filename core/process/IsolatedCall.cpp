#include "core/process/IsolatedCall.hpp"

#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fstream>

#include "core/process/ChildProcess.hpp"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define BLINDSPOT_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define BLINDSPOT_ASAN 1
#endif
#ifdef BLINDSPOT_ASAN
#include <sanitizer/common_interface_defs.h>
#endif

namespace blindspot {
namespace {

// Exit codes of the child. Anything else (a sanitizer's report exits 1) counts as a crash.
constexpr int kChildReturned = 0;
constexpr int kChildThrew = 86;

// The child dies of its own faults: the default action for the fatal signals, and no death
// callback (under libFuzzer that would record the child's crash as the fuzzer's own).
void defaultFaultHandling() {
    for (int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT}) std::signal(sig, SIG_DFL);
#ifdef BLINDSPOT_ASAN
    __sanitizer_set_death_callback(nullptr);
#endif
}

// Bytes of address space this process has mapped (VmSize), or 0 when /proc says nothing.
std::size_t mappedBytes() {
    std::ifstream status("/proc/self/status");
    std::string key;
    std::size_t kb = 0;
    while (status >> key)
        if (key == "VmSize:" && status >> kb) return kb * 1024;
    return 0;
}

void limitAddressSpace(std::size_t extra_bytes) {
#ifdef BLINDSPOT_ASAN
    extra_bytes = 0;  // ASan's shadow memory is terabytes of address space
#endif
    const std::size_t mapped = extra_bytes == 0 ? 0 : mappedBytes();
    if (mapped == 0) return;
    const rlimit limit{mapped + extra_bytes, mapped + extra_bytes};
    ::setrlimit(RLIMIT_AS, &limit);
}

void writeAll(int fd, const std::string& text) {
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n <= 0) return;
        done += std::size_t(n);
    }
}

// The child's output goes nowhere: the caller reports the outcome in one line, and a call that
// works prints its warnings again when the caller repeats it. A sanitizer's report of the
// child's crash would otherwise land in the middle of the caller's output.
void silenceOutput() {
    const int null = ::open("/dev/null", O_WRONLY);
    if (null < 0) return;
    ::dup2(null, 1);
    ::dup2(null, 2);
    ::close(null);
}

[[noreturn]] void runChild(const std::function<void()>& call, const IsolationLimits& limits,
                           int message_fd) {
    defaultFaultHandling();
    silenceOutput();
    limitAddressSpace(limits.extra_address_space_bytes);
    int code = kChildReturned;
    try {
        call();
    } catch (const std::exception& e) {
        writeAll(message_fd, e.what());
        code = kChildThrew;
    } catch (...) {
        writeAll(message_fd, "an exception that is not a std::exception");
        code = kChildThrew;
    }
    ::_exit(code);
}

std::string readAll(int fd) {
    std::string text;
    char buffer[4096];
    ssize_t n = 0;
    while ((n = ::read(fd, buffer, sizeof buffer)) > 0) text.append(buffer, std::size_t(n));
    return text;
}

// The child's exit as an outcome: the exit codes above, anything else a crash.
IsolatedOutcome outcomeOf(const ChildExit& e) {
    using Kind = IsolatedOutcome::Kind;
    switch (e.kind) {
        case ChildExit::Kind::kSignaled:
            return {Kind::kCrashed, "", e.signal, 0};
        case ChildExit::Kind::kTimedOut:
            return {Kind::kTimedOut, "", 0, 0};
        case ChildExit::Kind::kNoChild:
            return {Kind::kCrashed, "", 0, -1};
        case ChildExit::Kind::kExited:
            break;
    }
    if (e.exit_code == kChildReturned) return {Kind::kReturned, "", 0, 0};
    if (e.exit_code == kChildThrew) return {Kind::kThrew, "", 0, 0};
    return {Kind::kCrashed, "", 0, e.exit_code};
}

}  // namespace

std::string IsolatedOutcome::describe() const {
    switch (kind) {
        case Kind::kReturned:
            return "returned";
        case Kind::kThrew:
            return "threw";
        case Kind::kCrashed:
            return signal != 0 ? "signal " + std::to_string(signal) + " (" +
                                     std::string(::strsignal(signal)) + ")"
                               : "exit status " + std::to_string(exit_code);
        case Kind::kTimedOut:
            return "no exit before the timeout";
        case Kind::kNoChild:
            return "no child process";
    }
    return "";
}

IsolatedOutcome runIsolated(const std::function<void()>& call, const IsolationLimits& limits) {
    int pipe_fds[2];
    if (::pipe(pipe_fds) != 0) return {IsolatedOutcome::Kind::kNoChild, "", 0, errno};
    const pid_t child = ::fork();
    if (child < 0) {
        ::close(pipe_fds[0]);
        ::close(pipe_fds[1]);
        return {IsolatedOutcome::Kind::kNoChild, "", 0, errno};
    }
    if (child == 0) {
        ::close(pipe_fds[0]);
        runChild(call, limits, pipe_fds[1]);
    }
    ::close(pipe_fds[1]);
    IsolatedOutcome outcome = outcomeOf(waitForChild(child, limits.timeout));
    if (outcome.kind == IsolatedOutcome::Kind::kThrew) outcome.message = readAll(pipe_fds[0]);
    ::close(pipe_fds[0]);
    return outcome;
}

}  // namespace blindspot

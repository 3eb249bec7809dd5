#pragma once
// Runs a call in a child process, so that a crash inside it (a third-party parser's SEGV on a
// corrupt file) cannot take blindspot down. The child is a fork: it shares nothing written after
// the fork with the caller and ends with _exit, so no destructor or atexit handler runs twice.
// Its stdout and stderr go to /dev/null: the caller reports the outcome.
//
// Why: LibTorch 1.13's TorchScript type parser dereferences null on some mangled archives
// (found by fuzz_weights); no exception can be caught there. The loaders probe a file this way
// first and load it themselves only after the probe finished cleanly.
#include <chrono>
#include <functional>
#include <string>

namespace blindspot {

struct IsolatedOutcome {
    enum class Kind {
        kReturned,  ///< the call returned
        kThrew,     ///< the call threw (the caller may repeat it to get the exception)
        kCrashed,   ///< killed by a signal, or exited some other way (a sanitizer's report)
        kTimedOut,  ///< still running after the timeout; killed
        kNoChild,   ///< fork failed (no memory, process limit): the call did not run
    };
    Kind kind = Kind::kReturned;
    std::string message;  ///< kThrew: what() of the std::exception the call threw
    int signal = 0;       ///< the signal that ended a crashed child, 0 for another exit
    int exit_code = 0;    ///< a crashed child's exit status when no signal ended it

    /// "signal 11 (Segmentation fault)", "exit status 1", "no exit after 120 s", ...
    std::string describe() const;
};

struct IsolationLimits {
    std::chrono::seconds timeout{600};
    /// Address space the child may add to what the caller has mapped (RLIMIT_AS), so that a
    /// corrupt length field fails its allocation at once instead of zeroing gigabytes. 0 = no
    /// limit. Not applied under AddressSanitizer, which reserves terabytes of shadow memory.
    std::size_t extra_address_space_bytes = 0;
};

/// Forks and runs `call` in the child within `limits`.
IsolatedOutcome runIsolated(const std::function<void()>& call, const IsolationLimits& limits);

}  // namespace blindspot

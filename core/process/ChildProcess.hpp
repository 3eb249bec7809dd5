#pragma once
// Child processes: waiting for one with a timeout, and running an external command (argv, no
// shell) with its output in a log file. Used by IsolatedCall (a forked probe) and by the external
// predictor (models/external/ExternalPredictor.hpp).
#include <sys/types.h>

#include <chrono>
#include <string>
#include <vector>

namespace blindspot {

struct ChildExit {
    enum class Kind {
        kExited,    ///< exited normally; exit_code holds its status
        kSignaled,  ///< killed by `signal`
        kTimedOut,  ///< still running at the timeout; killed
        kNoChild,   ///< could not be started (fork or exec failed; exit_code holds errno)
    };
    Kind kind = Kind::kExited;
    int exit_code = 0;
    int signal = 0;

    /// "exit status 2", "signal 11 (Segmentation fault)", "no exit after 600 s", ...
    std::string describe() const;
};

/// Waits for `child`, polling, and kills it with SIGKILL at the timeout.
ChildExit waitForChild(pid_t child, std::chrono::seconds timeout);

/// In a forked child whose descriptors are set up: changes to `working_dir` (when not empty) and
/// execs argv[0] (searched in PATH). On failure it writes "exec ARGV0: REASON" to standard error
/// and exits with 127, how a child says exec failed. Never returns.
[[noreturn]] void execInChild(const std::vector<std::string>& argv, const std::string& working_dir);

/// Runs argv[0] (searched in PATH) with its arguments in `working_dir`, stdin from /dev/null,
/// stdout and stderr appended to `log_path`.
ChildExit runCommand(const std::vector<std::string>& argv, const std::string& working_dir,
                     const std::string& log_path, std::chrono::seconds timeout);

}  // namespace blindspot

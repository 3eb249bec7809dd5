#pragma once
// A long-lived child process spoken to in lines: requests on its standard input, replies on its
// standard output, its standard error appended to a log file. The persistent external predictor
// (models/external/ExternalPredictor.hpp) keeps one per sweep worker, so that a Python network
// imports torch, loads its weights and initialises its device once per run, not once per batch.
//
// Both standard input and output are one Unix socket pair, so that writing to a worker that has
// died fails with EPIPE (send with MSG_NOSIGNAL) instead of killing blindspot with SIGPIPE. The
// worker runs in a process group of its own, and stopping it kills the group: a network's data
// loader processes do not outlive it.
#include <sys/types.h>

#include <chrono>
#include <map>
#include <string>
#include <vector>

#include "core/process/ChildProcess.hpp"

namespace blindspot {

struct WorkerCommand {
    std::vector<std::string> argv;  ///< argv[0] searched in PATH; no shell
    std::string working_dir;
    std::string log_path;                    ///< its standard error, appended
    std::map<std::string, std::string> env;  ///< set on top of blindspot's environment
};

class WorkerProcess {
  public:
    enum class Read { kLine, kTimedOut, kClosed };

    /// Starts the command. Throws FileError naming the log when the socket or fork fails; an
    /// exec that fails shows as a worker whose output closes at once (status 127).
    explicit WorkerProcess(const WorkerCommand& command);
    ~WorkerProcess();  ///< kills a worker that was not stopped
    WorkerProcess(const WorkerProcess&) = delete;
    WorkerProcess& operator=(const WorkerProcess&) = delete;

    /// Sends `line` and a newline; false when the worker has closed its input or died.
    bool writeLine(const std::string& line);
    /// The next line of its output (without the newline) into `line`; kTimedOut when none came
    /// within `timeout`, kClosed when its output ended (it exited or closed it).
    Read readLine(std::string& line, std::chrono::milliseconds timeout);
    /// Closes its input, waits up to `grace` for it to exit, then kills its process group.
    ChildExit stop(std::chrono::seconds grace);

  private:
    pid_t pid_ = -1;
    int socket_ = -1;
    std::string pending_;  ///< output read past the last full line
    bool stopped_ = false;
};

}  // namespace blindspot

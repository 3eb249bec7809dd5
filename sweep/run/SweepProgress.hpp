#pragma once
// Progress of a sweep on stderr: a bar with rate and ETA on a terminal, a line every 10 s in a
// log (a batch job's output file).
#include <chrono>
#include <cstddef>
#include <string>

namespace blindspot {

class SweepProgress {
  public:
    /// `already`: scenes done before this run started (a resume); they do not count in the rate.
    /// `task` and `unit` name the work in the log lines ("sweep", "scenes"; "drive", "frames").
    SweepProgress(std::size_t total, std::size_t already, bool enabled, std::string task = "sweep",
                  std::string unit = "scenes");
    void update(std::size_t done);

  private:
    std::size_t total_, already_;
    std::string task_, unit_;
    bool enabled_, tty_;
    std::chrono::steady_clock::time_point start_;
    double last_log_ = -1e9;
};

}  // namespace blindspot

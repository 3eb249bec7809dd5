#pragma once
// Progress of a sweep on stderr: a bar with rate and ETA on a terminal, a line every 10 s in a
// log (a batch job's output file).
#include <chrono>
#include <cstddef>

namespace blindspot {

class SweepProgress {
  public:
    /// `already`: scenes done before this run started (a resume); they do not count in the rate.
    SweepProgress(std::size_t total, std::size_t already, bool enabled);
    void update(std::size_t done);

  private:
    std::size_t total_, already_;
    bool enabled_, tty_;
    std::chrono::steady_clock::time_point start_;
    double last_log_ = -1e9;
};

}  // namespace blindspot

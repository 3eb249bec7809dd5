#include "sweep/run/SweepProgress.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <string>

namespace blindspot {

SweepProgress::SweepProgress(std::size_t total, std::size_t already, bool enabled, std::string task,
                             std::string unit)
    : total_(total),
      already_(already),
      task_(std::move(task)),
      unit_(std::move(unit)),
      enabled_(enabled),
      tty_(::isatty(2)),
      start_(std::chrono::steady_clock::now()) {}

void SweepProgress::update(std::size_t done) {
    if (!enabled_) return;
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    const double rate = double(done - already_) / std::max(elapsed, 1e-3);
    const double eta = rate > 0 ? double(total_ - done) / rate : 0.0;
    if (tty_) {
        const int width = 30,
                  filled = int(width * double(done) / double(std::max<std::size_t>(total_, 1)));
        std::fprintf(stderr, "\r[%s%s] %zu/%zu  %.1f %s/s  ETA %d:%02d ",
                     std::string(std::size_t(filled), '=').c_str(),
                     std::string(std::size_t(width - filled), ' ').c_str(), done, total_, rate,
                     unit_.c_str(), int(eta) / 60, int(eta) % 60);
        if (done == total_) std::fprintf(stderr, "\n");
    } else if (done == total_ || elapsed - last_log_ >= 10.0) {
        last_log_ = elapsed;
        std::fprintf(stderr, "%s: %zu/%zu %s, %.1f %s/s, ETA %.0f s\n", task_.c_str(), done, total_,
                     unit_.c_str(), rate, unit_.c_str(), eta);
    }
}

}  // namespace blindspot

#pragma once
// The one thread pool of blindspot. Runs fn(i, worker) for i in [0, count) on `jobs` threads (the
// caller is worker 0), so callers can keep per-worker state (an assembler, a scanner) in a vector
// indexed by worker. Items are handed out one at a time; the first exception stops the hand-out and
// is rethrown after every thread has finished. What fn writes must depend on i only, so results do
// not depend on `jobs`.
#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace blindspot {

/// Worker threads for a request: `requested` when > 0, else one per core.
inline int threadCount(int requested) {
    return requested > 0 ? requested : int(std::max(1u, std::thread::hardware_concurrency()));
}

template <typename Fn>
void parallelFor(std::size_t count, int jobs, Fn&& fn) {
    std::atomic<std::size_t> next{0};
    std::exception_ptr error;
    std::mutex error_mutex;
    auto work = [&](int worker) {
        for (std::size_t i = next++; i < count; i = next++) {
            try {
                fn(i, worker);
            } catch (...) {
                std::lock_guard<std::mutex> lock(error_mutex);
                if (!error) error = std::current_exception();
                next = count;
            }
        }
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < std::max(1, jobs); ++t) pool.emplace_back(work, t);
    work(0);
    for (auto& t : pool) t.join();
    if (error) std::rethrow_exception(error);
}

}  // namespace blindspot

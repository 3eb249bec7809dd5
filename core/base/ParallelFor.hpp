#pragma once
// The one thread pool of blindspot, and its two-stage form (pipeline). Runs fn(i, worker) for i in
// [0, count) on `jobs` threads (the caller is worker 0), so callers can keep per-worker state (an
// assembler, a scanner) in a vector indexed by worker. Items are handed out one at a time; the
// first exception stops the hand-out and is rethrown after every thread has finished. What fn
// writes must depend on i only, so results do not depend on `jobs`.
#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "core/base/CoreCount.hpp"

namespace blindspot {

/// Worker threads for a request: `requested` when > 0, else one per usable core.
inline int threadCount(int requested) { return requested > 0 ? requested : usableCores(); }

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

/// Two stages: produce(i) on one thread of its own, consume(i, item) on the caller's thread, for i
/// in [0, count) in order. While item i is consumed, item i + 1 may wait and item i + 2 be in the
/// making: at most three items are alive. The first exception of either stage stops
/// both and is rethrown once the producer has finished.
template <typename Produce, typename Consume>
void pipeline(std::size_t count, Produce&& produce, Consume&& consume) {
    using Item = decltype(produce(std::size_t(0)));
    std::mutex m;
    std::condition_variable changed;
    std::optional<Item> slot;
    std::exception_ptr produce_error;
    bool stop = false;
    std::thread producer([&] {
        for (std::size_t i = 0; i < count; ++i) {
            std::optional<Item> item;
            try {
                item.emplace(produce(i));
            } catch (...) {
                std::lock_guard<std::mutex> lock(m);
                produce_error = std::current_exception();
                changed.notify_all();
                return;
            }
            std::unique_lock<std::mutex> lock(m);
            changed.wait(lock, [&] { return stop || !slot; });
            if (stop) return;
            slot = std::move(item);
            changed.notify_all();
        }
    });
    std::exception_ptr consume_error;
    try {
        for (std::size_t i = 0; i < count; ++i) {
            std::unique_lock<std::mutex> lock(m);
            changed.wait(lock, [&] { return slot.has_value() || produce_error; });
            if (!slot) break;  // the producer failed before item i
            Item item = std::move(*slot);
            slot.reset();
            changed.notify_all();
            lock.unlock();
            consume(i, std::move(item));
        }
    } catch (...) {
        consume_error = std::current_exception();
    }
    {
        std::lock_guard<std::mutex> lock(m);
        stop = true;
        changed.notify_all();
    }
    producer.join();
    if (consume_error) std::rethrow_exception(consume_error);
    if (produce_error) std::rethrow_exception(produce_error);
}

}  // namespace blindspot

#pragma once
// The workers of one sweep run (sweep/run/SweepRunner.cpp, sweep/run/AdaptiveRun.cpp).
#include <chrono>
#include <memory>
#include <mutex>
#include <vector>

#include "core/base/ParallelFor.hpp"
#include "sweep/run/RunnerOptions.hpp"
#include "sweep/run/SweepBatch.hpp"
#include "sweep/store/ResultsStore.hpp"
#include "sweep/store/RunDirectory.hpp"

namespace blindspot {

// The workers of one run: they take to-do lists in fixed chunks of `batch` scenes (whatever the
// number of workers, so results do not depend on it) and store each chunk's rows.
class SceneWorkers {
  public:
    SceneWorkers(const SweepConfig& config, const std::vector<CarModelSpec>& models,
                 const RunDirectory& run, const RunnerOptions& options, ResultsStore& store)
        : config_(config),
          models_(models),
          run_(run),
          options_(options),
          store_(store),
          workers_(std::size_t(std::max(1, options.jobs))) {}

    /// Runs `todo`; `stored(n)` is called under the store lock after each chunk, n scenes so far.
    template <class F>
    std::size_t run(const std::vector<const Sample*>& todo, F stored) {
        const std::size_t batch = std::size_t(std::max(1, options_.batch));
        const std::size_t chunks = (todo.size() + batch - 1) / batch;
        auto chunk = [&](std::size_t b) {
            return std::vector<const Sample*>(
                todo.begin() + std::ptrdiff_t(b * batch),
                todo.begin() + std::ptrdiff_t(std::min(todo.size(), (b + 1) * batch)));
        };
        std::mutex store_mutex;  // one connection: one transaction at a time
        std::size_t done = 0;
        auto store = [&](SweepBatch& worker, const std::vector<SceneRow>& rows) {
            std::lock_guard<std::mutex> lock(store_mutex);
            const auto t0 = std::chrono::steady_clock::now();
            for (const auto& row : rows) store_.insertScene(row);
            worker.stage_seconds["store"] +=
                std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            done += rows.size();
            stored(done);
        };
        if (options_.pipeline && chunks > 0) {
            SweepBatch& worker = workerAt(0);
            // Chunk b + 1 is cast while chunk b is in the forward pass: two stages, one worker,
            // so the chunks and their order are the same as without the pipeline.
            pipeline(
                chunks, [&](std::size_t b) { return worker.prepare(chunk(b)); },
                [&](std::size_t, PreparedBatch prepared) {
                    store(worker, worker.finish(std::move(prepared)));
                });
            return done;
        }
        parallelFor(chunks, int(workers_.size()), [&](std::size_t b, int w) {
            SweepBatch& worker = workerAt(w);
            store(worker, worker.run(chunk(b)));
        });
        return done;
    }

    void addTo(RunSummary& summary) const {
        for (const auto& worker : workers_) {
            if (!worker) continue;
            for (const auto& [stage, s] : worker->stage_seconds) summary.stage_seconds[stage] += s;
            summary.cache_hits += worker->cache_hits;
        }
    }

  private:
    SweepBatch& workerAt(int w) {
        auto& worker = workers_[std::size_t(w)];
        const bool parallel = workers_.size() > 1;
        if (!worker)
            worker = std::make_unique<SweepBatch>(
                config_, models_, run_, options_.segmenter ? options_.segmenter() : nullptr,
                BatchOptions{options_.cache_scans, options_.images,
                             parallel ? 1 : options_.cast_threads, options_.full_scans});
        return *worker;
    }

    const SweepConfig& config_;
    const std::vector<CarModelSpec>& models_;
    const RunDirectory& run_;
    const RunnerOptions& options_;
    ResultsStore& store_;
    std::vector<std::unique_ptr<SweepBatch>> workers_;
};

}  // namespace blindspot

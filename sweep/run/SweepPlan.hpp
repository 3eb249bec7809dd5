#pragma once
// How a sweep uses the machine when --jobs / --threads are not given (issues 18 and 35). Scoring
// in FP32 on up to 2 cores: one worker in two stages, the next chunk ray-cast on one thread while
// LibTorch runs this chunk's forward pass on every core. Scoring on 3 or more, or in bf16 on 2
// or more: a worker per core with one LibTorch thread each, since the forward pass gains only 1.6x
// from a second thread (docs/scale.md, measured with `bench sweep --score --cores N`), and a
// bf16 pass on one thread is short enough that two workers beat the pipeline already on 2 cores
// (the paper sweep with `--precision bf16`, README). Scans only: a worker per core.
// `cores` is what the process may use (core/base/CoreCount). Results are the same whatever is
// chosen.
#include <string>

#include "core/base/Precision.hpp"

namespace blindspot {

struct SweepPlan {
    int jobs = 1;
    /// Scenes per forward pass. 4 by default: batch 8 is no faster per frame (`bench infer`: 38.5
    /// against 37.8 ms), and its activations and oneDNN's reorders double the peak memory (1.3 GB
    /// against 0.65 GB on the demo sweep).
    int batch = 4;
    bool pipeline = false;  ///< RunnerOptions::pipeline
    int torch_threads = 1;
    int cast_threads = 0;  ///< 0: all cores
};

/// `jobs`, `threads`, `batch`: the flags, 0 when not given.
SweepPlan planSweep(int jobs, int threads, int batch, bool scoring, int cores,
                    Precision precision = Precision::kFp32);

/// One line for the run header: "2 cores: 1 worker, ray-casting ..., 2 LibTorch threads, batch
/// 4".
std::string describe(const SweepPlan& plan, bool scoring, int cores);

}  // namespace blindspot

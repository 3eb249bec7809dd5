#include "sweep/run/SweepPlan.hpp"

#include <algorithm>

namespace blindspot {

namespace {
constexpr int kPipelinedCores = 2;
}  // namespace

SweepPlan planSweep(int jobs, int threads, int batch, bool scoring, int cores,
                    Precision precision) {
    SweepPlan plan;
    if (batch > 0) plan.batch = batch;
    // Scoring in FP32: up to 2 cores, one pipelined worker (15.5 scenes/s on 2 cores against 12.4
    // for two workers of one thread); from 3 cores, a worker of one LibTorch thread per core, as
    // the forward pass scales poorly with threads (1.4-1.6x from 1 to 2). In bf16 the workers win
    // from 2 cores (the paper sweep: 32.3 against 39.6 s, 34.0 against 41.4 s). docs/scale.md,
    // "Workers and threads per core count".
    const bool pipelined = scoring && cores <= kPipelinedCores && precision == Precision::kFp32;
    plan.jobs = jobs > 0 ? jobs : pipelined ? 1 : cores;
    plan.pipeline = scoring && plan.jobs == 1;
    plan.torch_threads = threads > 0 ? threads : std::max(1, cores / plan.jobs);
    plan.cast_threads = plan.pipeline ? 1 : 0;
    return plan;
}

std::string describe(const SweepPlan& plan, bool scoring, int cores) {
    std::string s = std::to_string(cores) + " cores: " + std::to_string(plan.jobs) +
                    (plan.jobs == 1 ? " worker" : " workers");
    if (plan.pipeline)
        s += ", ray-casting the next batch on " + std::to_string(plan.cast_threads) +
             " thread while the network runs";
    if (scoring)
        s += ", " + std::to_string(plan.torch_threads) + " LibTorch threads, batch " +
             std::to_string(plan.batch);
    return s;
}

}  // namespace blindspot

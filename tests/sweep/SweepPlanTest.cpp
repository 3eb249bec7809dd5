// The sweep plan's rule (docs/scale.md): one pipelined worker up to 2 cores when scoring in FP32,
// then (and in bf16 from 2 cores) a worker of one LibTorch thread per core; the flags win.
#include <gtest/gtest.h>

#include "sweep/run/SweepPlan.hpp"

using namespace blindspot;

TEST(SweepPlan, PipelinedUpToTwoCoresThenAWorkerPerCore) {
    for (int cores : {1, 2}) {
        const SweepPlan p = planSweep(0, 0, 0, true, cores);
        EXPECT_EQ(p.jobs, 1);
        EXPECT_TRUE(p.pipeline);
        EXPECT_EQ(p.torch_threads, cores);
        EXPECT_EQ(p.cast_threads, 1);
    }
    for (int cores : {3, 32, 128}) {
        const SweepPlan p = planSweep(0, 0, 0, true, cores);
        EXPECT_EQ(p.jobs, cores);
        EXPECT_FALSE(p.pipeline);
        EXPECT_EQ(p.torch_threads, 1);
        EXPECT_EQ(p.batch, 4);
    }
    // bf16: a worker of one LibTorch thread per core from 2 cores on (1 core: the same one
    // pipelined worker as FP32).
    const SweepPlan bf16 = planSweep(0, 0, 0, true, 2, Precision::kBf16);
    EXPECT_EQ(bf16.jobs, 2);
    EXPECT_FALSE(bf16.pipeline);
    EXPECT_EQ(bf16.torch_threads, 1);
    EXPECT_TRUE(planSweep(0, 0, 0, true, 1, Precision::kBf16).pipeline);
    const SweepPlan scans = planSweep(0, 0, 0, false, 2);
    EXPECT_EQ(scans.jobs, 2);
    EXPECT_FALSE(scans.pipeline);
    const SweepPlan forced = planSweep(2, 3, 8, true, 64);
    EXPECT_EQ(forced.jobs, 2);
    EXPECT_EQ(forced.torch_threads, 3);
    EXPECT_EQ(forced.batch, 8);
    EXPECT_FALSE(forced.pipeline);
}

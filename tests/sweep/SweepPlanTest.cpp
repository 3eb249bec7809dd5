// The sweep plan's rule (docs/scale.md): one pipelined worker up to 2 cores when scoring, then a
// worker of one LibTorch thread per core; the flags win.
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
    const SweepPlan scans = planSweep(0, 0, 0, false, 2);
    EXPECT_EQ(scans.jobs, 2);
    EXPECT_FALSE(scans.pipeline);
    const SweepPlan forced = planSweep(2, 3, 8, true, 64);
    EXPECT_EQ(forced.jobs, 2);
    EXPECT_EQ(forced.torch_threads, 3);
    EXPECT_EQ(forced.batch, 8);
    EXPECT_FALSE(forced.pipeline);
}

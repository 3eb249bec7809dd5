// The cores a process may use follow its affinity mask (taskset, Slurm's binding), not the
// machine's CPU count.
#include <gtest/gtest.h>
#include <sched.h>

#include <thread>

#include "core/base/CoreCount.hpp"
#include "core/base/ParallelFor.hpp"

using namespace blindspot;

TEST(CoreCount, FollowsTheAffinityMask) {
    cpu_set_t mask;
    ASSERT_EQ(sched_getaffinity(0, sizeof(mask), &mask), 0);
    EXPECT_GE(usableCores(), 1);
    EXPECT_LE(usableCores(), CPU_COUNT(&mask));
    EXPECT_EQ(threadCount(0), usableCores());
    EXPECT_EQ(threadCount(3), 3);
    // A thread pinned to one CPU (affinity is per thread; threads it starts inherit it).
    int pinned = 0;
    std::thread([&] {
        cpu_set_t one;
        CPU_ZERO(&one);
        for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
            if (CPU_ISSET(cpu, &mask)) {
                CPU_SET(cpu, &one);
                break;
            }
        if (sched_setaffinity(0, sizeof(one), &one) == 0) pinned = usableCores();
    }).join();
    EXPECT_EQ(pinned, 1);
}

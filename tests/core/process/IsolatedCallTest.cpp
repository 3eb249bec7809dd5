#include <gtest/gtest.h>
#include <unistd.h>

#include <csignal>
#include <stdexcept>
#include <thread>
#include <vector>

#include "core/process/IsolatedCall.hpp"

using namespace blindspot;
using Kind = IsolatedOutcome::Kind;

TEST(IsolatedCall, TellsReturnThrowCrashAndTimeoutApart) {
    const IsolationLimits timeout{std::chrono::seconds(30), 0};
    EXPECT_EQ(runIsolated([] {}, timeout).kind, Kind::kReturned);
    const IsolatedOutcome threw = runIsolated([] { throw std::runtime_error("bad"); }, timeout);
    EXPECT_EQ(threw.kind, Kind::kThrew);
    EXPECT_EQ(threw.message, "bad");

    const IsolatedOutcome killed = runIsolated([] { std::raise(SIGSEGV); }, timeout);
    EXPECT_EQ(killed.kind, Kind::kCrashed);
    EXPECT_EQ(killed.signal, SIGSEGV);
    EXPECT_EQ(killed.describe().rfind("signal 11 (", 0), 0u) << killed.describe();

    const IsolatedOutcome exited = runIsolated([] { ::_exit(3); }, timeout);
    EXPECT_EQ(exited.kind, Kind::kCrashed);
    EXPECT_EQ(exited.describe(), "exit status 3");

    const IsolatedOutcome hung =
        runIsolated([] { std::this_thread::sleep_for(std::chrono::hours(1)); },
                    IsolationLimits{std::chrono::seconds(1), 0});
    EXPECT_EQ(hung.kind, Kind::kTimedOut);
}

TEST(IsolatedCall, TheChildCannotChangeTheCaller) {
    int value = 1;
    EXPECT_EQ(runIsolated([&] { value = 2; }, IsolationLimits{}).kind, Kind::kReturned);
    EXPECT_EQ(value, 1);
}

#if !defined(__SANITIZE_ADDRESS__)
TEST(IsolatedCall, TheAddressSpaceLimitFailsAHugeAllocationAtOnce) {
    // 64 GiB more than the limit allows: std::bad_alloc in the child, before any page is touched.
    const IsolatedOutcome o = runIsolated(
        [] {
            std::vector<char> huge(std::size_t(64) << 30);
            huge[0] = 1;
        },
        IsolationLimits{std::chrono::seconds(30), std::size_t(1) << 30});
    EXPECT_EQ(o.kind, Kind::kThrew);
    EXPECT_EQ(o.message, "std::bad_alloc");
}
#endif

#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>
#include <thread>
#include <vector>

#include "core/base/ParallelFor.hpp"

using namespace blindspot;

TEST(Pipeline, ConsumesEveryItemInOrderOnTheCallersThreadOneAhead) {
    std::atomic<int> produced{0};
    std::vector<int> consumed;
    const auto caller = std::this_thread::get_id();
    pipeline(
        50,
        [&](std::size_t i) {
            EXPECT_NE(std::this_thread::get_id(), caller);
            ++produced;
            return int(i) * 3;
        },
        [&](std::size_t i, int item) {
            EXPECT_EQ(std::this_thread::get_id(), caller);
            // Item i + 1 may wait in the slot and item i + 2 be in the making, never more.
            EXPECT_LE(produced.load(), int(i) + 3);
            consumed.push_back(item);
        });
    ASSERT_EQ(consumed.size(), 50u);
    for (int i = 0; i < 50; ++i) EXPECT_EQ(consumed[std::size_t(i)], 3 * i);
    pipeline(
        0, [](std::size_t) { return 0; }, [](std::size_t, int) { FAIL(); });
}

TEST(Pipeline, EitherStagesFirstExceptionStopsBothAndIsRethrown) {
    std::vector<std::size_t> consumed;
    EXPECT_THROW(pipeline(
                     20,
                     [](std::size_t i) {
                         if (i == 5) throw std::runtime_error("produce 5");
                         return i;
                     },
                     [&](std::size_t, std::size_t item) { consumed.push_back(item); }),
                 std::runtime_error);
    EXPECT_EQ(consumed, (std::vector<std::size_t>{0, 1, 2, 3, 4}));
    std::atomic<int> produced{0};
    EXPECT_THROW(pipeline(
                     1000,
                     [&](std::size_t i) {
                         ++produced;
                         return i;
                     },
                     [](std::size_t i, std::size_t) {
                         if (i == 3) throw std::logic_error("consume 3");
                     }),
                 std::logic_error);
    EXPECT_LE(produced.load(), 6);
}

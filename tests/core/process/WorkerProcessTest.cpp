// A long-lived worker spoken to in lines (core/process/WorkerProcess): echo, timeout, end of
// output, environment and a clean stop.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "core/process/WorkerProcess.hpp"

namespace blindspot {
namespace {

using std::chrono::milliseconds;

std::string logPath(const std::string& name) {
    return (std::filesystem::temp_directory_path() / ("worker-test-" + name + ".log")).string();
}

TEST(WorkerProcess, EchoesLinesAndStopsCleanlyWhenItsInputCloses) {
    WorkerProcess cat({{"cat"}, "", logPath("cat"), {}});
    std::string line;
    ASSERT_TRUE(cat.writeLine("{\"batch\": \"a\"}"));
    ASSERT_TRUE(cat.writeLine("second"));
    ASSERT_EQ(cat.readLine(line, milliseconds(5000)), WorkerProcess::Read::kLine);
    EXPECT_EQ(line, "{\"batch\": \"a\"}");
    ASSERT_EQ(cat.readLine(line, milliseconds(5000)), WorkerProcess::Read::kLine);
    EXPECT_EQ(line, "second");
    const ChildExit e = cat.stop(std::chrono::seconds(5));
    EXPECT_EQ(e.kind, ChildExit::Kind::kExited);
    EXPECT_EQ(e.exit_code, 0);
}

TEST(WorkerProcess, ASilentWorkerTimesOutAndAGoneOneIsClosed) {
    WorkerProcess silent({{"sleep", "30"}, "", logPath("sleep"), {}});
    std::string line;
    EXPECT_EQ(silent.readLine(line, milliseconds(200)), WorkerProcess::Read::kTimedOut);
    WorkerProcess gone({{"true"}, "", logPath("true"), {}});
    EXPECT_EQ(gone.readLine(line, milliseconds(5000)), WorkerProcess::Read::kClosed);
    // Writing to it fails instead of raising SIGPIPE (this test would die of it).
    bool all_sent = true;
    for (int k = 0; k < 100 && all_sent; ++k) all_sent = gone.writeLine(std::string(4096, 'x'));
    EXPECT_FALSE(all_sent);
    EXPECT_EQ(gone.stop(std::chrono::seconds(5)).exit_code, 0);
}

TEST(WorkerProcess, SeesItsEnvironmentAndWritesItsErrorsToTheLog) {
    const std::string log = logPath("env");
    std::filesystem::remove(log);
    WorkerProcess sh({{"sh", "-c", "echo \"$BLINDSPOT_WORKER $DEVICE\"; echo oops >&2"},
                      "",
                      log,
                      {{"BLINDSPOT_WORKER", "1"}, {"DEVICE", "cuda:1"}}});
    std::string line;
    ASSERT_EQ(sh.readLine(line, milliseconds(5000)), WorkerProcess::Read::kLine);
    EXPECT_EQ(line, "1 cuda:1");
    EXPECT_EQ(sh.readLine(line, milliseconds(5000)), WorkerProcess::Read::kClosed);
    sh.stop(std::chrono::seconds(5));
    std::ifstream in(log);
    std::getline(in, line);
    EXPECT_EQ(line, "oops");
}

TEST(WorkerProcess, AMissingCommandEndsAtOnceWithStatus127) {
    WorkerProcess none({{"/nonexistent/worker"}, "", logPath("none"), {}});
    std::string line;
    EXPECT_EQ(none.readLine(line, milliseconds(5000)), WorkerProcess::Read::kClosed);
    EXPECT_EQ(none.stop(std::chrono::seconds(5)).exit_code, 127);
}

}  // namespace
}  // namespace blindspot

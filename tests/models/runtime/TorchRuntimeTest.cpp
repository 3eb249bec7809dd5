// The LibTorch half opened from the file beside the executable (models/runtime/TorchRuntime.hpp).
// This binary (blindspot_tests) does not link it in the release build, so it takes the CLI's path:
// build/tests/../lib.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "core/base/Error.hpp"
#include "models/network/Network.hpp"
#include "models/runtime/TorchRuntime.hpp"
#include "tests/app/CliFixtures.hpp"

namespace fs = std::filesystem;

namespace {

using blindspot::testing::expectOneLineError;
using blindspot::testing::runCliWith;

}  // namespace

TEST(TorchRuntime, LibraryLiesInLibBesideBin) {
    EXPECT_EQ(blindspot::torchLibraryPath("/opt/blindspot/bin/blindspot"),
              "/opt/blindspot/lib/blindspot/libblindspot_torch.so");
    EXPECT_EQ(blindspot::torchLibraryPath("/work/build/tests/blindspot_tests"),
              "/work/build/lib/blindspot/libblindspot_torch.so");
}

TEST(TorchRuntime, OpensTheLibraryOnFirstUse) {
    // SqueezeSeg's 906,308 parameters (NetworkTest counts the same with the half linked in), and
    // an error thrown inside the library caught here by its type.
    const auto net = blindspot::SegmentationNetwork::create(blindspot::squeezeSegCard(true), 1);
    EXPECT_EQ(net->parameterCount(), 906308u);
    EXPECT_EQ(
        net->logits(std::vector<float>(5 * 64 * 512, 0.5f), std::vector<float>(64 * 512, 1.0f), 1)
            .size(),
        4u * 64 * 512);
    EXPECT_THROW(blindspot::SegmentationNetwork::load("/nonexistent/checkpoint"),
                 blindspot::FileError);
}

TEST(TorchRuntime, CliWithoutTheLibraryNamesItInOneLine) {
    const fs::path dir = blindspot::testing::cli::tempDir("torch-runtime");
    const fs::path cli(BLINDSPOT_CLI);
    fs::create_directories(dir / "bin");
    fs::create_directories(dir / "lib" / "blindspot");
    fs::copy_file(cli, dir / "bin" / "blindspot");
    fs::create_directory_symlink(fs::canonical(cli.parent_path().parent_path() / "share"),
                                 dir / "share");
    const std::string copy = (dir / "bin" / "blindspot").string();
    const std::string library = (dir / "lib" / "blindspot" / "libblindspot_torch.so").string();
    const std::string sweep = " sweep " + std::string(BLINDSPOT_SOURCE_DIR) +
                              "/sweep/configs/demo-xy.json -o " + (dir / "run").string();
    // A command without a network runs without the library at all.
    EXPECT_EQ(runCliWith(copy, "lidar --list").exit_code, 0);
    expectOneLineError(runCliWith(copy, sweep),
                       library + ": cannot load blindspot's LibTorch half");
    // Another shared library in its place is refused, not called.
    fs::copy_file(fs::canonical("/lib/x86_64-linux-gnu/libz.so.1"), library);
    expectOneLineError(runCliWith(copy, sweep),
                       library + ": not blindspot's LibTorch half (no blindspot_torch_runtime)");
}

TEST(TorchRuntime, SleepingThreadsLeaveAPolicyTheEnvironmentSet) {
    const char* was = std::getenv("OMP_WAIT_POLICY");
    const std::string saved = was ? was : "";
    ::unsetenv("OMP_WAIT_POLICY");
    blindspot::preferSleepingTorchThreads();
    EXPECT_STREQ(std::getenv("OMP_WAIT_POLICY"), "PASSIVE");
    ::setenv("OMP_WAIT_POLICY", "ACTIVE", 1);  // a user's own choice wins
    blindspot::preferSleepingTorchThreads();
    EXPECT_STREQ(std::getenv("OMP_WAIT_POLICY"), "ACTIVE");
    if (was)
        ::setenv("OMP_WAIT_POLICY", saved.c_str(), 1);
    else
        ::unsetenv("OMP_WAIT_POLICY");
}

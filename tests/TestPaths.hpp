#pragma once
// Where the tests find the source tree, the CLI and the TorchScript fixture. The paths are compiled
// into tests/TestPaths.cpp alone, so every other test translation unit is the same in any clone
// and a fresh clone in another directory hits ccache (issue 32).

namespace blindspot::testing {

const char* sourceDir();
const char* cliPath();
const char* torchscriptFixtureDir();

}  // namespace blindspot::testing

#define BLINDSPOT_SOURCE_DIR ::blindspot::testing::sourceDir()
#define BLINDSPOT_CLI ::blindspot::testing::cliPath()
#define BLINDSPOT_TS_FIXTURE ::blindspot::testing::torchscriptFixtureDir()

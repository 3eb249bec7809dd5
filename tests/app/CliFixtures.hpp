#pragma once
// What the CLI tests share: a fresh directory per test, a file written in one line, the example
// street and the one-line-error check (bad input gives one line on stderr, never a crash).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>

#include "tests/CliRun.hpp"
#include "tests/TempDir.hpp"
#include "tests/TestPaths.hpp"

namespace blindspot::testing {

// One line on stderr, starting "error:", and a non-zero exit code that is not a signal.
inline void expectOneLineError(const CliRun& r, const std::string& must_contain) {
    EXPECT_NE(r.exit_code, 0);
    EXPECT_LT(r.exit_code, 128) << "crashed: " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_EQ(r.err.rfind("error: ", 0), 0u) << r.err;
    EXPECT_NE(r.err.find(must_contain), std::string::npos) << r.err;
}

// The names the CLI test files take with `using` (defined once here, so that one unity batch can
// hold several of those files): a fresh directory per test, a file written in one call, and the
// example street.
namespace cli {
inline std::filesystem::path tempDir(const std::string& name) {
    return freshTempDir("cli-" + name);
}
inline void write(const std::filesystem::path& p, const std::string& text) {
    std::ofstream(p) << text;
}
inline const std::string kScene =
    std::string(BLINDSPOT_SOURCE_DIR) + "/scenes/examples/street.json";
}  // namespace cli

}  // namespace blindspot::testing

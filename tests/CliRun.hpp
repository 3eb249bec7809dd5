#pragma once
// Runs the real `blindspot` executable (BLINDSPOT_CLI) and captures its exit code, stdout and
// stderr, for the CLI tests.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include "tests/TestPaths.hpp"

namespace blindspot::testing {

struct CliRun {
    int exit_code = -1;
    std::string out;  // stdout
    std::string err;  // stderr
};

inline std::string slurp(const std::filesystem::path& p) {
    std::ifstream in(p);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

/// Runs the executable `cli` (any copy of blindspot) with `args`.
inline CliRun runCliWith(const std::string& cli, const std::string& args) {
    namespace fs = std::filesystem;
    // Runs are sequential and the capture files are removed after each, so one name per process.
    const fs::path base =
        fs::temp_directory_path() / ("blindspot-cli-" + std::to_string(::getpid()));
    const std::string cmd = cli + " " + args + " >" + base.string() +
                            ".out 2>" + base.string() + ".err";
    const int status = std::system(cmd.c_str());
    CliRun r;
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    r.out = slurp(base.string() + ".out");
    r.err = slurp(base.string() + ".err");
    fs::remove(base.string() + ".out");
    fs::remove(base.string() + ".err");
    return r;
}

inline CliRun runCli(const std::string& args) { return runCliWith(BLINDSPOT_CLI, args); }

}  // namespace blindspot::testing

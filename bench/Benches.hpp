#pragma once
#include <string>
#include <vector>

namespace blindspot::bench {

struct RaycastBenchOptions {
    std::vector<std::string> presets = {"hdl64e", "squeezeseg-front", "matlab-default"};
    int repeats = 41;
};
int runRaycastBench(const RaycastBenchOptions& options);

}  // namespace blindspot::bench

#pragma once
#include <string>
#include <vector>

#define BLINDSPOT_SOURCE_DIR ::blindspot::bench::sourceDir()

namespace blindspot::bench {

/// The source tree, for the configs, cars and checkpoint the benches read. Compiled into
/// bench/SourceDir.cpp alone, so the other bench objects hit ccache in any clone (issue 32).
const char* sourceDir();

struct RaycastBenchOptions {
    std::vector<std::string> presets = {"hdl64e", "squeezeseg-front", "matlab-default"};
    int repeats = 41;
};
int runRaycastBench(const RaycastBenchOptions& options);

struct SceneBenchOptions {
    std::vector<std::string> backgrounds = {"urban-01", "urban-04", "urban-06"};
    int repeats = 31;
    std::string lidar = "hdl64e-kitti";  ///< preset
};
int runSceneBench(const SceneBenchOptions& options);

struct SweepBenchOptions {
    std::string config = std::string(BLINDSPOT_SOURCE_DIR) + "/sweep/configs/paper-xy.json";
    std::size_t scenes = 1050;
    std::vector<int> jobs = {1, 2};
    bool cache = true;
    bool score = false;  ///< the baseline scores, with the sweep command's defaults
    int cores = 0;       ///< > 0: pin to the first N of this process's CPUs first (taskset)
    int workers = 0;     ///< with score: the plan's workers instead of its rule's (0: the rule)
    int threads = 0;     ///< with score: LibTorch threads per worker (0: the rule)
    /// With score: a second config timed against `config` in interleaved rounds (a scene on a
    /// recorded background against a procedural one: issue 52).
    std::string versus;
    int rounds = 3;
};
int runSweepBench(const SweepBenchOptions& options);

struct InferBenchOptions {
    std::string checkpoint = std::string(BLINDSPOT_SOURCE_DIR) + "/models/checkpoints/baseline";
    int threads = 2;
    int repeats = 15;
    bool external_only = false;      ///< only the external commands (models/external/)
    std::string precision = "fp32";  ///< bf16: bf16 against FP32 in interleaved rounds
};
int runInferBench(const InferBenchOptions& options);

struct DriveBenchOptions {
    std::string background = "town:1";
    std::string lidar = "hdl64e";
    double duration_s = 20.0;
    int traffic_cars = 12;
    int jobs = 2;
    int repeats = 3;
};
int runDriveBench(const DriveBenchOptions& options);

struct WeatherBenchOptions {
    int threads = 2;
    int repeats = 9;
};
int runWeatherBench(const WeatherBenchOptions& options);

struct MergeBenchOptions {
    std::size_t scenes = 100000;
    int shards = 200;
    std::size_t prediction_bytes = 128000;  ///< hdl64e-kitti's 64 x 2000 cells
    std::string work_dir;                   ///< empty: the system's temporary directory
};
int runMergeBench(const MergeBenchOptions& options);

struct AdaptiveBenchOptions {
    /// The truth grid (a grid config); every sampler proposes points of it.
    std::string config = std::string(BLINDSPOT_SOURCE_DIR) + "/sweep/configs/adaptive-truth.json";
    std::string checkpoint = std::string(BLINDSPOT_SOURCE_DIR) + "/models/checkpoints/baseline";
    std::string truth_dir;  ///< empty: $XDG_CACHE_HOME (or ~/.cache)/blindspot/adaptive-truth
    std::string objective = "target";  ///< the class whose IoU is the score
    double below =
        0.8;  ///< a point fails below this (the baseline stays above 0.5 on the truth grid)
    int seeds = 5;
    int budget_percent = 25;
    bool synthetic_only = false;
};
int runAdaptiveBench(const AdaptiveBenchOptions& options);

}  // namespace blindspot::bench

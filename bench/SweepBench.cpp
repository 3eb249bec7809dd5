// bench sweep: end-to-end scenes per second of the paper's sweep with the ray-caster alone
// (--scans-only), and the share of worker time per stage.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>

#include "bench/Benches.hpp"
#include "sweep/SweepRunner.hpp"

namespace blindspot::bench {

int runSweepBench(const SweepBenchOptions& opt) {
    const auto models = loadCarModels(std::string(BLINDSPOT_SOURCE_DIR) + "/scenes/cars");
    SweepConfig config = loadSweepConfig(opt.config, catalogueOf(models));
    const auto dir = std::filesystem::temp_directory_path() /
                     ("blindspot-bench-sweep-" + std::to_string(::getpid()));
    std::printf("bench sweep: %s, --scans-only, scan cache %s\n", config.name.c_str(),
                opt.cache ? "on" : "off");
    std::printf("%5s %8s %9s %12s   stage shares of worker time\n", "jobs", "scenes", "seconds",
                "scenes/s");
    for (int jobs : opt.jobs) {
        std::filesystem::remove_all(dir);
        RunnerOptions o;
        o.run_dir = dir.string();
        o.jobs = jobs;
        o.cache_scans = opt.cache;
        o.progress = false;
        o.stop_after = opt.scenes;
        const RunSummary s = runSweep(config, models, o);
        double total = 0;
        for (const auto& [stage, t] : s.stage_seconds) total += t;
        std::printf("%5d %8zu %9.2f %12.1f  ", jobs, s.done, s.seconds, double(s.done) / s.seconds);
        for (const char* stage :
             {"cache", "scene", "scan", "visibility", "segment", "write", "store"}) {
            const auto it = s.stage_seconds.find(stage);
            std::printf(" %s %.0f%%", stage,
                        it == s.stage_seconds.end() ? 0.0 : 100.0 * it->second / total);
        }
        std::printf("\n");
    }
    std::filesystem::remove_all(dir);
    return 0;
}

}  // namespace blindspot::bench

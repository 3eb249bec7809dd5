// bench sweep: end-to-end scenes per second of the paper's sweep and the share of worker time per
// stage. Without --score: the ray-caster alone (--scans-only) at each --jobs. With --score: one
// run scored by the bundled baseline with the sweep command's defaults (sweep/run/SweepPlan.hpp),
// cold cache, then the forward passes alone on the same scans, so (end to end) / (inference only)
// is the pipeline's overhead.
#include <sched.h>
#include <sys/resource.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <thread>

#include "bench/Benches.hpp"
#include "bench/Median.hpp"
#include "core/base/CoreCount.hpp"
#include "core/base/HeapBuffers.hpp"
#include "models/network/Network.hpp"
#include "sweep/run/SweepPlan.hpp"
#include "sweep/run/SweepRunner.hpp"
#include "sweep/store/RunDirectory.hpp"

namespace blindspot::bench {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

constexpr const char* kStages[] = {"cache",   "scene",       "scan",  "visibility", "cache write",
                                   "segment", "predictions", "store", "camera"};

void printStages(const RunSummary& s) {
    double total = 0;
    for (const auto& [stage, t] : s.stage_seconds) total += t;
    for (const char* stage : kStages) {
        const auto it = s.stage_seconds.find(stage);
        if (it != s.stage_seconds.end())
            std::printf(" %s %.0f%% (%.1f s)", stage, 100.0 * it->second / total, it->second);
    }
    std::printf("\n");
}

double peakRssMb() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return double(usage.ru_maxrss) / 1024.0;  // KiB on Linux
}

std::uintmax_t bytesUnder(const fs::path& dir) {
    std::uintmax_t bytes = 0;
    for (const auto& entry : fs::recursive_directory_iterator(dir))
        if (entry.is_regular_file()) bytes += entry.file_size();
    return bytes;
}

// The forward passes alone, in the run's batches, on the scans the run cached.
double inferenceOnlySeconds(const RunDirectory& run, const ResultsStore& store,
                            Segmenter& segmenter, std::size_t batch) {
    std::vector<std::string> ids;
    for (const auto& row : store.scenes()) ids.push_back(row.scene_id);
    double seconds = 0;
    for (std::size_t b = 0; b < ids.size(); b += batch) {
        std::vector<ScanGrid> scans;
        for (std::size_t k = b; k < std::min(ids.size(), b + batch); ++k)
            scans.push_back(run.readScan(ids[k], "")->scan);
        std::vector<const ScanGrid*> frames;
        for (const auto& s : scans) frames.push_back(&s);
        const auto t = Clock::now();
        segmenter.predictBatch(frames);
        seconds += std::chrono::duration<double>(Clock::now() - t).count();
    }
    return seconds;
}

// Keeps the first `cores` CPUs of this process's affinity mask, as `taskset` would; false if the
// mask has fewer.
bool pinToFirstCores(int cores) {
    cpu_set_t mask, kept;
    if (sched_getaffinity(0, sizeof(mask), &mask) != 0 || CPU_COUNT(&mask) < cores) return false;
    CPU_ZERO(&kept);
    for (int cpu = 0, n = 0; cpu < CPU_SETSIZE && n < cores; ++cpu)
        if (CPU_ISSET(cpu, &mask)) CPU_SET(cpu, &kept), ++n;
    return sched_setaffinity(0, sizeof(kept), &kept) == 0;
}

// The sweep command's defaults for a scored run of `scenes` into `dir`, scored by `net`.
RunnerOptions scoredOptions(const SweepPlan& plan,
                            const std::shared_ptr<const SegmentationNetwork>& net,
                            const fs::path& dir, std::size_t scenes) {
    RunnerOptions o;
    o.run_dir = dir.string();
    o.jobs = plan.jobs;
    o.pipeline = plan.pipeline;
    o.cast_threads = plan.cast_threads;
    o.batch = plan.batch;
    o.progress = false;
    o.stop_after = scenes;
    o.segmenter = [net] { return makeNetworkSegmenter(net); };
    return o;
}

int scoredBench(const SweepBenchOptions& opt, const SweepConfig& config,
                const std::vector<CarModelSpec>& models, const fs::path& dir) {
    const int cores = usableCores();
    const SweepPlan plan = planSweep(opt.workers, opt.threads, 0, true, cores);
    keepLargeBuffersOnHeap();
    setTorchThreads(plan.torch_threads);
    const auto net = std::shared_ptr<const SegmentationNetwork>(SegmentationNetwork::load(
        std::string(BLINDSPOT_SOURCE_DIR) + "/models/checkpoints/baseline"));
    std::printf("bench sweep --score: %s, %zu scenes, the baseline, cold cache\n%s\n",
                config.name.c_str(), opt.scenes, describe(plan, true, cores).c_str());
    const RunnerOptions o = scoredOptions(plan, net, dir, opt.scenes);
    const RunSummary s = runSweep(config, models, o);
    const RunDirectory run(dir.string());
    std::printf(
        "end to end: %zu scenes in %.1f s, %.1f scenes/s, %.2f scenes/s per core, peak RSS "
        "%.0f MB, disk %.3f MB per scene (scan cache %.3f)\n",
        s.done, s.seconds, double(s.done) / s.seconds, double(s.done) / s.seconds / cores,
        peakRssMb(), double(bytesUnder(dir)) / 1e6 / double(s.done),
        double(bytesUnder(dir / "scans")) / 1e6 / double(s.done));
    std::printf("stage shares of worker time (casting overlaps the forward pass):");
    printStages(s);
    auto segmenter = makeNetworkSegmenter(net);
    const ResultsStore store = run.openStore(config.dimensions, SqliteAccess::ReadOnly);
    const double inference = inferenceOnlySeconds(run, store, *segmenter, std::size_t(plan.batch));
    std::printf(
        "inference only, same scans and batches: %.1f s; end to end / inference only = "
        "%.2f\n",
        inference, s.seconds / inference);
    return 0;
}

// Seconds per scored scene of `config`, cold cache, the sweep command's defaults.
double secondsPerScene(const SweepBenchOptions& opt, const SweepConfig& config,
                       const std::vector<CarModelSpec>& models, const fs::path& dir) {
    fs::remove_all(dir);
    const SweepPlan plan = planSweep(opt.workers, opt.threads, 0, true, usableCores());
    setTorchThreads(plan.torch_threads);
    const auto net = std::shared_ptr<const SegmentationNetwork>(SegmentationNetwork::load(
        std::string(BLINDSPOT_SOURCE_DIR) + "/models/checkpoints/baseline"));
    const RunnerOptions o = scoredOptions(plan, net, dir, opt.scenes);
    const RunSummary s = runSweep(config, models, o);
    fs::remove_all(dir);
    return s.seconds / double(std::max<std::size_t>(1, s.done));
}

// `opt.versus` against `opt.config`, alternating which runs first, the median of the rounds'
// ratios (the machine is shared: a ratio within one round cancels most of its load).
int versusBench(const SweepBenchOptions& opt, const SweepConfig& base, const SweepConfig& other,
                const std::vector<CarModelSpec>& models, const fs::path& dir) {
    keepLargeBuffersOnHeap();
    std::printf("bench sweep --score --versus: %s against %s, %zu scenes each, %d rounds\n",
                other.name.c_str(), base.name.c_str(), opt.scenes, opt.rounds);
    std::vector<double> ratios;
    for (int r = 0; r < opt.rounds; ++r) {
        double a = 0, b = 0;
        if (r % 2 == 0) {
            a = secondsPerScene(opt, base, models, dir);
            b = secondsPerScene(opt, other, models, dir);
        } else {
            b = secondsPerScene(opt, other, models, dir);
            a = secondsPerScene(opt, base, models, dir);
        }
        ratios.push_back(b / a);
        std::printf("round %d: %s %.3f s/scene, %s %.3f s/scene, ratio %.2f\n", r + 1,
                    base.name.c_str(), a, other.name.c_str(), b, b / a);
    }
    std::printf("median ratio %s / %s: %.2f\n", other.name.c_str(), base.name.c_str(),
                median(ratios));
    return 0;
}

}  // namespace

int runSweepBench(const SweepBenchOptions& opt) {
    const auto models = loadCarModels(std::string(BLINDSPOT_SOURCE_DIR) + "/scenes/cars");
    SweepConfig config = loadSweepConfig(opt.config, catalogueOf(models));
    if (opt.cores > 0 && !pinToFirstCores(opt.cores)) {
        std::fprintf(stderr, "bench sweep: --cores %d: this process may use only %d\n", opt.cores,
                     usableCores());
        return 2;
    }
    const auto dir =
        fs::temp_directory_path() / ("blindspot-bench-sweep-" + std::to_string(::getpid()));
    if (opt.score && !opt.versus.empty())
        return versusBench(opt, config, loadSweepConfig(opt.versus, catalogueOf(models)), models,
                           dir);
    if (opt.score) {
        fs::remove_all(dir);
        const int rc = scoredBench(opt, config, models, dir);
        fs::remove_all(dir);
        return rc;
    }
    std::printf("bench sweep: %s, --scans-only, scan cache %s\n", config.name.c_str(),
                opt.cache ? "on" : "off");
    std::printf("%5s %8s %9s %12s   stage shares of worker time\n", "jobs", "scenes", "seconds",
                "scenes/s");
    for (int jobs : opt.jobs) {
        fs::remove_all(dir);
        RunnerOptions o;
        o.run_dir = dir.string();
        o.jobs = jobs;
        o.cache_scans = opt.cache;
        o.progress = false;
        o.stop_after = opt.scenes;
        const RunSummary s = runSweep(config, models, o);
        std::printf("%5d %8zu %9.2f %12.1f  ", jobs, s.done, s.seconds, double(s.done) / s.seconds);
        printStages(s);
    }
    fs::remove_all(dir);
    return 0;
}

}  // namespace blindspot::bench

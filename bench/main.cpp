// bench: prints speed figures. Never part of the test suite.
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cstdlib>
#include <cstring>
#include <iostream>

#include "bench/Benches.hpp"
#include "core/base/Error.hpp"

namespace {

// `bench sweep` times what `blindspot sweep` runs. The CLI asks LibTorch's threads to sleep
// between parallel regions before it loads LibTorch (preferSleepingTorchThreads); this binary
// links LibTorch, whose libgomp read the environment before main, so it restarts itself once
// with the same setting. A policy already in the environment is kept.
void restartWithSleepingTorchThreads(int argc, char** argv) {
    if (argc < 2 || std::strcmp(argv[1], "sweep") != 0 || std::getenv("OMP_WAIT_POLICY")) return;
    ::setenv("OMP_WAIT_POLICY", "PASSIVE", 1);
    ::execv("/proc/self/exe", argv);  // returns only on failure: then run as we are
}

}  // namespace

int main(int argc, char** argv) {
    restartWithSleepingTorchThreads(argc, argv);
    CLI::App app{"blindspot benchmarks"};
    app.require_subcommand(1);
    blindspot::bench::RaycastBenchOptions raycast;
    CLI::App* rc = app.add_subcommand("raycast", "Scan pipeline vs raw Embree rtcIntersect16");
    rc->add_option("--preset", raycast.presets, "LiDAR presets to cast")->capture_default_str();
    rc->add_option("--repeats", raycast.repeats, "Timed repetitions (median reported)");
    rc->callback([&] { blindspot::bench::runRaycastBench(raycast); });
    blindspot::bench::SceneBenchOptions scene;
    CLI::App* sc = app.add_subcommand(
        "scene", "Per-sample scene assembly, cast, sensor response and visibility times");
    sc->add_option("--background", scene.backgrounds, "Backgrounds")->capture_default_str();
    sc->add_option("--repeats", scene.repeats, "Timed repetitions (median reported)");
    sc->add_option("--lidar", scene.lidar, "LiDAR preset")->capture_default_str();
    sc->callback([&] { blindspot::bench::runSceneBench(scene); });
    blindspot::bench::SweepBenchOptions sweep;
    CLI::App* sw = app.add_subcommand(
        "sweep", "End-to-end scenes/s of a sweep (--scans-only, or --score) and stage shares");
    sw->add_option("--config", sweep.config, "Sweep config")->capture_default_str();
    sw->add_option("--scenes", sweep.scenes, "Scenes per run")->capture_default_str();
    sw->add_option("--jobs", sweep.jobs, "Worker counts to time")->capture_default_str();
    sw->add_flag("!--no-cache", sweep.cache, "Do not write the scan cache");
    sw->add_flag("--score", sweep.score,
                 "Score with the bundled baseline and the sweep command's defaults; then the "
                 "forward passes alone on the same scans");
    sw->add_option("--cores", sweep.cores,
                   "Run on the first N of this process's CPUs (as taskset would); the plan "
                   "follows them");
    sw->add_option("--workers", sweep.workers, "With --score: workers instead of the plan's");
    sw->add_option("--versus", sweep.versus,
                   "With --score: time this config against --config in interleaved rounds and "
                   "print the median ratio of seconds per scene");
    sw->add_option("--rounds", sweep.rounds, "With --versus: rounds")->capture_default_str();
    sw->add_option("--threads", sweep.threads,
                   "With --score: LibTorch threads per worker instead of the plan's");
    sw->callback([&] { blindspot::bench::runSweepBench(sweep); });
    blindspot::bench::InferBenchOptions infer;
    CLI::App* in = app.add_subcommand(
        "infer",
        "SqueezeSeg ms/frame at batch 1 and 8, LibTorch vs PyTorch eager; the external path");
    in->add_option("--model", infer.checkpoint, "Checkpoint directory")->capture_default_str();
    in->add_option("--threads", infer.threads, "Threads for both")->capture_default_str();
    in->add_option("--repeats", infer.repeats, "Timed repetitions (median reported)");
    in->add_option("--precision", infer.precision,
                   "bf16: time bf16 against FP32 in interleaved rounds (CPUs with avx512_bf16 "
                   "or amx_bf16) and count the cells whose class differs")
        ->capture_default_str();
    in->add_flag("--external-only", infer.external_only,
                 "Only the external commands: per batch, persistent NumPy, persistent PyTorch");
    in->callback([&] { blindspot::bench::runInferBench(infer); });
    blindspot::bench::DriveBenchOptions drive;
    CLI::App* dr = app.add_subcommand(
        "drive", "Simulated LiDAR frames per second of a drive with traffic, per motion mode");
    dr->add_option("--background", drive.background, "Background")->capture_default_str();
    dr->add_option("--lidar", drive.lidar, "LiDAR preset")->capture_default_str();
    dr->add_option("--duration", drive.duration_s, "Simulated seconds")->capture_default_str();
    dr->add_option("--traffic", drive.traffic_cars, "Traffic cars")->capture_default_str();
    dr->add_option("--jobs", drive.jobs, "Worker threads")->capture_default_str();
    dr->add_option("--repeats", drive.repeats, "Timed repetitions (median reported)");
    dr->callback([&] { blindspot::bench::runDriveBench(drive); });
    blindspot::bench::WeatherBenchOptions weather;
    CLI::App* we = app.add_subcommand(
        "weather", "LiDAR weather effects per scan and camera image per condition");
    we->add_option("--threads", weather.threads, "Camera threads")->capture_default_str();
    we->add_option("--repeats", weather.repeats, "Timed repetitions (median reported)");
    we->callback([&] { blindspot::bench::runWeatherBench(weather); });
    blindspot::bench::MergeBenchOptions merge;
    CLI::App* me = app.add_subcommand(
        "merge", "Merge of a night's shards, on synthetic shard stores (docs/scale.md)");
    me->add_option("--scenes", merge.scenes, "Scenes in the design")->capture_default_str();
    me->add_option("--shards", merge.shards, "Shards")->capture_default_str();
    me->add_option("--prediction-bytes", merge.prediction_bytes, "Prediction file per scene")
        ->capture_default_str();
    me->add_option("--dir", merge.work_dir, "Where to write the shards (default: temp)");
    me->callback([&] { blindspot::bench::runMergeBench(merge); });
    blindspot::bench::AdaptiveBenchOptions adaptive;
    CLI::App* ad = app.add_subcommand(
        "adaptive", "Samplers replayed against a scored truth grid: recall of failing points");
    ad->add_option("--config", adaptive.config, "Truth grid config")->capture_default_str();
    ad->add_option("--model", adaptive.checkpoint, "Checkpoint")->capture_default_str();
    ad->add_option("--truth-dir", adaptive.truth_dir, "Where the truth run lives");
    ad->add_option("--objective", adaptive.objective, "Class whose IoU is the score")
        ->capture_default_str();
    ad->add_option("--below", adaptive.below, "Failure threshold")->capture_default_str();
    ad->add_option("--seeds", adaptive.seeds, "Seeds per sampler")->capture_default_str();
    ad->add_option("--budget-percent", adaptive.budget_percent, "Largest budget, % of the grid")
        ->capture_default_str();
    ad->add_flag("--synthetic-only", adaptive.synthetic_only, "Only the synthetic objective");
    ad->callback([&] { blindspot::bench::runAdaptiveBench(adaptive); });
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        return app.exit(e);
    } catch (const blindspot::Error& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 3;
    }
    return 0;
}

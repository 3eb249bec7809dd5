// bench drive: simulated LiDAR frames per second of a drive with traffic, per motion mode (each
// run writes the whole sequence to a fresh temporary directory; median of N runs).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <vector>

#include "bench/Benches.hpp"
#include "drive/DriveRecording.hpp"

namespace blindspot::bench {

int runDriveBench(const DriveBenchOptions& opt) {
    namespace fs = std::filesystem;
    const auto models = loadCarModels(std::string(BLINDSPOT_SOURCE_DIR) + "/scenes/cars");
    DriveConfig config;
    config.background = opt.background;
    config.lidar = opt.lidar;
    config.duration_s = opt.duration_s;
    config.traffic.cars = opt.traffic_cars;
    std::printf(
        "bench drive: %s, %s at 10 Hz, %.0f s, %d traffic cars, %d jobs, median of %d "
        "(planning, casting and writing the sequence)\n",
        opt.background.c_str(), opt.lidar.c_str(), opt.duration_s, opt.traffic_cars, opt.jobs,
        opt.repeats);
    std::printf("%-12s %8s %12s %14s\n", "motion", "frames", "seconds", "frames/s");
    for (MotionMode mode : {MotionMode::None, MotionMode::Ego, MotionMode::EgoAndTraffic}) {
        config.motion = mode;
        std::vector<double> seconds;
        std::size_t frames = 0;
        for (int r = 0; r < opt.repeats; ++r) {
            const fs::path dir =
                fs::temp_directory_path() / ("blindspot-bench-drive-" + std::to_string(r));
            fs::remove_all(dir);
            DriveRecordOptions o;
            o.output = dir.string();
            o.jobs = opt.jobs;
            const auto t0 = std::chrono::steady_clock::now();
            frames = recordDrive(config, "bench", models, o).frames;
            seconds.push_back(
                std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
            fs::remove_all(dir);
        }
        std::sort(seconds.begin(), seconds.end());
        const double median = seconds[seconds.size() / 2];
        std::printf("%-12s %8zu %10.2f s %14.1f\n", motionModeName(mode).c_str(), frames, median,
                    double(frames) / median);
    }
    return 0;
}

}  // namespace blindspot::bench

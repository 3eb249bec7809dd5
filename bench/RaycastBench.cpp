// bench raycast: the full scan pipeline against raw rtcIntersect16 on the same rays.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <thread>
#include <vector>

#include "bench/BenchScenes.hpp"
#include "bench/Benches.hpp"
#include "bench/Median.hpp"
#include "core/base/CoreCount.hpp"
#include "core/geometry/Mounting.hpp"

namespace blindspot::bench {
namespace {

double secondsOf(const std::function<void()>& run) {
    const auto start = std::chrono::steady_clock::now();
    run();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

int runRaycastBench(const RaycastBenchOptions& opt) {
    std::size_t triangles = 0;
    const RayScene scene = makeRaycastBenchScene(&triangles);
    Pose sensor;
    sensor.translation_m = {0.0, 0.0, 1.73};
    const Eigen::Isometry3d world_from_sensor = sensor.parentFromLocal();
    const int cores = usableCores();
    std::printf("bench raycast: %zu triangles (instanced), %d cores\n", triangles, cores);
    std::printf("%-18s %7s %9s %12s %12s %7s\n", "lidar", "threads", "rays", "pipeline", "raw",
                "ratio");
    for (const std::string& preset : opt.presets) {
        const LidarSpec spec = lidarPreset(preset);
        const double rays = double(spec.rows()) * spec.cols();
        for (int threads : {1, cores}) {
            const CastOptions cast{threads};
            // A sweep reuses one ScanGrid per worker, so the bench does too (after a warm-up cast).
            ScanGrid scan = castScan(scene, spec, world_from_sensor, cast);
            // Interleaved, so drift in the machine's speed hits both alike; medians of each.
            std::vector<double> pipe, raw;
            for (int i = 0; i < opt.repeats; ++i) {
                pipe.push_back(
                    secondsOf([&] { castScanInto(scene, spec, world_from_sensor, cast, scan); }));
                raw.push_back(
                    secondsOf([&] { castRawPackets(scene, spec, world_from_sensor, cast); }));
            }
            const double t_pipe = median(pipe), t_raw = median(raw);
            std::printf("%-18s %7d %9.0f %7.2f Mr/s %7.2f Mr/s %7.3f\n", preset.c_str(), threads,
                        rays, rays / t_pipe / 1e6, rays / t_raw / 1e6, t_raw / t_pipe);
            if (threads == cores) break;
        }
    }
    std::printf("ratio = pipeline Mrays/s / raw Embree Mrays/s (target >= 0.9)\n");
    return 0;
}

}  // namespace blindspot::bench

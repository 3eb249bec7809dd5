// bench weather: the cost of the LiDAR effects per HDL-64E scan and of one camera image, per
// condition (median of N).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

#include "bench/Benches.hpp"
#include "core/lidar/LidarEffects.hpp"
#include "core/raycast/Camera.hpp"
#include "scenes/SceneAssembly.hpp"

namespace blindspot::bench {
namespace {

template <typename Fn>
double medianMs(int repeats, Fn&& fn) {
    std::vector<double> t;
    for (int r = 0; r < repeats; ++r) {
        const auto t0 = std::chrono::steady_clock::now();
        fn();
        t.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
                        .count());
    }
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}

}  // namespace

int runWeatherBench(const WeatherBenchOptions& opt) {
    SceneAssembler assembler(loadCarModels(std::string(BLINDSPOT_SOURCE_DIR) + "/scenes/cars"),
                             lidarPreset("hdl64e"));
    Scenario sample =
        placedCars("urban-01", {{"sedan", 12, -2, 0, "red"}, {"suv", 20, 3, 180, "black"}});
    const AssembledScene scene = assembler.assemble(sample);
    const ScanGrid clean = castScan(*scene.geometry, assembler.lidar(), scene.world_from_sensor);
    LidarEffects physical;
    physical.paper_mode = false;
    std::printf(
        "bench weather: urban-01, 2 cars, HDL-64E (128,000 beams), camera 1242 x 375, "
        "%d threads for the camera, median of %d\n",
        opt.threads, opt.repeats);
    std::printf("%-12s %16s %14s\n", "weather", "LiDAR effects", "camera image");
    for (const char* w : {"clear", "fog:0.03", "rain:10", "rain:50", "snow:3"}) {
        const Weather weather = parseWeather(w);
        const double effects = medianMs(opt.repeats, [&] {
            ScanGrid scan = clean;
            applyLidarEffects(scan, weather, physical, 1);
        });
        CameraConditions c;
        c.weather = weather;
        const double camera = medianMs(opt.repeats, [&] {
            renderCamera(*scene.geometry, CameraSpec{}, scene.world_from_sensor, c, opt.threads);
        });
        std::printf("%-12s %13.1f ms %11.1f ms\n", w, effects, camera);
    }
    return 0;
}

}  // namespace blindspot::bench

// bench scene: per-sample scene assembly on a cached background (target < 1 ms for 10 cars), and
// the hdl64e-kitti scan split into the cast and the sensor response.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

#include "bench/Benches.hpp"
#include "core/lidar/SensorResponse.hpp"
#include "core/lidar/SensorReturns.hpp"
#include "scenes/SceneAssembly.hpp"

namespace blindspot::bench {

int runSceneBench(const SceneBenchOptions& opt) {
    const auto models = loadCarModels(std::string(BLINDSPOT_SOURCE_DIR) + "/scenes/cars");
    SceneAssembler assembler(models, lidarPreset(opt.lidar));
    std::printf("bench scene: assembly on a cached background, %s, %d repeats per row (median)\n",
                opt.lidar.c_str(), opt.repeats);
    std::printf("%-10s %5s %11s %12s %12s %12s\n", "background", "cars", "assemble", "cast",
                "response", "visibility");
    for (const std::string& id : opt.backgrounds) {
        assembler.background(id);  // generate and cache: not part of the per-sample cost
        for (int cars : {1, 10}) {
            Scenario sample = placedCars(id, {});
            for (int i = 0; i < cars; ++i)
                sample.cars.push_back({models[std::size_t(i) % models.size()].name,
                                       5.0 + 1.5 * i * (i % 2 ? 1 : -1) + 1.5 * i,
                                       (i % 2 ? 3.5 : -3.5), 15.0 * i, "white"});
            std::vector<double> t_assemble, t_scan, t_response, t_vis;
            for (int r = 0; r < opt.repeats; ++r) {
                auto t0 = std::chrono::steady_clock::now();
                const AssembledScene scene = assembler.assemble(sample);
                auto t1 = std::chrono::steady_clock::now();
                ScanGrid scan =
                    castScan(*scene.geometry, assembler.lidar(), scene.world_from_sensor);
                auto t2 = std::chrono::steady_clock::now();
                applySensorResponse(scan, assembler.lidar().response, std::uint64_t(r));
                auto t3 = std::chrono::steady_clock::now();
                assembler.visibility(scene, scan);
                auto t4 = std::chrono::steady_clock::now();
                auto ms = [](auto a, auto b) {
                    return std::chrono::duration<double, std::milli>(b - a).count();
                };
                t_assemble.push_back(ms(t0, t1));
                t_scan.push_back(ms(t1, t2));
                t_response.push_back(ms(t2, t3));
                t_vis.push_back(ms(t3, t4));
            }
            auto median = [](std::vector<double> v) {
                std::sort(v.begin(), v.end());
                return v[v.size() / 2];
            };
            std::printf("%-10s %5d %8.3f ms %9.2f ms %9.2f ms %9.2f ms\n", id.c_str(), cars,
                        median(t_assemble), median(t_scan), median(t_response), median(t_vis));
        }
    }
    return 0;
}

}  // namespace blindspot::bench

// bench scene: per-sample scene assembly on a cached background (target < 1 ms for 10 cars).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

#include "bench/Benches.hpp"
#include "scenes/SceneAssembly.hpp"

namespace blindspot::bench {

int runSceneBench(const SceneBenchOptions& opt) {
    const auto models = loadCarModels(std::string(BLINDSPOT_SOURCE_DIR) + "/scenes/cars");
    SceneAssembler assembler(models, lidarPreset("hdl64e"));
    std::printf("bench scene: assembly on a cached background, %d repeats per row (median)\n",
                opt.repeats);
    std::printf("%-10s %5s %11s %12s %12s\n", "background", "cars", "assemble", "scan hdl64e",
                "visibility");
    for (const std::string& id : opt.backgrounds) {
        assembler.background(id);  // generate and cache: not part of the per-sample cost
        for (int cars : {1, 10}) {
            Scenario sample = placedCars(id, {});
            for (int i = 0; i < cars; ++i)
                sample.cars.push_back({models[std::size_t(i) % models.size()].name,
                                       5.0 + 1.5 * i * (i % 2 ? 1 : -1) + 1.5 * i,
                                       (i % 2 ? 3.5 : -3.5), 15.0 * i, "white"});
            std::vector<double> t_assemble, t_scan, t_vis;
            for (int r = 0; r < opt.repeats; ++r) {
                auto t0 = std::chrono::steady_clock::now();
                const AssembledScene scene = assembler.assemble(sample);
                auto t1 = std::chrono::steady_clock::now();
                const ScanGrid scan =
                    castScan(*scene.geometry, assembler.lidar(), scene.world_from_sensor);
                auto t2 = std::chrono::steady_clock::now();
                assembler.visibility(scene, scan);
                auto t3 = std::chrono::steady_clock::now();
                t_assemble.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
                t_scan.push_back(std::chrono::duration<double, std::milli>(t2 - t1).count());
                t_vis.push_back(std::chrono::duration<double, std::milli>(t3 - t2).count());
            }
            auto median = [](std::vector<double> v) {
                std::sort(v.begin(), v.end());
                return v[v.size() / 2];
            };
            std::printf("%-10s %5d %8.3f ms %9.2f ms %9.2f ms\n", id.c_str(), cars,
                        median(t_assemble), median(t_scan), median(t_vis));
        }
    }
    return 0;
}

}  // namespace blindspot::bench

#pragma once
// Label-free statistics of simulated scans (eval/ScanStatistics.hpp), to hold against real ones:
// `scenes` scenes of traffic on the given backgrounds, each cast with `lidar`.
#include <string>
#include <vector>

#include "core/lidar/LidarEffects.hpp"
#include "eval/ScanStatistics.hpp"
#include "scenes/CarModel.hpp"

namespace blindspot {

struct SimulatedScansOptions {
    std::vector<std::string> backgrounds{"urban-02"};  ///< scene i uses backgrounds[i % n]
    int scenes = 20;
    int cars = 8;  ///< traffic per scene, on random free spots seeded by i + 1
    std::string lidar = "squeezeseg-front";
    double pitch_deg = 0.0;
    LidarEffects effects;
};

struct SimulatedScans {
    ScanStatistics statistics;
    GridReturns first;  ///< the first scene's returns, for a picture
};

SimulatedScans simulateScans(const std::vector<CarModelSpec>& models,
                             const SimulatedScansOptions& options);

}  // namespace blindspot

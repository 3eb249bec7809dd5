#pragma once
// Training data: drive-mode style traffic scenes on given backgrounds, written in the SemanticKITTI
// layout (DIR/sequences/SS/velodyne/NNNNNN.bin, labels/NNNNNN.label, poses.txt) so that one
// reader serves generated data and real SemanticKITTI / KITTI recordings alike.
#include <cstdint>
#include <string>
#include <vector>

#include "core/segmentation/LabelSet.hpp"
#include "scenes/Traffic.hpp"

namespace blindspot {

/// Traffic spread uniformly over the road's area from 5 m (`generate --traffic area`): with x
/// uniform from 3 m, a third of the front-view returns of a training set were car, most within
/// 6 m (real KITTI front views: 6 %, at 13..24 m; docs/fidelity.md).
inline TrafficPolicy trafficByArea() { return {5.0, 45.0, 15.0, 0.25, 100, true}; }

struct GenerateOptions {
    std::vector<CarModelSpec> models;      ///< scenes/CarModel.hpp
    std::vector<std::string> backgrounds;  ///< drawn uniformly per scan
    int scans = 100;
    std::string output;
    std::string sequence = "00";
    std::uint64_t seed = 1;
    std::string lidar = "hdl64e";  ///< preset name or spec file
    int cars_min = 2;              ///< cars per scan, uniform in [cars_min, cars_max]
    int cars_max = 8;
    /// People per scan (pedestrians and cyclists on and beside the road, addTrafficPeople),
    /// uniform in [people_min, people_max], drawn from a stream of their own: 0..0 adds none and
    /// leaves every other draw, so the files, as they were.
    int people_min = 0;
    int people_max = 0;
    /// Cars ahead of the ego vehicle, mostly with the traffic, a quarter at a random heading.
    TrafficPolicy traffic{3.0, 45.0, 15.0, 0.25, 100};
    int jobs = 1;  ///< worker threads; the files do not depend on it
    /// Domain randomisation per scan: the LiDAR's response (randomizedResponse) and the sensor
    /// head's pitch and roll, each uniform in +-0.5 deg (mounting and suspension).
    bool randomize = false;
    LabelSet label_set = LabelSet::kMatlab;  ///< ids in the .label files
};

struct GenerateSummary {
    int scans = 0;
    std::size_t points = 0;
    std::size_t car_points = 0;  ///< returns labelled vehicle
    double seconds = 0.0;
};

/// Scan i draws everything from a generator seeded by (seed, i), so any subset of scans can be
/// regenerated alone and the output does not depend on `jobs`.
GenerateSummary generateDataset(const GenerateOptions& options);

}  // namespace blindspot

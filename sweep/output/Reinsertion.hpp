#pragma once
// Same-pose re-insertion (issue 52, docs/real-backgrounds.md): how much an inserted car looks like
// a real one to a network. For every labelled real car of the frames (scenes/RealCars.hpp): fit
// its box, remove its points, insert the library car nearest in size at that box along the
// frame's rays, and run the network on both scans. Per instance: the points on the object and the
// car class's recall and IoU there (eval/Reinsertion.hpp).
#include <cstdint>
#include <string>
#include <vector>

#include "core/lidar/LidarSpec.hpp"
#include "core/segmentation/Segmenter.hpp"
#include "eval/Reinsertion.hpp"
#include "scenes/CarModel.hpp"

namespace blindspot {

struct ReinsertionOptions {
    std::size_t min_points = 20;  ///< smaller instances are left out (no box to fit)
    std::uint64_t seed = 1;       ///< the sensor response's draws on the inserted cars
};

/// Every car instance of `frame_ids` ("real:DIR#N", labelled) with a return the network sees,
/// scored by `net` under `lasers`; points are the organised scan's cells with a prediction.
/// Throws ConfigError / FileError as loadRealFrame, and ConfigError when a frame has no labels.
std::vector<InstancePair> reinsertCars(const std::vector<std::string>& frame_ids,
                                       const std::vector<CarModelSpec>& models,
                                       const LidarSpec& lasers, Segmenter& net,
                                       const ReinsertionOptions& options);

}  // namespace blindspot

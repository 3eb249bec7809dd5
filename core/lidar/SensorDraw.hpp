#pragma once
// Domain randomisation of the sensor for training data, one draw per scan: `generate
// --randomize` and `export --randomize` draw it the same way, so that retraining scans vary as
// the baseline's own training scans did (a fine-tune on fixed-sensor scans unlearns that
// robustness: README, "The paper's experiment").
#include <Eigen/Geometry>

#include "core/base/Rng.hpp"
#include "core/lidar/LidarSpec.hpp"

namespace blindspot {

struct SensorDraw {
    SensorResponse response;  ///< replaces the spec's response for this scan
    /// The head tilted on its mount (mounting and suspension): sensor_from_tilted_sensor.
    Eigen::Quaterniond tilt = Eigen::Quaterniond::Identity();
};

/// randomizedResponse(lidar.response), then the head's pitch and roll, each U(-0.5, 0.5) deg, in
/// that order from `rng`.
SensorDraw drawSensor(const LidarSpec& lidar, Rng& rng);

}  // namespace blindspot

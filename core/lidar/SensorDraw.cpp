#include "core/lidar/SensorDraw.hpp"

#include <cmath>

namespace blindspot {

SensorDraw drawSensor(const LidarSpec& lidar, Rng& rng) {
    SensorDraw d;
    d.response = randomizedResponse(lidar.response, lidar.rows(), rng);
    const double pitch_rad = rng.uniform(-0.5, 0.5) * M_PI / 180;
    const double roll_rad = rng.uniform(-0.5, 0.5) * M_PI / 180;
    d.tilt = Eigen::AngleAxisd(pitch_rad, Eigen::Vector3d::UnitY()) *
             Eigen::AngleAxisd(roll_rad, Eigen::Vector3d::UnitX());
    return d;
}

}  // namespace blindspot

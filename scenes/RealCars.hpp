#pragma once
// The labelled cars of a recorded frame as boxes (issue 52's re-insertion gate): each SemanticKITTI
// car or moving-car instance gets a box fitted to its points and the ground, and the library car
// nearest that box in size, placed where the real car stands.
#include <cstddef>
#include <vector>

#include "core/scenario/Scenario.hpp"
#include "scenes/CarModel.hpp"
#include "scenes/RealBackground.hpp"

namespace blindspot {

struct FittedBox {
    Eigen::Vector2d centre_m = Eigen::Vector2d::Zero();  ///< sensor frame
    double yaw_deg = 0.0;  ///< of its long axis (a car's front or back: 180 deg apart)
    double length_m = 0.0, width_m = 0.0, height_m = 0.0;  ///< the points' extents
    double ground_z_m = 0.0;
    double range_m() const { return centre_m.norm(); }
};

struct RealCar {
    int instance = 0;                 ///< SemanticKITTI instance id
    std::vector<std::size_t> points;  ///< its points in the frame
    FittedBox box;
};

/// The car instances with at least `min_points` returns. The long axis is the longer side of the
/// smallest-area rectangle around the points in x-y; extents are along it and across it; the
/// ground is groundUnder the box.
std::vector<RealCar> realCars(const RealFrame& frame, std::size_t min_points);

/// The library car nearest the box in length, width and height (squared differences), white,
/// facing along the box's axis. A box seen from one side is shorter than the car: the library car
/// keeps the box's faces nearest the sensor and extends away from it.
ScenarioCar libraryCarAt(const FittedBox& box, const std::vector<CarModelSpec>& models);

/// The frame without the points `removed` (indices into frame.points).
RealFrame withoutPoints(const RealFrame& frame, const std::vector<std::size_t>& removed);

}  // namespace blindspot

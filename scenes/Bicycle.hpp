#pragma once
// Two-wheelers a rider sits on. A city bicycle (700c: 0.34 m wheels over the tyre, 1.05 m
// wheelbase, 0.17 m cranks, 32 mm frame tubes, 36 spokes of 2 mm per wheel, which a 2 mrad beam
// hits only now and then: sparse returns, as on real wheels) and a mid-size motorbike (0.31 m
// wheels on 0.12 m wide tyres, 1.42 m wheelbase, engine block, tank and seat; dimensions of a
// 500-650 cc road bike). Frame: the vehicle's own, origin on the ground between the wheels,
// facing +x (ISO 8855), z up, metres.
#include <Eigen/Core>
#include <array>
#include <cstdint>

#include "core/geometry/TriangleMesh.hpp"

namespace blindspot {

/// A two-wheeler and where its rider's pelvis, feet and hands go ([0] left, [1] right).
struct RideFrame {
    TriangleMesh mesh;
    Eigen::Vector3d seat;
    std::array<Eigen::Vector3d, 2> pedals, grips;
    double rider_lean_deg = 0.0;  ///< the rider's trunk, forward of upright
};

/// A bicycle with its cranks at `pedal_phase` in [0, 1) of a turn.
RideFrame makeBicycle(double pedal_phase, std::uint16_t part);

/// A motorbike: `body` for frame, tank, engine and seat, `tyres` for the wheels.
RideFrame makeMotorbike(std::uint16_t body, std::uint16_t tyres);

}  // namespace blindspot

#pragma once
// Procedural pedestrians and cyclists. Proportions follow the usual anthropometric ratios of body
// height h (legs 0.50 h, torso 0.32 h, neck 0.03 h, head 0.15 h; shoulder width 0.26 h;
// Drillis and Contini 1966); a bicycle has 0.34 m wheels 1.05 m apart (a 700c city bike). Meshes
// are in the body's own frame: origin on the ground between the feet (or under the bicycle's
// centre), facing +x (ISO 8855), z up, metres.
#include "core/Rng.hpp"
#include "core/TriangleMesh.hpp"

namespace blindspot {

/// Triangle parts; the caller maps them to materials (and so to labels).
struct PersonParts {
    std::uint16_t skin = 0;
    std::uint16_t clothes = 1;
    std::uint16_t bicycle = 2;
};

/// A pedestrian's shape and pose.
struct PersonShape {
    double height_m = 1.75;  ///< 1.0 (child) .. 2.0
    double girth = 1.0;      ///< width scale, 0.8 .. 1.3
    double stride = 0.0;     ///< walking phase, -1 .. 1: legs and arms swing by stride * 25 deg
};
PersonShape drawPersonShape(Rng& rng);

TriangleMesh makePedestrian(const PersonShape& shape, const PersonParts& parts);
/// A rider on a bicycle; the rider's pedal phase follows `shape.stride`.
TriangleMesh makeCyclist(const PersonShape& shape, const PersonParts& parts);

}  // namespace blindspot

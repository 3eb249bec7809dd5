#pragma once
// Procedural people: articulated pedestrians (scenes/HumanBody.hpp) walking, running, standing,
// turning or carrying, adults and children, some with bags; riders on bicycles and motorbikes
// (scenes/Bicycle.hpp). Meshes are in the person's own frame: origin on the ground under the
// pelvis (or between a two-wheeler's wheels), facing +x (ISO 8855), z up, metres.
#include "core/base/Rng.hpp"
#include "core/geometry/TriangleMesh.hpp"
#include "scenes/HumanPose.hpp"

namespace blindspot {

/// Triangle parts; the caller maps them to materials (and so to labels).
struct PersonParts {
    std::uint16_t skin = 0;
    std::uint16_t upper = 1;    ///< shirt or jacket, and a bag
    std::uint16_t lower = 1;    ///< trousers and shoes
    std::uint16_t vehicle = 2;  ///< the bicycle or motorbike
    std::uint16_t tyres = 2;    ///< a motorbike's tyres
};

enum class Carried { kNothing, kBackpack, kShoulderBag, kHandBag, kBox };

/// A person's shape and pose.
struct PersonShape {
    double height_m = 1.75;  ///< 1.0 (child) .. 2.0
    double girth = 1.0;      ///< width scale, 0.8 .. 1.3
    double phase = 0.0;      ///< of the gait cycle or the pedals' turn, [0, 1)
    Gait gait = Gait::kWalking;
    Carried carried = Carried::kNothing;  ///< kBox goes with Gait::kCarrying
};

/// One passer-by: 15 % children (1.0-1.45 m), adults about N(1.71 m, 0.09 m) (the mean of
/// European men and women; NCD-RisC 2016); gaits and bags in the shares of a shopping street.
PersonShape drawPersonShape(Rng& rng);

TriangleMesh makePedestrian(const PersonShape& shape, const PersonParts& parts);
/// A rider on a bicycle; the pedals turn with `shape.phase`.
TriangleMesh makeCyclist(const PersonShape& shape, const PersonParts& parts);
/// A rider in a helmet on a motorbike.
TriangleMesh makeMotorcyclist(const PersonShape& shape, const PersonParts& parts);

}  // namespace blindspot

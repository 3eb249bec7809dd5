#include "scenes/People.hpp"

#include <algorithm>
#include <cmath>

#include "scenes/Bicycle.hpp"
#include "scenes/BodySegment.hpp"
#include "scenes/HumanBody.hpp"

namespace blindspot {
namespace {

using Eigen::Vector3d;

void addCarried(TriangleMesh& m, const PersonShape& shape, const Skeleton& s, std::uint16_t part) {
    const double k = shape.height_m / 1.75, g = shape.girth;
    const Vector3d fwd = s.trunk.col(0), chest = (s.pelvis + s.neck) / 2 + 0.08 * k * s.trunk.col(2);
    switch (shape.carried) {
        case Carried::kBackpack:
            m.append(boxAt(chest - (0.06 * shape.height_m * g + 0.09 * k) * fwd,
                           Vector3d(0.16, 0.30, 0.40) * k, s.trunk, part));
            break;
        case Carried::kShoulderBag:
            m.append(boxAt(s.hip[1] - (0.10 * g + 0.05) * s.hips.col(1) + 0.08 * s.hips.col(2),
                           Vector3d(0.28, 0.09, 0.22) * k, s.hips, part));
            break;
        case Carried::kHandBag:
            m.append(boxAt(s.hand[1] - Vector3d(0, 0, 0.13), {0.32, 0.10, 0.24}, s.hips, part));
            break;
        case Carried::kBox:
            m.append(boxAt((s.hand[0] + s.hand[1]) / 2 + 0.05 * fwd + Vector3d(0, 0, 0.10),
                           {0.34, 0.42, 0.30}, s.trunk, part));
            break;
        case Carried::kNothing:
            break;
    }
}

// The rider's body on `ride`; a motorcyclist's helmet grows the head by 3-4 cm all round, in the
// jacket's material.
TriangleMesh rider(const PersonShape& shape, const RideFrame& ride, const PersonParts& p,
                   bool helmet) {
    TriangleMesh m = ride.mesh;
    const BodyShape body{shape.height_m, shape.girth};
    const Skeleton s = riderSkeleton(body, ride.seat, ride.rider_lean_deg, ride.pedals, ride.grips);
    m.append(bodyMesh(body, s, {p.skin, p.upper, p.lower}));
    if (shape.carried == Carried::kBackpack) addCarried(m, shape, s, p.upper);
    if (helmet) m.append(ellipsoidAt(s.head, {0.15, 0.13, 0.15}, s.trunk, p.upper));
    return m;
}

}  // namespace

PersonShape drawPersonShape(Rng& rng) {
    PersonShape s;
    s.height_m = rng.chance(0.15) ? rng.uniform(1.0, 1.45)
                                  : std::clamp(1.71 + 0.09 * gaussian(rng), 1.5, 2.0);
    s.girth = rng.uniform(0.85, 1.3);
    s.phase = rng.uniform(0, 1);
    const double g = rng.uniform(0, 1);
    s.gait = g < 0.50 ? Gait::kWalking
             : g < 0.75 ? Gait::kStanding
             : g < 0.85 ? Gait::kTurning
             : g < 0.93 ? Gait::kRunning
                        : Gait::kCarrying;
    const double c = rng.uniform(0, 1);
    s.carried = s.gait == Gait::kCarrying ? Carried::kBox
                : c < 0.20                ? Carried::kBackpack
                : c < 0.35                ? Carried::kShoulderBag
                : c < 0.45                ? Carried::kHandBag
                                          : Carried::kNothing;
    return s;
}

TriangleMesh makePedestrian(const PersonShape& shape, const PersonParts& p) {
    const BodyShape body{shape.height_m, shape.girth};
    const Skeleton s = posedSkeleton(body, gaitPose(shape.gait, shape.phase));
    TriangleMesh m = bodyMesh(body, s, {p.skin, p.upper, p.lower});
    addCarried(m, shape, s, p.upper);
    return m;
}

TriangleMesh makeCyclist(const PersonShape& shape, const PersonParts& p) {
    return rider(shape, makeBicycle(shape.phase, p.vehicle), p, false);
}

TriangleMesh makeMotorcyclist(const PersonShape& shape, const PersonParts& p) {
    return rider(shape, makeMotorbike(p.vehicle, p.tyres), p, true);
}

}  // namespace blindspot

#include "scenes/People.hpp"

#include <cmath>
#include <utility>

namespace blindspot {
namespace {

using Eigen::Vector3d;

// A box of `size` whose centre is `centre`, turned about the y axis by `pitch_rad`.
TriangleMesh segment(const Vector3d& centre, const Vector3d& size, double pitch_rad,
                     std::uint16_t part) {
    Eigen::Isometry3d T = Eigen::Isometry3d::Identity();
    T.linear() = Eigen::AngleAxisd(pitch_rad, Vector3d::UnitY()).toRotationMatrix();
    T.translation() = centre;
    return withPart(transformed(makeBox(size.x(), size.y(), size.z()), T), part);
}

// A limb of length `length` hanging from `top`, swung forward by `swing_rad` about y.
TriangleMesh hangingLimb(const Vector3d& top, double length, double thickness, double swing_rad,
                         std::uint16_t part) {
    const Vector3d dir(-std::sin(swing_rad), 0, -std::cos(swing_rad));  // swing > 0: forward (+x)
    return segment(top + dir * (length / 2), {thickness, thickness, length}, -swing_rad, part);
}

// A thin box from a to b in the x-z plane at lateral offset y.
TriangleMesh tube(const Vector3d& a, const Vector3d& b, double thickness, std::uint16_t part) {
    const Vector3d d = b - a;
    const double pitch = std::atan2(d.x(), d.z());
    return segment((a + b) / 2, {thickness, thickness, d.norm()}, pitch, part);
}

void addHeadAndTorso(TriangleMesh& m, const PersonShape& s, const Vector3d& hip, double lean_rad,
                     const PersonParts& p) {
    const double h = s.height_m, torso = 0.32 * h;
    const Vector3d up(std::sin(lean_rad), 0, std::cos(lean_rad));
    m.append(segment(hip + up * (torso / 2), {0.13 * h * s.girth, 0.26 * h * s.girth, torso},
                     lean_rad, p.clothes));
    Eigen::Isometry3d head = Eigen::Isometry3d::Identity();
    head.translation() = hip + up * (torso + 0.105 * h);  // a 0.03 h neck, then the head
    head.linear() = Eigen::Scaling(0.06 * h, 0.055 * h, 0.075 * h);
    m.append(withPart(transformed(makeSphere(1.0, 5, 8), head), p.skin));
}

}  // namespace

PersonShape drawPersonShape(Rng& rng) {
    PersonShape s;
    s.height_m = rng.chance(0.15) ? rng.uniform(1.0, 1.45) : rng.uniform(1.5, 1.95);
    s.girth = rng.uniform(0.85, 1.3);
    s.stride = rng.uniform(-1, 1);
    return s;
}

TriangleMesh makePedestrian(const PersonShape& s, const PersonParts& p) {
    TriangleMesh m;
    const double h = s.height_m, leg = 0.50 * h, swing = s.stride * 25.0 * M_PI / 180;
    const double hip_w = 0.09 * h * s.girth, shoulder_w = 0.15 * h * s.girth;
    const Vector3d hip(0, 0, leg);
    for (double side : {-1.0, 1.0}) {
        m.append(hangingLimb(hip + Vector3d(0, side * hip_w / 1.5, 0), leg, 0.075 * h, side * swing,
                             p.clothes));
        m.append(hangingLimb(hip + Vector3d(0, side * shoulder_w, 0.30 * h), 0.36 * h, 0.05 * h,
                             -side * swing * 0.8, p.skin));
    }
    addHeadAndTorso(m, s, hip, 0.0, p);
    return m;
}

TriangleMesh makeCyclist(const PersonShape& s, const PersonParts& p) {
    TriangleMesh m;
    const double wheel_r = 0.34, half_base = 0.525, h = s.height_m;
    // Wheels: 16 rim segments each (spokes are too thin for a 2 mrad beam to see reliably).
    for (double x : {-half_base, half_base})
        for (int k = 0; k < 16; ++k) {
            const double a0 = 2 * M_PI * k / 16, a1 = 2 * M_PI * (k + 1) / 16;
            m.append(tube({x + wheel_r * std::cos(a0), 0, wheel_r + wheel_r * std::sin(a0)},
                          {x + wheel_r * std::cos(a1), 0, wheel_r + wheel_r * std::sin(a1)}, 0.04,
                          p.bicycle));
        }
    const Vector3d rear(-half_base, 0, wheel_r), front(half_base, 0, wheel_r), crank(-0.05, 0, 0.3),
        seat(-0.2, 0, 0.9), head_tube(0.4, 0, 0.95), bar(0.38, 0, 1.05);
    const std::pair<Vector3d, Vector3d> frame[] = {
        {rear, crank},     {rear, seat},       {crank, seat},   {crank, head_tube},
        {seat, head_tube}, {head_tube, front}, {head_tube, bar}};
    for (const auto& [a, b] : frame) m.append(tube(a, b, 0.035, p.bicycle));
    m.append(segment(bar, {0.04, 0.55, 0.04}, 0.0, p.bicycle));
    // Rider: hips on the saddle, torso leaning forward, legs to the pedals, arms to the bar.
    const Vector3d hip = seat + Vector3d(0, 0, 0.05);
    const double lean = 0.6;  // rad forward: an upright city-bike posture
    addHeadAndTorso(m, s, hip, lean, p);
    const double phase = s.stride * M_PI;
    for (double side : {-1.0, 1.0}) {
        const double a = phase + (side > 0 ? 0 : M_PI);
        const Vector3d pedal =
            crank + Vector3d(0.17 * std::cos(a), side * 0.12, 0.17 * std::sin(a));
        const Vector3d hip_side = hip + Vector3d(0, side * 0.09 * h * s.girth, 0);
        const Vector3d knee = (hip_side + pedal) / 2 + Vector3d(0.2, 0, 0.1);
        m.append(tube(hip_side, knee, 0.075 * h, p.clothes));
        m.append(tube(knee, pedal, 0.065 * h, p.clothes));
        const Vector3d up(std::sin(lean), 0, std::cos(lean));
        const Vector3d shoulder = hip + up * (0.30 * h) + Vector3d(0, side * 0.15 * h, 0);
        m.append(tube(shoulder, bar + Vector3d(0, side * 0.25, 0), 0.05 * h, p.skin));
    }
    return m;
}

}  // namespace blindspot

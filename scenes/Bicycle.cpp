#include "scenes/Bicycle.hpp"

#include <cmath>
#include <utility>

#include "scenes/BodySegment.hpp"

namespace blindspot {
namespace {

using Eigen::Matrix3d;
using Eigen::Vector3d;

// Spokes from a hub flange to the rim, alternately on the wheel's two sides.
TriangleMesh spokedWheel(const Vector3d& hub, double rim_radius_m, int spokes, std::uint16_t part) {
    TriangleMesh m;
    for (int k = 0; k < spokes; ++k) {
        const double a = 2 * M_PI * k / spokes, flange_y = (k % 2 ? 0.03 : -0.03);
        m.append(taperedSegment(hub + Vector3d(0, flange_y, 0),
                                hub + rim_radius_m * Vector3d(std::cos(a), 0, std::sin(a)), 0.001,
                                0.001, part, 4));
    }
    m.append(taperedSegment(hub - Vector3d(0, 0.05, 0), hub + Vector3d(0, 0.05, 0), 0.02, 0.02, part));
    return m;
}

}  // namespace

RideFrame makeBicycle(double pedal_phase, std::uint16_t part) {
    RideFrame r;
    TriangleMesh& m = r.mesh;
    const double wheel_r = 0.34, half_base = 0.525;
    const Vector3d rear(-half_base, 0, wheel_r), front(half_base, 0, wheel_r);
    for (const Vector3d& hub : {rear, front}) {
        m.append(wheelRing(hub, 0.325, 0.017, part, 24));  // tyre
        m.append(wheelRing(hub, 0.30, 0.010, part, 24));   // rim
        m.append(spokedWheel(hub, 0.30, 36, part));
    }
    const Vector3d crank(-0.05, 0, 0.28), seat_top(-0.22, 0, 0.88), head_low(0.38, 0, 0.78),
        head_top(0.36, 0, 0.92), stem(0.33, 0, 1.02);
    const std::pair<Vector3d, Vector3d> tubes[] = {
        {crank, seat_top},  {crank, head_low},   {seat_top, head_top},
        {head_low, head_top}, {head_top, stem}};
    for (const auto& [a, b] : tubes) m.append(taperedSegment(a, b, 0.016, 0.016, part));
    for (double y : {-0.06, 0.06}) {  // chain and seat stays, fork blades
        m.append(taperedSegment(rear + Vector3d(0, y, 0), crank, 0.009, 0.011, part, 6));
        m.append(taperedSegment(rear + Vector3d(0, y, 0), seat_top, 0.008, 0.010, part, 6));
        m.append(taperedSegment(front + Vector3d(0, y, 0), head_low, 0.012, 0.014, part, 6));
    }
    m.append(taperedSegment(stem + Vector3d(0, -0.28, 0), stem + Vector3d(0, 0.28, 0), 0.012,
                            0.012, part, 6));
    m.append(ellipsoidAt(seat_top + Vector3d(0, 0, 0.06), {0.13, 0.07, 0.03},
                         Matrix3d::Identity(), part, 4, 8));
    m.append(wheelRing(crank, 0.10, 0.006, part, 16));  // chainring
    const double a = 2 * M_PI * pedal_phase;
    for (int i = 0; i < 2; ++i) {
        const double side = i == 0 ? 1.0 : -1.0, t = a + (i == 0 ? M_PI : 0.0);
        const Vector3d pedal = crank + Vector3d(0.17 * std::cos(t), side * 0.13, 0.17 * std::sin(t));
        m.append(taperedSegment(crank + Vector3d(0, side * 0.07, 0), pedal, 0.012, 0.010, part, 6));
        m.append(boxAt(pedal, {0.09, 0.08, 0.02}, Matrix3d::Identity(), part));
        r.pedals[i] = pedal + Vector3d(0, 0, 0.03);
        r.grips[i] = stem + Vector3d(0.02, side * 0.25, 0);
    }
    r.seat = seat_top + Vector3d(-0.02, 0, 0.12);
    r.rider_lean_deg = 30;  // an upright city-bike posture
    return r;
}

RideFrame makeMotorbike(std::uint16_t body, std::uint16_t tyres) {
    RideFrame r;
    TriangleMesh& m = r.mesh;
    const double wheel_r = 0.31, half_base = 0.71;
    const Vector3d rear(-half_base, 0, wheel_r), front(half_base, 0, wheel_r);
    const Matrix3d I = Matrix3d::Identity();
    for (const Vector3d& hub : {rear, front}) {
        m.append(wheelRing(hub, wheel_r - 0.06, 0.06, tyres, 24));
        m.append(taperedSegment(hub - Vector3d(0, 0.04, 0), hub + Vector3d(0, 0.04, 0), 0.22, 0.22,
                                body, 16));  // rim and brake disc seen as one
    }
    m.append(boxAt({0.0, 0, 0.45}, {0.55, 0.34, 0.38}, I, body));                     // engine
    m.append(ellipsoidAt({0.22, 0, 0.86}, {0.30, 0.18, 0.13}, I, body));             // tank
    m.append(boxAt({-0.35, 0, 0.80}, {0.60, 0.28, 0.12}, I, body));                  // seat
    m.append(boxAt({-0.62, 0, 0.72}, {0.40, 0.20, 0.16}, I, body));                  // tail
    m.append(taperedSegment({-0.35, -0.2, 0.35}, {-0.85, -0.2, 0.45}, 0.05, 0.05, body));  // exhaust
    const Vector3d head(0.50, 0, 0.95), bar(0.42, 0, 1.08);
    for (double y : {-0.09, 0.09})
        m.append(taperedSegment(front + Vector3d(0, y, 0), head + Vector3d(0, y, 0), 0.025, 0.025,
                                body));
    m.append(ellipsoidAt(head + Vector3d(0.1, 0, 0.02), {0.12, 0.16, 0.14}, I, body));  // lamp
    m.append(taperedSegment(bar + Vector3d(0, -0.36, 0), bar + Vector3d(0, 0.36, 0), 0.014, 0.014,
                            body, 6));
    for (int i = 0; i < 2; ++i) {
        const double side = i == 0 ? 1.0 : -1.0;
        r.pedals[i] = Vector3d(-0.15, side * 0.24, 0.38);  // footrests
        r.grips[i] = bar + Vector3d(0, side * 0.32, 0);
    }
    r.seat = Vector3d(-0.30, 0, 0.92);
    r.rider_lean_deg = 20;
    return r;
}

}  // namespace blindspot

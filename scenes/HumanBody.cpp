#include "scenes/HumanBody.hpp"

#include <algorithm>
#include <cmath>

#include "scenes/BodySegment.hpp"

namespace blindspot {
namespace {

using Eigen::Matrix3d;
using Eigen::Vector3d;

constexpr double kDeg = M_PI / 180.0;
constexpr double kHeelRadius = 0.022, kToeRadius = 0.018;  // of the height

Matrix3d rotY(double deg) { return Eigen::AngleAxisd(deg * kDeg, Vector3d::UnitY()).matrix(); }
Matrix3d rotX(double deg) { return Eigen::AngleAxisd(deg * kDeg, Vector3d::UnitX()).matrix(); }
Matrix3d rotZ(double deg) { return Eigen::AngleAxisd(deg * kDeg, Vector3d::UnitZ()).matrix(); }

// A limb hanging down (-z), swung outward by `abduct_deg` (side +1: left, toward +y), then
// forward by `flex_deg` (positive flexion swings it toward +x).
Vector3d limbDirection(double flex_deg, double abduct_deg, double side) {
    return rotY(-flex_deg) * rotX(side * abduct_deg) * Vector3d(0, 0, -1);
}

// A child's head is a larger share of its height: 1 for adults (1.6 m and taller), 1.5 at 1.0 m.
double childScale(double height_m) { return std::clamp(1.0 + (1.6 - height_m) / 0.6 * 0.5, 1.0, 1.5); }

void placeFoot(Skeleton& s, int i, const BodyLengths& L, const Vector3d& forward_dir) {
    s.heel[i] = s.ankle[i] - 0.25 * L.foot * forward_dir - 0.5 * L.ankle_height * s.hips.col(2);
    s.toe[i] = s.ankle[i] + 0.75 * L.foot * forward_dir - 0.5 * L.ankle_height * s.hips.col(2);
}

}  // namespace

BodyLengths bodyLengths(const BodyShape& shape) {
    const double h = shape.height_m, k = childScale(h), g = std::sqrt(shape.girth);
    BodyLengths L;
    L.head = 0.130 * h * k;
    L.neck = 0.052 * h;
    L.hip_height = (0.530 - 0.10 * (k - 1)) * h;
    L.ankle_height = 0.039 * h;
    L.thigh = (L.hip_height - L.ankle_height) * 0.245 / 0.491;
    L.shank = (L.hip_height - L.ankle_height) * 0.246 / 0.491;
    L.foot = 0.152 * h;
    L.trunk = h - L.head - L.neck - L.hip_height;
    L.upper_arm = 0.186 * h;
    L.forearm = 0.146 * h;
    L.hand = 0.108 * h;
    L.hip_half_width = 0.055 * h * g;
    L.shoulder_half_width = 0.105 * h * g;
    return L;
}

Vector3d middleJoint(const Vector3d& root, const Vector3d& target, double first_m, double second_m,
                     const Vector3d& bend) {
    const Vector3d to = target - root;
    const Vector3d dir = to.norm() > 1e-9 ? Vector3d(to.normalized()) : Vector3d(0, 0, -1);
    const double d = std::clamp(to.norm(), std::fabs(first_m - second_m) + 1e-6,
                                first_m + second_m - 1e-6);
    const double along = (first_m * first_m - second_m * second_m + d * d) / (2 * d);
    const double across = std::sqrt(std::max(0.0, first_m * first_m - along * along));
    Vector3d perp = bend - bend.dot(dir) * dir;
    perp = perp.norm() > 1e-9 ? Vector3d(perp.normalized()) : dir.unitOrthogonal();
    return root + along * dir + across * perp;
}

Skeleton posedSkeleton(const BodyShape& shape, const HumanPose& pose) {
    const BodyLengths L = bodyLengths(shape);
    Skeleton s;
    s.trunk = rotZ(pose.trunk_twist_deg) * rotY(pose.trunk_lean_deg);
    s.head_yaw_rad = pose.head_yaw_deg * kDeg;
    s.pelvis = Vector3d::Zero();
    s.neck = s.pelvis + L.trunk * s.trunk.col(2);
    s.head = s.neck + (L.neck + L.head / 2) * s.trunk.col(2);
    for (int i = 0; i < 2; ++i) {
        const double side = i == 0 ? 1.0 : -1.0;
        const LimbAngles& a = pose.limbs[i];
        s.hip[i] = s.pelvis + side * L.hip_half_width * s.hips.col(1);
        s.knee[i] = s.hip[i] + L.thigh * limbDirection(a.hip_flex_deg, a.hip_abduct_deg, side);
        const double shank_deg = a.hip_flex_deg - a.knee_flex_deg;
        s.ankle[i] = s.knee[i] + L.shank * limbDirection(shank_deg, a.hip_abduct_deg, side);
        // The foot lies flat while the shank is within 10 deg of upright, then tilts with it:
        // toes up at heel strike, down at push-off.
        const double tilt = std::clamp(std::copysign(std::max(0.0, std::fabs(shank_deg) - 10.0),
                                                     shank_deg), -30.0, 20.0);
        placeFoot(s, i, L, rotY(-tilt) * Vector3d::UnitX());
        s.shoulder[i] = s.neck + side * L.shoulder_half_width * s.trunk.col(1) -
                        0.02 * shape.height_m * s.trunk.col(2);
        const double abduct = a.shoulder_abduct_deg;
        s.elbow[i] = s.shoulder[i] +
                     L.upper_arm * s.trunk * limbDirection(a.shoulder_flex_deg, abduct, side);
        const Vector3d fore = s.trunk * limbDirection(a.shoulder_flex_deg + a.elbow_flex_deg,
                                                      abduct, side);
        s.wrist[i] = s.elbow[i] + L.forearm * fore;
        s.hand[i] = s.wrist[i] + L.hand * fore;
    }
    // Stand on the lowest point of either foot: its sole, the foot's radius below heel and toe
    // (kHeelRadius, kToeRadius of bodyMesh).
    double lowest = 1e9;
    for (int i = 0; i < 2; ++i)
        lowest = std::min({lowest, s.heel[i].z() - kHeelRadius * shape.height_m,
                           s.toe[i].z() - kToeRadius * shape.height_m});
    const Vector3d up(0, 0, -lowest);
    for (Vector3d* p : {&s.pelvis, &s.neck, &s.head}) *p += up;
    for (auto* joints : {&s.hip, &s.knee, &s.ankle, &s.heel, &s.toe, &s.shoulder, &s.elbow,
                         &s.wrist, &s.hand})
        for (Vector3d& p : *joints) p += up;
    return s;
}

Skeleton riderSkeleton(const BodyShape& shape, const Vector3d& seat, double lean_deg,
                       const std::array<Vector3d, 2>& pedals, const std::array<Vector3d, 2>& grips) {
    const BodyLengths L = bodyLengths(shape);
    Skeleton s;
    s.trunk = rotY(lean_deg);
    s.pelvis = seat;
    s.neck = s.pelvis + L.trunk * s.trunk.col(2);
    s.head = s.neck + (L.neck + L.head / 2) * s.trunk.col(2);
    for (int i = 0; i < 2; ++i) {
        const double side = i == 0 ? 1.0 : -1.0;
        s.hip[i] = s.pelvis + side * L.hip_half_width * s.hips.col(1);
        s.knee[i] = middleJoint(s.hip[i], pedals[i], L.thigh, L.shank, Vector3d(1, 0, 0.3));
        s.ankle[i] = s.knee[i] + L.shank * (pedals[i] - s.knee[i]).normalized();
        placeFoot(s, i, L, Vector3d::UnitX());
        s.shoulder[i] = s.neck + side * L.shoulder_half_width * s.trunk.col(1) -
                        0.02 * shape.height_m * s.trunk.col(2);
        s.elbow[i] = middleJoint(s.shoulder[i], grips[i], L.upper_arm, L.forearm,
                                 Vector3d(-0.3, side * 0.5, -1));
        const Vector3d fore = (grips[i] - s.elbow[i]).normalized();
        s.wrist[i] = s.elbow[i] + L.forearm * fore;
        s.hand[i] = s.wrist[i] + 0.7 * L.hand * fore;
    }
    return s;
}

TriangleMesh bodyMesh(const BodyShape& shape, const Skeleton& s, const BodyParts& p) {
    const double h = shape.height_m, g = shape.girth, k = childScale(h);
    const BodyLengths L = bodyLengths(shape);
    TriangleMesh m;
    const Vector3d hips_up = s.hips.col(2), up = s.trunk.col(2);
    // Pelvis and abdomen, then the chest (elliptic: wider than deep), turned with the trunk.
    const Vector3d waist = s.pelvis + 0.12 * h * up;
    m.append(ellipticSegment(s.pelvis - 0.06 * h * hips_up, waist, {0.095 * h * g, 0.07 * h * g},
                             {0.085 * h * g, 0.065 * h * g}, s.hips.col(1), p.lower));
    m.append(ellipticSegment(waist, s.neck - 0.01 * h * up, {0.085 * h * g, 0.065 * h * g},
                             {0.10 * h * g, 0.06 * h * g}, s.trunk.col(1), p.upper));
    m.append(taperedSegment(s.neck - 0.01 * h * up, s.neck + L.neck * up, 0.03 * h, 0.027 * h,
                            p.skin));
    const Matrix3d head_axes = rotZ(s.head_yaw_rad / kDeg) * s.trunk;
    m.append(ellipsoidAt(s.head, {0.056 * h * std::sqrt(k), 0.046 * h * std::sqrt(k), L.head / 2},
                         head_axes, p.skin));
    for (int i = 0; i < 2; ++i) {
        m.append(ellipsoidAt(s.shoulder[i], Vector3d::Constant(0.032 * h * g), s.trunk, p.upper, 4,
                             8));
        m.append(taperedSegment(s.shoulder[i], s.elbow[i], 0.027 * h * g, 0.022 * h * g, p.upper));
        m.append(taperedSegment(s.elbow[i], s.wrist[i], 0.021 * h * g, 0.015 * h * g, p.skin));
        m.append(ellipticSegment(s.wrist[i], s.hand[i], {0.018 * h, 0.008 * h},
                                 {0.014 * h, 0.007 * h}, s.trunk.col(0), p.skin, 6));
        m.append(taperedSegment(s.hip[i], s.knee[i], 0.05 * h * g, 0.033 * h * g, p.lower));
        m.append(taperedSegment(s.knee[i], s.ankle[i], 0.032 * h * g, 0.02 * h * g, p.lower));
        m.append(taperedSegment(s.heel[i], s.toe[i], kHeelRadius * h, kToeRadius * h, p.lower, 6));
    }
    return m;
}

}  // namespace blindspot

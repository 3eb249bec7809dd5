#include "scenes/BodySegment.hpp"

#include <algorithm>
#include <cmath>

namespace blindspot {
namespace {

using Eigen::Vector3d;

// A unit vector perpendicular to `axis`, as near `hint` as possible.
Vector3d perpendicular(const Vector3d& axis, const Vector3d& hint) {
    Vector3d p = hint - hint.dot(axis) * axis;
    if (p.norm() < 1e-6) p = axis.unitOrthogonal();
    return p.normalized();
}

}  // namespace

TriangleMesh ellipticSegment(const Vector3d& a, const Vector3d& b, const Eigen::Vector2d& semi_a_m,
                             const Eigen::Vector2d& semi_b_m, const Vector3d& lateral,
                             std::uint16_t part, int sides) {
    TriangleMesh mesh;
    const Vector3d axis = (b - a).normalized();
    const Vector3d u = perpendicular(axis, lateral), v = axis.cross(u);
    const int n = std::max(3, sides);
    for (int i = 0; i < n; ++i) {
        const double t = 2.0 * M_PI * i / n, c = std::cos(t), s = std::sin(t);
        mesh.vertices_m.push_back((a + semi_a_m.x() * c * u + semi_a_m.y() * s * v).cast<float>());
        mesh.vertices_m.push_back((b + semi_b_m.x() * c * u + semi_b_m.y() * s * v).cast<float>());
    }
    const int bottom = 2 * n, top = 2 * n + 1;
    mesh.vertices_m.push_back(a.cast<float>());
    mesh.vertices_m.push_back(b.cast<float>());
    for (int i = 0; i < n; ++i) {  // u, v, axis is right-handed: counter-clockwise from outside
        const int j = (i + 1) % n, a0 = 2 * i, b0 = 2 * i + 1, a1 = 2 * j, b1 = 2 * j + 1;
        mesh.triangles.emplace_back(a0, a1, b1);
        mesh.triangles.emplace_back(a0, b1, b0);
        mesh.triangles.emplace_back(bottom, a1, a0);
        mesh.triangles.emplace_back(top, b0, b1);
    }
    mesh.triangle_part.assign(mesh.triangles.size(), part);
    return mesh;
}

TriangleMesh taperedSegment(const Vector3d& a, const Vector3d& b, double radius_a_m,
                            double radius_b_m, std::uint16_t part, int sides) {
    return ellipticSegment(a, b, {radius_a_m, radius_a_m}, {radius_b_m, radius_b_m},
                           Vector3d::UnitZ(), part, sides);
}

TriangleMesh ellipsoidAt(const Vector3d& centre, const Vector3d& semi_m, const Eigen::Matrix3d& axes,
                         std::uint16_t part, int rings, int sides) {
    Eigen::Isometry3d T = Eigen::Isometry3d::Identity();
    T.linear() = axes * semi_m.asDiagonal();
    T.translation() = centre;
    return withPart(transformed(makeSphere(1.0, rings, sides), T), part);
}

TriangleMesh boxAt(const Vector3d& centre, const Vector3d& size_m, const Eigen::Matrix3d& axes,
                   std::uint16_t part) {
    Eigen::Isometry3d T = Eigen::Isometry3d::Identity();
    T.linear() = axes;
    T.translation() = centre;
    return withPart(transformed(makeBox(size_m.x(), size_m.y(), size_m.z()), T), part);
}

TriangleMesh wheelRing(const Vector3d& centre, double radius_m, double tube_radius_m,
                       std::uint16_t part, int segments) {
    TriangleMesh mesh;
    for (int k = 0; k < segments; ++k) {
        const double a0 = 2 * M_PI * k / segments, a1 = 2 * M_PI * (k + 1) / segments;
        mesh.append(taperedSegment(centre + radius_m * Vector3d(std::cos(a0), 0, std::sin(a0)),
                                   centre + radius_m * Vector3d(std::cos(a1), 0, std::sin(a1)),
                                   tube_radius_m, tube_radius_m, part, 6));
    }
    return mesh;
}

}  // namespace blindspot

#pragma once
// Closed, tapered tubes and ellipsoids: the pieces the people, bicycles and motorbikes are built
// from. A LiDAR at 0.1-0.4 deg resolution sees a limb as a few returns across, so eight sides
// keep a limb's silhouette within 1 cm of a circle's at human sizes (r (1 - cos(pi / 8)) = 8 % of
// a 5 cm radius) for a small share of the triangles of a car.
#include <Eigen/Geometry>
#include <cstdint>

#include "core/geometry/TriangleMesh.hpp"

namespace blindspot {

/// A tube from `a` to `b` whose cross-section is an ellipse: semi-axes `semi_a_m` (along
/// `lateral`, then across it) at `a`, `semi_b_m` at `b`; both ends closed. `lateral` need not be
/// perpendicular to the axis (its perpendicular part is used); any direction for a round tube.
TriangleMesh ellipticSegment(const Eigen::Vector3d& a, const Eigen::Vector3d& b,
                             const Eigen::Vector2d& semi_a_m, const Eigen::Vector2d& semi_b_m,
                             const Eigen::Vector3d& lateral, std::uint16_t part, int sides = 10);

/// A round tube, radius `radius_a_m` at `a` and `radius_b_m` at `b`.
TriangleMesh taperedSegment(const Eigen::Vector3d& a, const Eigen::Vector3d& b, double radius_a_m,
                            double radius_b_m, std::uint16_t part, int sides = 8);

/// An ellipsoid centred on `centre`, semi-axes `semi_m` along the columns of `axes`.
TriangleMesh ellipsoidAt(const Eigen::Vector3d& centre, const Eigen::Vector3d& semi_m,
                         const Eigen::Matrix3d& axes, std::uint16_t part, int rings = 6,
                         int sides = 10);

/// A box of `size_m` centred on `centre`, its edges along the columns of `axes`.
TriangleMesh boxAt(const Eigen::Vector3d& centre, const Eigen::Vector3d& size_m,
                   const Eigen::Matrix3d& axes, std::uint16_t part);

/// A ring of `segments` round tubes: a wheel's rim or tyre, in the x-z plane through `centre`.
TriangleMesh wheelRing(const Eigen::Vector3d& centre, double radius_m, double tube_radius_m,
                       std::uint16_t part, int segments = 20);

}  // namespace blindspot

#pragma once
// Triangle meshes in their own frame (metres) and the analytic primitives the scene JSON offers.
#include <Eigen/Geometry>
#include <array>
#include <cstdint>
#include <vector>

namespace blindspot {

/// Triangles are counter-clockwise seen from outside, so (b - a) x (c - a) points outward.
struct TriangleMesh {
    std::vector<Eigen::Vector3f> vertices_m;
    std::vector<Eigen::Vector3i> triangles;
    /// Part index per triangle (paint, glass, tyre, ...), indexing an instance's material table.
    /// Empty means every triangle is part 0.
    std::vector<std::uint16_t> triangle_part;

    std::size_t triangleCount() const { return triangles.size(); }
    int partCount() const;
    /// Appends `other`, offsetting its indices and shifting its parts by `part_offset`.
    void append(const TriangleMesh& other, std::uint16_t part_offset = 0);
};

/// Volume enclosed by a closed mesh (m^3): positive when the triangles wind outward.
double signedVolume(const TriangleMesh& mesh);
/// True when every edge is shared by exactly two triangles that traverse it in opposite
/// directions: the mesh is closed and consistently oriented.
bool isClosedAndOriented(const TriangleMesh& mesh);
/// Reverses every triangle's winding.
void flipWinding(TriangleMesh& mesh);
/// Flips a closed mesh whose triangles wind inward.
void orientOutward(TriangleMesh& mesh);
/// The mesh with every vertex mapped by `parent_from_mesh` (metres).
TriangleMesh transformed(TriangleMesh mesh, const Eigen::Isometry3d& parent_from_mesh);
/// The mesh with every triangle's part set to `part`.
TriangleMesh withPart(TriangleMesh mesh, std::uint16_t part);
/// Axis-aligned bounds: {min, max}.
std::array<Eigen::Vector3f, 2> bounds(const TriangleMesh& mesh);

/// A square-ish plane in z = 0 centred on the origin, normal +z, split into cells.
TriangleMesh makePlane(double size_x_m, double size_y_m, int cells_per_side = 1);
/// An axis-aligned box centred on the origin.
TriangleMesh makeBox(double size_x_m, double size_y_m, double size_z_m);
/// A closed cylinder along z, centred on the origin.
TriangleMesh makeCylinder(double radius_m, double height_m, int segments = 32);
/// A UV sphere centred on the origin.
TriangleMesh makeSphere(double radius_m, int rings = 16, int segments = 32);

}  // namespace blindspot
